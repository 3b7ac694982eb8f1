// Identifier prefixes of the Workspace Automation Service (spec §2, "Common rules").
// The full list is not shown in the spec: an unknown prefix is not an error, only a kind we cannot name.
import * as l10n from '@vscode/l10n';

export const ID_PREFIXES = {
  operation: 'oper_',
  revision: 'rvsn_',
  apiKey: 'apik_',
  writeSync: 'wsyn_',
  connection: 'conn_',
  fact: 'fact_',
  organization: 'org_',
  user: 'user_',
  database: 'dbas_',
  dashboardResource: 'rept_',
  dataRun: 'oprn_',
  application: 'appl_',
  workspace: 'wksp_',
  dataSource: 'data_',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

export const ID_KIND_LABELS: Record<IdKind, string> = {
  operation: 'operation',
  revision: 'revision',
  apiKey: 'API key',
  writeSync: l10n.t('write sync'),
  connection: 'connection',
  fact: 'fact',
  organization: 'organization',
  user: 'user',
  database: l10n.t('managed database'),
  dashboardResource: l10n.t('dashboard resource'),
  dataRun: l10n.t('data run'),
  application: 'app',
  workspace: 'workspace',
  dataSource: l10n.t('data source'),
};

/** The opaque remainder after the prefix: URL-path safe, no separators, bounded. */
const REMAINDER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const KINDS = Object.keys(ID_PREFIXES) as IdKind[];

export class InvalidIdError extends Error {
  override readonly name = 'InvalidIdError';
  constructor(
    message: string,
    readonly id: string,
    readonly expected: readonly IdKind[],
  ) {
    super(message);
  }
}

/** The kind an id's prefix names, or undefined for an unknown prefix or a malformed id. */
export function kindOfId(id: string): IdKind | undefined {
  for (const kind of KINDS) {
    const prefix = ID_PREFIXES[kind];
    if (id.startsWith(prefix)) return REMAINDER.test(id.slice(prefix.length)) ? kind : undefined;
  }
  return undefined;
}

export function isIdOf(kind: IdKind, id: unknown): id is string {
  return typeof id === 'string' && id.startsWith(ID_PREFIXES[kind]) && REMAINDER.test(id.slice(ID_PREFIXES[kind].length));
}

function describeExpected(kinds: readonly IdKind[]): string {
  return kinds.map((k) => `${ID_KIND_LABELS[k]} id (${ID_PREFIXES[k]}…)`).join(' or ');
}

/** Throws an InvalidIdError that names what was expected and what was given. */
export function assertId(kinds: IdKind | readonly IdKind[], id: unknown): string {
  const expected = typeof kinds === 'string' ? [kinds] : kinds;
  if (expected.some((k) => isIdOf(k, id))) return id as string;
  const shown = typeof id === 'string' ? JSON.stringify(id.length > 60 ? `${id.slice(0, 60)}…` : id) : String(id);
  const actual = typeof id === 'string' ? kindOfId(id) : undefined;
  const why = actual
    ? l10n.t(', which is {0} {1} id', /^[aeiou]/i.test(ID_KIND_LABELS[actual]) ? 'an' : 'a', ID_KIND_LABELS[actual])
    : typeof id === 'string' && expected.some((k) => id.startsWith(ID_PREFIXES[k]))
      ? l10n.t(', whose part after the prefix is malformed')
      : '';
  const described = describeExpected(expected);
  throw new InvalidIdError(`Expected ${/^[aeiou]/i.test(described) ? 'an' : 'a'} ${described}, got ${shown}${why}.`, String(id), expected);
}

const ID_IN_TEXT = new RegExp(`(?<![A-Za-z0-9_-])(?:${Object.values(ID_PREFIXES).join('|')})[A-Za-z0-9][A-Za-z0-9_-]{0,127}`, 'g');

/**
 * Finds the ids in free text such as a pasted URL (`https://host/w/wksp_1/dashboards/oper_2?tab=x`).
 * Returns them in order of appearance.
 */
export function findIds(text: string): string[] {
  return [...text.matchAll(ID_IN_TEXT)].map((m) => m[0]).filter((id) => kindOfId(id) !== undefined);
}
