// `wsa.targets.json`, at a pulled folder's root: the services and workspaces one folder is pulled
// from and pushed to (dev, staging, prod), by name. The file is committed, so it is untrusted
// input: a fork's pull request can write it, and the CLI that reads it may run in CI with deploy
// keys. It is read like the state file (a regular file only, never through a link, a FIFO never
// opened, bounded in bytes and in targets), and it never chooses where a key goes nor holds one:
// a target's base URL is used only when the environment or the command line confirms it
// (targetResolution.ts), and a field named like a key refuses the whole file. vscode-free.
//
//   { "targets": { "dev":  { "baseUrl": "https://dev.example.com", "workspace": "wksp_…", "stage": "development" },
//                  "prod": { "baseUrl": "https://example.com", "workspace": "wksp_…", "stage": "production" } },
//     "bindings": { … } }
import * as l10n from '@vscode/l10n';
import { isIdOf } from '../../api/ids';
import { baseUrlProblem } from '../../localFolders/engine/folderChecks';
import { FileTooLargeError, NotRegularFileError, readRegular } from '../../localFolders/engine/folderFiles';
import { TARGET_NAME } from '../../localFolders/engine/folderLayout';
import { isRecord } from '../../util/isRecord';

export const TARGETS_FILE = 'wsa.targets.json';
/**
 * The file holds the promotions' bindings too, one per resource and pair of targets (up to
 * MAX_BINDINGS, about 150 bytes each): a workspace of 10,000 resources needs more than a megabyte.
 * 16 MiB is the state file's bound, and the read stays bounded for a crafted file.
 */
export const MAX_TARGETS_BYTES = 16 * 1024 * 1024;
export const MAX_TARGETS = 100;

export const STAGES = ['development', 'staging', 'production', 'other'] as const;
export type Stage = (typeof STAGES)[number];

/** One target as the file names it, checked. */
export interface TargetDef {
  readonly name: string;
  /** The service, as the file writes it (without trailing slashes); a key goes there only once confirmed. */
  readonly baseUrl: string;
  readonly workspace: string;
  readonly stage: Stage;
  /** Whether a write to it asks first (a terminal) or needs --yes: always for production. */
  readonly protected: boolean;
}

export interface TargetsFile {
  /** In the file's order. */
  readonly targets: readonly TargetDef[];
  /** The file's `bindings` as they are (undefined when it has none), for their own parser (bindings.ts). */
  readonly bindings: unknown;
}

/** wsa.targets.json cannot be used: one sentence naming what is wrong. */
export class TargetsFileError extends Error {
  override readonly name = 'TargetsFileError';
}

/** A field named as a key would be (apiKey, key, token, authorization…): the file never holds one. */
const KEY_NAME = /key|token|secret|passw|credential|bearer|authori[sz]ation|^auth$/i;
/** A value with an API key's prefix. */
const KEY_VALUE = /apik_/i;

/** The environment variable of the target's key: WORKSPACE_AUTOMATION_API_KEY_PROD for `prod`, `-` as `_`. */
export function keyVariableFor(name: string): string {
  return `WORKSPACE_AUTOMATION_API_KEY_${name.toUpperCase().replace(/-/g, '_')}`;
}

/** The environment variable that confirms the target's service: WORKSPACE_AUTOMATION_BASE_URL_PROD for `prod`. */
export function baseUrlVariableFor(name: string): string {
  return `WORKSPACE_AUTOMATION_BASE_URL_${name.toUpperCase().replace(/-/g, '_')}`;
}

/** The names keyVariableFor and baseUrlVariableFor make: read for a target, by its name. */
export const TARGET_VARIABLE = /^WORKSPACE_AUTOMATION_(API_KEY|BASE_URL)_[A-Z][A-Z0-9_]{0,31}$/;

const neverAKey = () => new TargetsFileError(l10n.t('{0} must never hold a key: set it in the environment instead.', TARGETS_FILE));

/**
 * Refuses a value that looks like a key anywhere in `value`, and a field named like one where
 * `names` (the top level, a target's fields and below). The names of targets and everything under
 * "bindings" are names and ids, which their grammars check: an id may hold "key" by chance.
 */
function refuseKeys(value: unknown, names: boolean, depth = 0): void {
  // Deeper than any real file: refused rather than looked through.
  if (depth > 32) throw new TargetsFileError(l10n.t('{0} is nested too deeply.', TARGETS_FILE));
  if (typeof value === 'string') {
    if (KEY_VALUE.test(value)) throw neverAKey();
  } else if (Array.isArray(value)) for (const v of value) refuseKeys(v, names, depth + 1);
  else if (isRecord(value))
    for (const [k, v] of Object.entries(value)) {
      if (names && KEY_NAME.test(k)) throw neverAKey();
      if (KEY_VALUE.test(k)) throw neverAKey();
      const below = depth === 0 ? k !== 'bindings' && k !== 'targets' : names;
      // A target's own fields are names again.
      if (depth === 0 && k === 'targets' && isRecord(v)) for (const t of Object.values(v)) refuseKeys(t, true, depth + 2);
      else refuseKeys(v, below, depth + 1);
    }
}

function checkTarget(name: string, raw: unknown): TargetDef {
  const bad = (what: string) => new TargetsFileError(l10n.t('{0}: the target {1} {2}.', TARGETS_FILE, JSON.stringify(name), what));
  if (!TARGET_NAME.test(name))
    throw new TargetsFileError(
      l10n.t(
        '{0}: {1} is not a target name: lower-case letters, digits and -, starting with a letter, at most 32.',
        TARGETS_FILE,
        JSON.stringify(name),
      ),
    );
  if (!isRecord(raw)) throw bad(l10n.t('is not an object'));
  if (typeof raw.baseUrl !== 'string') throw bad(l10n.t('has no baseUrl'));
  const url = baseUrlProblem(raw.baseUrl);
  if (url) throw bad(l10n.t('has a baseUrl that cannot be used: {0}', url));
  if (typeof raw.workspace !== 'string' || !isIdOf('workspace', raw.workspace)) throw bad(l10n.t('has no workspace id (wksp_…)'));
  const stage = raw.stage ?? 'other';
  if (typeof stage !== 'string' || !(STAGES as readonly string[]).includes(stage))
    throw bad(l10n.t('has the stage {0}: use one of {1}', JSON.stringify(stage), STAGES.join(', ')));
  if (raw.protected !== undefined && typeof raw.protected !== 'boolean') throw bad(l10n.t('has a protected that is not true or false'));
  // The guard only ratchets up: any target may be protected, but a production target always is. A
  // `protected: false` on it (a pull request's one-line change) is ignored, not obeyed.
  const isProtected = stage === 'production' || raw.protected === true;
  return {
    name,
    baseUrl: raw.baseUrl.replace(/\/+$/, ''),
    workspace: raw.workspace,
    stage: stage as Stage,
    protected: isProtected,
  };
}

/** The targets file's text, checked; TargetsFileError names the first thing wrong. Other top-level fields are ignored. */
export function parseTargets(text: string): TargetsFile {
  if (!text.trim()) throw new TargetsFileError(l10n.t('{0} is empty.', TARGETS_FILE));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new TargetsFileError(l10n.t('{0} is not valid JSON: {1}', TARGETS_FILE, e instanceof Error ? e.message : String(e)));
  }
  if (!isRecord(raw)) throw new TargetsFileError(l10n.t('{0} is not a JSON object.', TARGETS_FILE));
  refuseKeys(raw, true);
  if (!isRecord(raw.targets)) throw new TargetsFileError(l10n.t('{0} has no "targets" object.', TARGETS_FILE));
  const entries = Object.entries(raw.targets);
  if (entries.length === 0) throw new TargetsFileError(l10n.t('{0} names no target.', TARGETS_FILE));
  if (entries.length > MAX_TARGETS)
    throw new TargetsFileError(l10n.t('{0} names {1} targets, more than the {2} it may hold.', TARGETS_FILE, entries.length, MAX_TARGETS));
  return { targets: entries.map(([name, t]) => checkTarget(name, t)), bindings: raw.bindings };
}

/**
 * The folder's targets file, or undefined when it has none. Read as the engine reads a pulled
 * folder's files: a regular file only, never through a link, at most MAX_TARGETS_BYTES.
 */
export async function readTargetsFile(folder: string): Promise<TargetsFile | undefined> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readRegular(folder, TARGETS_FILE, MAX_TARGETS_BYTES);
  } catch (e) {
    if (e instanceof FileTooLargeError)
      throw new TargetsFileError(l10n.t('{0} is larger than {1} MiB: it is not read.', TARGETS_FILE, MAX_TARGETS_BYTES / (1024 * 1024)));
    if (e instanceof NotRegularFileError) throw new TargetsFileError(l10n.t('{0} cannot be read: {1}', TARGETS_FILE, e.message));
    throw e;
  }
  return bytes === undefined ? undefined : parseTargets(bytes.toString('utf8'));
}

/** The target `name` of the file, or undefined. */
export function targetNamed(file: TargetsFile, name: string): TargetDef | undefined {
  return file.targets.find((t) => t.name === name);
}
