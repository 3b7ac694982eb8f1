// The targets of a pulled folder as the Source Control view sees them, without `vscode` (Node unit
// tests): which targets have a state file (`.wsa/targets/<name>.json`, written by `wsa --target`),
// what the picker lists, whether the signed-in connection confirms a target, and whether a push to
// it asks first. The folder is input: a state file counts only under a name of the engine's
// grammar, as a regular file seen without following a link, and at most MAX_TARGET_STATES of them;
// the committed wsa.targets.json names where a target is, never where a key goes.
import * as l10n from '@vscode/l10n';
import { opendir } from 'node:fs/promises';
import { join } from 'node:path';
import { folderExists, inspect, NotRegularFileError } from '../engine/folderFiles';
import { FolderStateError, STATE_FILE } from '../engine/folderChecks';
import { sameConnection } from '../engine/folderContext';
import { TARGET_NAME, TARGETS_DIR } from '../engine/folderLayout';
import { MAX_TARGETS, type Stage, type TargetDef, type TargetsFile } from '../../environments/model/targets';

/** As many target states as a targets file may name targets. */
export const MAX_TARGET_STATES = MAX_TARGETS;
/** Entries of `.wsa/targets/` looked at before the search stops: the bases' folders and odd names count too. */
export const MAX_TARGET_ENTRIES = 1_000;

export interface TargetStates {
  /** The names with a state file, sorted; at most MAX_TARGET_STATES. */
  readonly names: readonly string[];
  /** More were there (names or entries) than the bounds let through: the rest are not listed. */
  readonly over: boolean;
}

/** `<name>.json` → `name`, when the name is a target's. */
export function targetOfStateName(entry: string): string | undefined {
  const name = entry.endsWith('.json') ? entry.slice(0, -'.json'.length) : undefined;
  return name !== undefined && TARGET_NAME.test(name) ? name : undefined;
}

/** Whether `rel` (a file of the folder, with `/`) is a target's state file: `.wsa/targets/<name>.json`. */
export function isTargetStatePath(rel: string): boolean {
  if (!rel.startsWith(`${TARGETS_DIR}/`)) return false;
  const entry = rel.slice(TARGETS_DIR.length + 1);
  return !entry.includes('/') && targetOfStateName(entry) !== undefined;
}

/** Whether `rel` stands as a regular file (a link, a FIFO or a folder there: no). */
async function isRegular(folder: string, rel: string): Promise<boolean> {
  try {
    return (await inspect(folder, rel)) === 'file';
  } catch (e) {
    if (e instanceof NotRegularFileError) return false;
    throw e;
  }
}

/**
 * The targets of `folder` that have a state file: `.wsa/targets/<name>.json`, each a regular file,
 * the directories on the way real ones (a link in place of `.wsa` or `targets/` lists nothing).
 */
export async function findTargetStates(folder: string): Promise<TargetStates> {
  try {
    if (!(await folderExists(folder, TARGETS_DIR))) return { names: [], over: false };
  } catch (e) {
    if (e instanceof NotRegularFileError) return { names: [], over: false };
    throw e;
  }
  const candidates: string[] = [];
  let seen = 0;
  let over = false;
  const dir = await opendir(join(folder, TARGETS_DIR));
  try {
    for await (const entry of dir) {
      if (++seen > MAX_TARGET_ENTRIES) {
        over = true;
        break;
      }
      const name = targetOfStateName(entry.name);
      if (name !== undefined) candidates.push(name);
    }
  } finally {
    // A loop left by `break` closes it already; closing twice is refused.
    await dir.close().catch(() => undefined);
  }
  const names: string[] = [];
  for (const name of candidates.sort()) {
    if (!(await isRegular(folder, `${TARGETS_DIR}/${name}.json`))) continue;
    if (names.length === MAX_TARGET_STATES) {
      over = true;
      break;
    }
    names.push(name);
  }
  return { names, over };
}

/** Whether the folder has a state of its own (`.wsa/state.json`, a regular file). */
export function hasSingleState(folder: string): Promise<boolean> {
  return isRegular(folder, STATE_FILE).catch((e: unknown) => {
    if (e instanceof FolderStateError) return false;
    throw e;
  });
}

/** One entry of the picker. */
export interface TargetChoice {
  /** The target's name; undefined for the folder's own state (`.wsa/state.json`). */
  readonly name: string | undefined;
  /** "host · workspace" when the targets file names it. */
  readonly description: string | undefined;
  readonly stage: Stage | undefined;
  readonly protected: boolean;
  /** Whether the folder has a state for it (pulled from it). */
  readonly pulled: boolean;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** "host · workspace" of a target. */
export function describeTarget(target: Pick<TargetDef, 'baseUrl' | 'workspace'>): string {
  return `${hostOf(target.baseUrl)} · ${target.workspace}`;
}

/**
 * What the picker lists: the folder's own state when it has one, then the targets file's targets in
 * its order, then the targets with a state file that the file does not name (a target removed from
 * the file keeps its tokens: still listed, and never protected by a file that no longer names it).
 */
export function targetChoices(file: TargetsFile | undefined, states: readonly string[], single: boolean): TargetChoice[] {
  const out: TargetChoice[] = [];
  if (single) out.push({ name: undefined, description: undefined, stage: undefined, protected: false, pulled: true });
  const named = new Set<string>();
  for (const t of file?.targets ?? []) {
    named.add(t.name);
    out.push({ name: t.name, description: describeTarget(t), stage: t.stage, protected: t.protected, pulled: states.includes(t.name) });
  }
  for (const name of states)
    if (!named.has(name)) out.push({ name, description: undefined, stage: undefined, protected: false, pulled: true });
  return out;
}

/**
 * The target a folder uses when nothing (or nothing still valid) was chosen: its own state when it
 * has one, as before targets; else the first target with a state, in the file's order, then by name.
 */
export function defaultTarget(file: TargetsFile | undefined, states: readonly string[], single: boolean): string | undefined {
  if (single) return undefined;
  return file?.targets.find((t) => states.includes(t.name))?.name ?? states[0];
}

/** Whether `chosen` can still be used: the folder's own state when it has one, or a target named by the file or with a state. */
export function isChoice(chosen: string | undefined, file: TargetsFile | undefined, states: readonly string[], single: boolean): boolean {
  if (chosen === undefined) return single;
  return states.includes(chosen) || (file?.targets.some((t) => t.name === chosen) ?? false);
}

const NO_CARRIERS = { authHeader: '', authScheme: '', workspaceHeader: '' };

/**
 * Undefined when the signed-in connection is the target's service and workspace (the rule a pulled
 * folder's own state is held to: the same base URL and workspace), else why nothing is sent. The
 * targets file is committed: it never makes the key go to a service the user did not sign in to.
 */
export function unconfirmedTarget(
  target: Pick<TargetDef, 'name' | 'baseUrl' | 'workspace'>,
  connection: { readonly baseUrl: string; readonly workspaceId: string },
): string | undefined {
  const named = { ...NO_CARRIERS, baseUrl: target.baseUrl, workspaceId: target.workspace };
  if (sameConnection(named, { ...NO_CARRIERS, baseUrl: connection.baseUrl, workspaceId: connection.workspaceId })) return undefined;
  return l10n.t(
    'the target {0} is workspace {1} of {2}; sign in to it (Switch Workspace) to compare and push',
    target.name,
    target.workspace,
    target.baseUrl,
  );
}

/**
 * Whether a push to the target asks its own question: when the targets file protects it (every
 * production target; `protected: true`) and the guard did not ask already (it asks for a protected
 * connection, which the target's must be to be sent to). Either protection raises the question;
 * neither lowers the other's: a guard that protects nothing leaves the file's question standing.
 */
export function targetPushAsks(target: Pick<TargetDef, 'protected'> | undefined, guardAsked: boolean): boolean {
  return target?.protected === true && !guardAsked;
}
