// Revisions are immutable: once read, a revision is never requested again while the connection
// lasts. Concurrent reads of one revision share one request; a failed read is not cached.
import type { CallOptions, ServiceClient } from '../api';
import type { Revision } from '../api/schemas';

export class RevisionCache {
  private readonly entries = new Map<string, Promise<Revision>>();

  constructor(
    private readonly client: () => ServiceClient,
    private readonly maxEntries = 1_000,
  ) {}

  private static key(resourceId: string, revisionId: string): string {
    return `${resourceId}/${revisionId}`;
  }

  get(resourceId: string, revisionId: string, options?: CallOptions): Promise<Revision> {
    const key = RevisionCache.key(resourceId, revisionId);
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh its place in the least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = this.client().getRevision(resourceId, revisionId, options);
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    this.evict();
    return pending;
  }

  /** Records a revision read elsewhere, so that opening it makes no request. */
  put(revision: Revision): void {
    this.entries.set(RevisionCache.key(revision.resourceId, revision.id), Promise.resolve(revision));
    this.evict();
  }

  has(resourceId: string, revisionId: string): boolean {
    return this.entries.has(RevisionCache.key(resourceId, revisionId));
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
