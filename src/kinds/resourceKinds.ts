// Every kind of workspace resource the extension shows, declared once as data: names, `wsa:` paths,
// the explorer's group, where its history lives. The `wsa:` paths, the explorer's groups, the
// history panel and the save messages all read this table; nothing else translates between kind
// names. What a kind does (read, text, request body, send, tokens, read-only fields, explorer
// reads) is its own module, attached in kindModules.ts. A new kind is one entry here, one module,
// and one line there (ARCHITECTURE.md, "A new resource kind", has a worked example).
//
// The id prefixes are the spec's and stay in src/api/ids.ts (the client checks ids with them); the
// list collections and the history endpoint's id kinds stay in src/api/endpoints.ts. An entry
// names them. test/unit/kinds/resourceKinds.test.ts checks that the entries agree with both;
// test/unit/kinds/kindModules.test.ts that each kind's module does what its entry declares.
import * as l10n from '@vscode/l10n';
import type { Collection } from '../api/endpoints';
import type { IdKind } from '../api/ids';

/** One document of a resource: its `wsa:` path folder and suffix, and how the editor shows it. */
export interface FileSpec {
  readonly view: string;
  readonly folder: string;
  /** The longest suffix that matches wins when a folder holds several (`.handler.ts` before `.ts`). */
  readonly suffix: string;
  readonly language: string;
  /**
   * A pulled file of this view (a local folder's) opens in VS Code as `from`, its suffix's language,
   * whose checks report errors the service's text does not have (the folder holds no types): it is
   * moved to `language`. Absent: it keeps VS Code's.
   */
  readonly local?: { readonly from: string; readonly language: string };
  /** Why the file cannot be saved (the end of "«name» is read-only: …"); absent when it can be. */
  readonly readOnly?: string;
  /**
   * The JSON schema the editor checks the document with, a file of the kind's folder
   * (src/kinds/<kind>/); package.json's jsonValidation names it (generated: src/kinds/registryCopies.ts).
   */
  readonly schema?: string;
}

export interface KindSpec {
  /** The kind of the id in the resource's `wsa:` path (a dashboard is named by its operation's id). */
  readonly idKind: IdKind;
  /**
   * The kind whose id this kind's resources share (a dashboard is an operation's frontend, under the
   * operation's id): an id of that kind may name one of each. A shared id opens as this kind (what
   * people open a dashboard's id for), a resource reached from another is read as the owner only,
   * and the history of a shared id asks which one is meant.
   */
  readonly sharesIdWith?: string;
  /** For sentences: "managed database" in a tooltip heading, "databases" in "No databases yet". */
  readonly singular: string;
  readonly plural: string;
  /** The list endpoint of the explorer group, and the group's id. */
  readonly collection: Collection;
  /** The explorer group: its label and codicon. Groups show in the order of this table. */
  readonly group: { readonly label: string; readonly icon: string };
  /**
   * Where its revision history lives: the id kind of the history resource, and how that id is
   * found: the resource's own id, or the `rept_` id the dashboard source read names (spec §4.1).
   * `label` titles the history panel. `saveRestores`: a revision's value, as its document's text, is
   * what a save of the resource sends, so where the service offers no restore, saving that text
   * restores it (a new draft). Absent: the kind has no history.
   */
  readonly history?: {
    readonly idKind: IdKind;
    readonly from: 'ownId' | 'sourceRead';
    readonly label: string;
    readonly saveRestores?: true;
    /** What its revisions are, where an id names two histories ("the TSX frontend’s revisions"). */
    readonly detail?: string;
  };
  /** Its documents; the first is the one a click opens and the one its revisions open as. */
  readonly files: readonly [FileSpec, ...FileSpec[]];
}

const SERVICE_RETURNS = l10n.t('as the service returns it; the service offers no way to save it');

export const RESOURCE_KINDS = {
  operation: {
    idKind: 'operation',
    singular: l10n.t('operation'),
    plural: l10n.t('operations'),
    collection: 'operations',
    group: { label: l10n.t('Operations'), icon: 'server-process' },
    history: { idKind: 'operation', from: 'ownId', label: l10n.t('Operation handler'), detail: l10n.t('the handler code’s revisions') },
    files: [
      {
        view: 'operationHandler',
        folder: 'operations',
        suffix: '.handler.ts',
        language: 'typescript',
        local: { from: 'typescript', language: 'wsa-handler' },
        readOnly: l10n.t('the service generates operation handler code and offers no way to save it'),
      },
      {
        view: 'operation',
        folder: 'operations',
        suffix: '.json',
        language: 'json',
        readOnly: l10n.t('it shows the operation {0}', SERVICE_RETURNS),
      },
    ],
  },
  dashboard: {
    idKind: 'operation',
    sharesIdWith: 'operation',
    singular: l10n.t('dashboard'),
    plural: l10n.t('dashboards'),
    collection: 'dashboards',
    group: { label: l10n.t('Dashboards'), icon: 'dashboard' },
    history: {
      idKind: 'dashboardResource',
      from: 'sourceRead',
      label: l10n.t('Dashboard'),
      saveRestores: true,
      detail: l10n.t('the TSX frontend’s revisions'),
    },
    files: [
      {
        view: 'dashboard',
        folder: 'dashboards',
        suffix: '.tsx',
        language: 'wsa-dashboard',
        local: { from: 'typescriptreact', language: 'wsa-dashboard' },
      },
    ],
  },
  app: {
    idKind: 'application',
    singular: l10n.t('app'),
    plural: l10n.t('apps'),
    collection: 'apps',
    group: { label: l10n.t('Apps'), icon: 'rocket' },
    history: { idKind: 'application', from: 'ownId', label: l10n.t('App') },
    // Editable: name and description, guarded by the draft.
    files: [{ view: 'app', folder: 'apps', suffix: '.json', language: 'json', schema: 'app.schema.json' }],
  },
  database: {
    idKind: 'database',
    singular: l10n.t('managed database'),
    plural: l10n.t('databases'),
    collection: 'databases',
    group: { label: l10n.t('Databases'), icon: 'database' },
    history: { idKind: 'database', from: 'ownId', label: l10n.t('Managed database'), saveRestores: true },
    files: [{ view: 'database', folder: 'databases', suffix: '.json', language: 'json', schema: 'database-definition.schema.json' }],
  },
  writeSync: {
    idKind: 'writeSync',
    singular: l10n.t('write sync'),
    plural: l10n.t('write syncs'),
    collection: 'writeSyncs',
    group: { label: l10n.t('Write Syncs'), icon: 'sync' },
    // Editable: name, definition and switches, guarded by the version.
    files: [{ view: 'writeSync', folder: 'write-syncs', suffix: '.json', language: 'json', schema: 'write-sync.schema.json' }],
  },
  fact: {
    idKind: 'fact',
    singular: l10n.t('fact'),
    plural: l10n.t('facts'),
    collection: 'facts',
    group: { label: l10n.t('Facts'), icon: 'law' },
    files: [{ view: 'fact', folder: 'facts', suffix: '.json', language: 'json', schema: 'fact.schema.json' }],
  },
} as const satisfies Record<string, KindSpec>;

export type ResourceKind = keyof typeof RESOURCE_KINDS;

/** The documents the `wsa:` and `wsa-revision:` paths name: `dashboard`, `operationHandler`, `operation`… */
export type FileView = (typeof RESOURCE_KINDS)[ResourceKind]['files'][number]['view'];

/** The file views that can be saved: those the registry gives no `readOnly` reason. */
export type EditableView = Exclude<(typeof RESOURCE_KINDS)[ResourceKind]['files'][number], { readOnly: string }>['view'];

/** The kinds that have a revision history. */
export type HistoryKind = { [K in ResourceKind]: (typeof RESOURCE_KINDS)[K] extends { history: object } ? K : never }[ResourceKind];

/** A file view with what the path parser and the file system need. */
export interface ViewSpec extends FileSpec {
  readonly view: FileView;
  readonly kind: ResourceKind;
  /** Kind of the id in the `wsa:` path. */
  readonly idKind: IdKind;
  /** Kind of the history resource in a `wsa-revision:` path; only for the file revisions open as. */
  readonly historyKind?: IdKind;
  readonly editable: boolean;
}

/** The kinds in the order the explorer shows their groups. */
export const KINDS = Object.keys(RESOURCE_KINDS) as ResourceKind[];

function spec(kind: ResourceKind): KindSpec {
  return RESOURCE_KINDS[kind];
}

export const FILE_VIEWS = Object.fromEntries(
  KINDS.flatMap((kind) =>
    spec(kind).files.map((file, i): [FileView, ViewSpec] => {
      const history = i === 0 ? spec(kind).history : undefined;
      const view: ViewSpec = {
        ...file,
        view: file.view as FileView,
        kind,
        idKind: spec(kind).idKind,
        editable: file.readOnly === undefined,
      };
      return [view.view, history ? { ...view, historyKind: history.idKind } : view];
    }),
  ),
) as Record<FileView, ViewSpec>;

export function isResourceKind(value: unknown): value is ResourceKind {
  return typeof value === 'string' && Object.hasOwn(RESOURCE_KINDS, value);
}

export function isFileView(value: unknown): value is FileView {
  return typeof value === 'string' && Object.hasOwn(FILE_VIEWS, value);
}

export function hasHistory(kind: ResourceKind): kind is HistoryKind {
  return spec(kind).history !== undefined;
}

/** Whether saving a revision's text restores it (the registry's `history.saveRestores`). */
export function restoresBySave(kind: ResourceKind): boolean {
  return spec(kind).history?.saveRestores === true;
}

/** The file a kind's resource opens as, and its revisions too: the TSX of a dashboard, an operation's handler code. */
export function openView(kind: ResourceKind): FileView {
  return spec(kind).files[0].view as FileView;
}

/** The kind whose history resources have ids of this kind (`rept_` → dashboard), if any. */
export function kindWithHistoryId(idKind: IdKind | undefined): HistoryKind | undefined {
  return KINDS.find((k): k is HistoryKind => spec(k).history?.idKind === idKind);
}

/** The id kinds of history resources: what the revisions endpoints are called with. */
export const HISTORY_ID_KINDS: readonly IdKind[] = KINDS.flatMap((k) => spec(k).history?.idKind ?? []);

/** The kinds whose resources an id of this kind may be (an `oper_` id: an operation and maybe a dashboard). */
export function kindsForIdKind(idKind: IdKind | undefined): ResourceKind[] {
  return KINDS.filter((k) => spec(k).idKind === idKind);
}

/** The kind whose id `kind`'s resources share (a dashboard: the operation's), if any. */
export function sharesIdWith(kind: ResourceKind): ResourceKind | undefined {
  return (spec(kind).sharesIdWith as ResourceKind | undefined) ?? undefined;
}

/** The kinds whose resources share another kind's id (dashboards): a reachable id is read as its owner only. */
export const ID_SHARING_KINDS: readonly ResourceKind[] = KINDS.filter((k) => sharesIdWith(k) !== undefined);

/** The id kinds a user may add to the explorer, in the order of its groups. */
export const BROWSABLE_ID_KINDS: readonly IdKind[] = [...new Set(KINDS.map((k) => spec(k).idKind))];

/** Why a file view cannot be saved, or undefined when it can. */
export function readOnlyReason(view: FileView): string | undefined {
  return FILE_VIEWS[view].readOnly;
}
