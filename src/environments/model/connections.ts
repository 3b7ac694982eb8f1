// The user's named connections (setting `workspaceAutomation.connections`, application scope so that
// a cloned folder's .vscode/settings.json cannot set it): which service and workspace is production,
// and whether writes to it are guarded. Parsed liberally but safely: an entry that cannot be used is
// left out with its reason (for the log), a stage that is not known is kept as "other" but guarded
// (a typo must not turn a guard off), and the count is bounded. vscode-free (unit-tested).
import { originOf } from '../../connection/model/origins';

export const STAGES = ['development', 'staging', 'production', 'other'] as const;
export type Stage = (typeof STAGES)[number];

/** Entries past this many are ignored: the setting is a short list a person writes. */
export const MAX_CONNECTIONS = 100;
/** Longer labels are cut: the label is shown in a modal's buttons and the status bar. */
export const MAX_LABEL = 80;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface ConnectionEntry {
  /** Chosen once, at random, when the entry is written; what "Allow for This Window" remembers. */
  readonly id: string;
  readonly label: string;
  readonly baseUrl: string;
  /** The origin of `baseUrl`: what an entry is matched by, with the workspace. */
  readonly origin: string;
  readonly workspaceId: string;
  readonly stage: Stage;
  /** Writes ask first (auto saves are held). Defaults to true for production. */
  readonly protected: boolean;
}

export interface EntryProblem {
  /** The entry's place in the list; -1 for the list itself. */
  readonly index: number;
  readonly reason: string;
}

export interface ParsedConnections {
  readonly entries: readonly ConnectionEntry[];
  /** Why entries were left out or read differently from what they say. */
  readonly problems: readonly EntryProblem[];
}

/**
 * The setting's value as written: every usable entry, and a reason for every other one. `fromFolder`:
 * a folder's value, which can only raise protection (guard.ts), so an entry needs no id there.
 */
export function parseConnections(value: unknown, { fromFolder = false } = {}): ParsedConnections {
  if (value === undefined || value === null) return { entries: [], problems: [] };
  if (!Array.isArray(value)) return { entries: [], problems: [{ index: -1, reason: 'the setting is not a list' }] };
  const entries: ConnectionEntry[] = [];
  const problems: EntryProblem[] = [];
  const ids = new Set<string>();
  const list = value as unknown[];
  if (list.length > MAX_CONNECTIONS)
    problems.push({
      index: MAX_CONNECTIONS,
      reason: `${list.length - MAX_CONNECTIONS} entries past the first ${MAX_CONNECTIONS} are ignored`,
    });
  list.slice(0, MAX_CONNECTIONS).forEach((raw, index) => {
    const entry = parseEntry(raw, fromFolder ? `folder-${index}` : undefined, (reason) => problems.push({ index, reason }));
    if (!entry) return;
    if (ids.has(entry.id)) {
      problems.push({ index, reason: `the id ${entry.id} is used by an earlier entry` });
      return;
    }
    ids.add(entry.id);
    entries.push(entry);
  });
  return { entries, problems };
}

function parseEntry(raw: unknown, fallbackId: string | undefined, problem: (reason: string) => void): ConnectionEntry | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problem('not an object');
    return undefined;
  }
  const r = raw as Record<string, unknown>;
  const written = typeof r.id === 'string' ? r.id.trim() : '';
  const id = ID.test(written) ? written : (fallbackId ?? '');
  if (!id) {
    problem('no id (letters, digits, - and _, at most 64)');
    return undefined;
  }
  const baseUrl = typeof r.baseUrl === 'string' ? r.baseUrl.trim() : '';
  const origin = originOf(baseUrl);
  if (!origin) {
    problem('baseUrl is not an http(s) URL');
    return undefined;
  }
  const workspaceId = typeof r.workspaceId === 'string' ? r.workspaceId.trim() : '';
  if (!workspaceId) {
    problem('no workspaceId');
    return undefined;
  }
  const stage = stageOf(r.stage);
  if (stage === undefined) problem('the stage is not development, staging, production or other: read as other, protected');
  const label = typeof r.label === 'string' && r.label.trim() ? r.label.trim().slice(0, MAX_LABEL) : new URL(origin).host;
  let guarded = stage === undefined || stage === 'production';
  if (typeof r.protected === 'boolean') guarded = r.protected;
  else if (r.protected !== undefined) problem('protected is not true or false: its stage decides');
  return { id, label, baseUrl, origin, workspaceId, stage: stage ?? 'other', protected: guarded };
}

/** A stage as written, in any case; undefined when it names none (absent is "other"). */
function stageOf(value: unknown): Stage | undefined {
  if (value === undefined) return 'other';
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  return STAGES.find((s) => s === v);
}

/** The connection the window talks to, as the connection manager holds it. */
export interface CurrentConnection {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly label: string;
}

/** What the guard decides about: the current connection with its stage, from the setting or by default. */
export interface ResolvedConnection {
  /** The entry's id; undefined when no entry names this connection. */
  readonly id: string | undefined;
  readonly label: string;
  readonly origin: string;
  readonly workspaceId: string;
  readonly stage: Stage;
  readonly protected: boolean;
}

/**
 * The entry for `current` (same origin and workspace), or stage "other", unprotected, when none names
 * it. Two entries naming it guard it when either does: a second entry can add the guard, never lift it.
 */
export function resolveConnection(current: CurrentConnection, entries: readonly ConnectionEntry[]): ResolvedConnection | undefined {
  const origin = originOf(current.baseUrl);
  if (!origin) return undefined;
  const workspaceId = current.workspaceId.trim();
  const matches = entries.filter((e) => e.origin === origin && e.workspaceId === workspaceId);
  const first = matches[0];
  if (!first) return { id: undefined, label: current.label, origin, workspaceId, stage: 'other', protected: false };
  return {
    id: first.id,
    label: first.label,
    origin,
    workspaceId,
    stage: first.stage,
    protected: matches.some((m) => m.protected),
  };
}

/**
 * The setting's new value after the user chose `stage` (and `guarded`) for `current`: its entry
 * changed in place (its id kept), or a new entry with `newId` at the front. Other entries, and
 * entries this parser cannot read, are kept as they are.
 */
export function withStage(
  value: unknown,
  current: CurrentConnection,
  stage: Stage,
  guarded: boolean,
  newId: string,
): { value: unknown[]; id: string } {
  const list = Array.isArray(value) ? [...(value as unknown[])] : [];
  const origin = originOf(current.baseUrl);
  const workspaceId = current.workspaceId.trim();
  const ids = new Set(parseConnections(list.slice(0, MAX_CONNECTIONS)).entries.map((e) => e.id));
  // Every entry naming the connection changes: one left protected would keep guarding it.
  let id: string | undefined;
  list.forEach((raw, at) => {
    const one = parseConnections([raw]).entries[0];
    if (one === undefined || one.origin !== origin || one.workspaceId !== workspaceId) return;
    list[at] = { ...(raw as Record<string, unknown>), stage, protected: guarded };
    id ??= one.id;
  });
  if (id !== undefined) return { value: list, id };
  id = ids.has(newId) ? `${newId}-${ids.size}` : newId;
  return { value: [{ id, label: current.label, baseUrl: current.baseUrl, workspaceId, stage, protected: guarded }, ...list], id };
}
