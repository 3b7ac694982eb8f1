// Revisions are immutable: once read, a revision is never requested again while the connection
// lasts. Concurrent reads of one revision share one request; a failed read is not cached
// (PromiseCache's rule).
import type { CallOptions, ServiceClient } from '../../api';
import type { Revision } from '../../api/schemas';
import { PromiseCache } from '../../util/async';

export class RevisionCache {
  private readonly entries: PromiseCache<string, Revision>;

  constructor(
    private readonly client: () => ServiceClient,
    maxEntries = 1_000,
  ) {
    this.entries = new PromiseCache({ maxSize: maxEntries });
  }

  private static key(resourceId: string, revisionId: string): string {
    return `${resourceId}/${revisionId}`;
  }

  get(resourceId: string, revisionId: string, options?: CallOptions): Promise<Revision> {
    return this.entries.get(RevisionCache.key(resourceId, revisionId), () => this.client().getRevision(resourceId, revisionId, options));
  }

  /** Records a revision read elsewhere, so that opening it makes no request. */
  put(revision: Revision): void {
    this.entries.set(RevisionCache.key(revision.resourceId, revision.id), revision);
  }

  has(resourceId: string, revisionId: string): boolean {
    return this.entries.has(RevisionCache.key(resourceId, revisionId));
  }

  clear(): void {
    this.entries.clear();
  }
}
