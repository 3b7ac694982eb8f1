// The base text of a file: its copy in `.wsa/base/` (a push's), the pull's pack, or — in a fresh
// clone, where neither is committed — the service's text when the service still holds the base state, or the revision the
// tokens name. Whatever the source, a text is the base only when its hash is the state's hash.
import type { ServiceClient } from '../../api';
import { packedBase } from './folderBasePack';
import { DEFAULT_LAYOUT, type FolderLayout } from './folderLayout';
import type { RemoteState } from './folderRemote';
import { sameTokens } from './folderRemote';
import { readBaseCopy, writeBaseCopy, type FileEntry } from './folderState';
import { textHash } from './folderText';

/** How a revision's value reads as a document: a source (dashboard TSX, handler code), or JSON. */
function revisionCandidates(value: Record<string, unknown>): string[] {
  const out = [`${JSON.stringify(value, null, 2)}\n`];
  if (typeof value.source === 'string') out.unshift(value.source);
  return out;
}

export async function findBaseText(
  folder: string,
  path: string,
  entry: FileEntry,
  client: () => ServiceClient,
  remote?: RemoteState,
  signal?: AbortSignal,
  layout: FolderLayout = DEFAULT_LAYOUT,
): Promise<string | undefined> {
  const copy = await readBaseCopy(folder, path, layout.baseDir);
  if (copy !== undefined && textHash(copy) === entry.hash) return copy;
  const packed = await packedBase(folder, entry.hash, layout.basePack);
  if (packed !== undefined) return packed;
  let found: string | undefined;
  if (remote?.status === 'present' && sameTokens(entry.tokens, remote.snapshot?.tokens) && textHash(remote.text) === entry.hash) {
    found = remote.text;
  } else if (entry.revision) {
    try {
      const revision = await client().getRevision(entry.revision.resourceId, entry.revision.revisionId, { signal });
      found = revisionCandidates(revision.value).find((t) => textHash(t) === entry.hash);
    } catch {
      // No history to read it from: the file is compared two-way.
      found = undefined;
    }
  }
  if (found !== undefined) await writeBaseCopy(folder, path, found, layout.baseDir);
  return found;
}
