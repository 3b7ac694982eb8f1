// Push: each changed file is sent once, through the same guarded save as a `wsa:` file, with its
// base tokens. A stale token is answered with a 3-way merge against the real base: a clean merge is
// written into the file for the user to look at and push again; an overlap is reported and the file
// left exactly as it was. After a save the state holds the new base. vscode-free.
import * as l10n from '@vscode/l10n';
import { FILE_VIEWS } from '../../kinds/resourceKinds';
import { mergeTexts } from '../../documents/model/merge';
import { filePath, FILE_SCHEME } from '../../kinds/resourcePath';
import type { ServerSnapshot } from '../../documents/model/saveTypes';
import { findBaseText } from './folderBase';
import { kindOfView, readLocalFile, type FolderContext } from './folderContext';
import { mapPool } from './folderPool';
import { describeFailure } from './folderMessages';
import { readRemote, sameTokens } from './folderRemote';
import { FolderStateError, ignoredNotes, writeBaseCopy, writeLocal, type FileEntry, type FolderState } from './folderState';
import { sameText, textHash, withEolOf } from './folderText';
import type { PushFileResult, PushReport } from './folderTypes';

/** How many local files a push reads at once to find the changed ones. */
const LOOK_AHEAD = 16;

/**
 * How often a push writes what it saved into the state file: at most once this often, and at its
 * end. Written after every file, a push of k files in a folder of n rewrote n entries k times. A
 * push stopped between two checkpoints loses no edit: a file saved since the last one still has its
 * old tokens, so the next push reads the service, finds it holds the file's text, and only moves
 * the base.
 */
export const STATE_CHECKPOINT_MS = 1_000;

/** Records what a push changed in the state: the state file is written at the next checkpoint. */
type Recorded = () => Promise<void>;

export interface PushOptions {
  /** Paths relative to the folder (with `/`, as the status names them); default: every changed file. */
  files?: readonly string[];
}

/** The service's text `theirs`, merged by hand into the file, becomes its base when the service still holds it (LocalFolder.adoptTheirs). */
export async function adoptTheirs(ctx: FolderContext, path: string, theirs: string): Promise<boolean> {
  const state = await ctx.requireState();
  const entry = state.files[path];
  if (!entry?.tokens) return false;
  const remote = await readRemote(ctx.reader, ctx.fileOf(state, entry));
  if (remote.status !== 'present' || !sameText(remote.text, theirs)) return false;
  await ctx.adopt(state, path, entry, remote);
  await ctx.writeState(state);
  return true;
}

/** Pushes the folder of `ctx` (the caller runs pulls and pushes of one folder one after another). */
export async function pushFolder(ctx: FolderContext, options: PushOptions = {}): Promise<PushReport> {
  const state = await ctx.requireState();
  const paths = options.files ?? Object.keys(state.files);
  for (const path of paths) {
    if (state.ignored && Object.hasOwn(state.ignored, path))
      throw new FolderStateError(
        l10n.t('{0} is not where a pull writes a file: its state entry is ignored and it is not pushed.', JSON.stringify(path)),
      );
    if (!state.files[path])
      throw new FolderStateError(l10n.t('{0} is not a file of this folder’s state; pull it first.', JSON.stringify(path)));
  }
  // Which files changed is found for all at once (reads only, their texts dropped): a push of one
  // file in a folder of 10,000 waits for the disk, not for 10,000 reads in a row.
  const unchanged = await mapPool(paths, LOOK_AHEAD, async (path) => {
    const read = await readLocalFile(ctx.folder, path);
    return read.kind === 'text' && textHash(read.text) === state.files[path]!.hash;
  });
  const files: PushFileResult[] = [];
  let pending = false;
  let written = performance.now();
  const recorded: Recorded = async () => {
    pending = true;
    if (performance.now() - written < STATE_CHECKPOINT_MS) return;
    pending = false;
    await ctx.writeState(state);
    written = performance.now();
  };
  try {
    // One file after another, each save recorded in the state before the next is sent.
    for (const [i, path] of paths.entries()) {
      const entry = state.files[path]!;
      files.push(
        unchanged[i]
          ? { path, kind: kindOfView(entry), view: entry.view, id: entry.id, outcome: 'unchanged' }
          : await pushOne(ctx, state, path, entry, recorded),
      );
    }
  } finally {
    // Also when a file's push threw: what was saved before it is kept.
    if (pending) await ctx.writeState(state);
  }
  return { files, notes: ignoredNotes(state) };
}

async function pushOne(
  ctx: FolderContext,
  state: FolderState,
  path: string,
  entry: FileEntry,
  recorded: Recorded,
): Promise<PushFileResult> {
  const view = FILE_VIEWS[entry.view];
  const out = { path, kind: view.kind, view: entry.view, id: entry.id };
  // Never read through a link: a push would send the target's text (a CI job's secrets) to the service.
  const read = await readLocalFile(ctx.folder, path);
  if (read.kind === 'notRegular') return { ...out, outcome: 'notRegular', message: read.message };
  if (read.kind === 'unreadable') return { ...out, outcome: 'failed', message: read.message };
  if (read.kind === 'missing') return { ...out, outcome: 'deletedLocally' };
  const local = read.text;
  if (textHash(local) === entry.hash) return { ...out, outcome: 'unchanged' };
  if (view.readOnly || !entry.tokens)
    return { ...out, outcome: 'readOnly', message: l10n.t('{0} is read-only: {1}.', path, view.readOnly ?? '') };
  const file = ctx.fileOf(state, entry);
  // A cheap read first: when the service moved since the base, nothing is sent with the old token.
  const remote = await readRemote(ctx.reader, file);
  if (remote.status === 'gone') return { ...out, outcome: 'goneRemote' };
  if (remote.status === 'error') return { ...out, outcome: 'failed', message: remote.message };
  const known = await findBaseText(ctx.folder, path, entry, ctx.options.client, remote, undefined, ctx.layout);
  if (!sameTokens(entry.tokens, remote.snapshot?.tokens))
    return settleMoved(ctx, state, path, entry, known, local, remote.snapshot!, recorded);
  // The service still holds the base state, so its text is the base when no copy says otherwise.
  const baseText = known ?? remote.text;
  const base: ServerSnapshot = {
    text: baseText,
    tokens: entry.tokens,
    label: entry.label ?? '',
    ...(entry.revision ? { revision: entry.revision } : {}),
  };
  // Sent with the service's line endings: a CRLF checkout does not rewrite every line there.
  const text = withEolOf(local, baseText);
  const result = await ctx.flow.save({ file, uri: `${FILE_SCHEME}:${filePath(file)}`, text, base });
  switch (result.status) {
    case 'saved': {
      const s = result.snapshot;
      state.files[path] = {
        ...entry,
        tokens: s.tokens,
        label: s.label,
        hash: textHash(text),
        ...(s.revision ? { revision: s.revision } : {}),
      };
      await writeBaseCopy(ctx.folder, path, text, ctx.layout.baseDir);
      await recorded();
      return {
        ...out,
        outcome: 'pushed',
        confirmedBy: result.confirmedBy,
        ...(result.warnings.length ? { problems: result.warnings } : {}),
      };
    }
    case 'conflict':
      return settleMoved(ctx, state, path, entry, baseText, local, result.conflict.latest, recorded);
    case 'invalid':
      return {
        ...out,
        outcome: 'refused',
        problems: [...result.problems].sort((a, b) => Number(b.severity === 'error') - Number(a.severity === 'error')),
        message: l10n.t('{0} was not sent: it has problems to fix first.', path),
      };
    case 'failed':
      return { ...out, outcome: 'failed', message: describeFailure(result.error) };
  }
}

/**
 * The service moved past the base: a 3-way merge with the real base. A clean one is written into
 * the file and the base moves to `latest` (pushed by the next run, after the user looked); an
 * overlap, or no known base, leaves the file exactly as it was.
 */
async function settleMoved(
  ctx: FolderContext,
  state: FolderState,
  path: string,
  entry: FileEntry,
  baseText: string | undefined,
  local: string,
  latest: ServerSnapshot,
  recorded: Recorded,
): Promise<PushFileResult> {
  const out = { path, kind: FILE_VIEWS[entry.view].kind, view: entry.view, id: entry.id };
  const adoptLatest = () => ctx.adopt(state, path, entry, { status: 'present', text: latest.text, snapshot: latest });
  if (sameText(local, latest.text)) {
    // The service already holds this text: only the base moves.
    await adoptLatest();
    await recorded();
    return { ...out, outcome: 'unchanged' };
  }
  const merged = baseText === undefined ? undefined : mergeTexts(baseText, local, latest.text);
  if (!merged?.clean) {
    ctx.log.debug(`[Folders] ${path}: the service moved to ${latest.label} and the changes overlap; the file is left as it was.`);
    return {
      ...out,
      outcome: 'conflict',
      conflict: { ...(baseText === undefined ? {} : { base: baseText }), theirs: latest.text, mine: local, theirsLabel: latest.label },
      message:
        baseText === undefined
          ? l10n.t('{0} changed on the service ({1}) and its base text is not known: compare the two, then push again.', path, latest.label)
          : l10n.t('{0} changed on the service ({1}) where it changed here: merge the two, then push again.', path, latest.label),
    };
  }
  await writeLocal(ctx.folder, path, merged.text);
  await adoptLatest();
  await recorded();
  return {
    ...out,
    outcome: 'merged',
    message: l10n.t(
      '{0} changed on the service ({1}); the changes merged cleanly into the file: look at it, then push again.',
      path,
      latest.label,
    ),
  };
}
