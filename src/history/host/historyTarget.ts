// What `workspaceAutomation.showHistory` was invoked on, turned into the resource whose history to
// show. It accepts:
//   - a `wsa:` URI (editor title of a resource file) or a `wsa-revision:` URI;
//   - an object such as an explorer tree item: `{ kind?, id?, resourceId?, dashboardId?, name?,
//     label?, resourceUri? }`, where `kind` is one of dashboard | database | operation | app (also
//     operationHandler, application), ids may be embedded in longer strings ("dashboards/oper_1"),
//     and a dashboard may give its `oper_` id, its `rept_` resource id, or both;
//   - nothing: the command asks for an id (or a URL that contains one).
// A dashboard's history lives on its `rept_` resource, which the dashboard source read names
// (spec §4.1); an id that two kinds share (an `oper_` id: the operation and its dashboard) is the
// owner's history unless told otherwise, and the palette asks when it is both. Which kind does what
// is the registry's (src/kinds/resourceKinds.ts): its history's `from`, `sharesIdWith`.
import * as vscode from 'vscode';
import { findIds, isApiError, isIdOf, kindOfId } from '../../api';
import {
  hasHistory,
  HISTORY_ID_KINDS,
  kindsForIdKind,
  kindWithHistoryId,
  RESOURCE_KINDS,
  type HistoryKind,
} from '../../kinds/resourceKinds';
import { foundBySourceRead, kindHint } from '../model/historyKinds';
import { FILE_SCHEME, parseFilePath, parseRevisionPath, REVISION_SCHEME, VIEWS, type FileView } from '../../kinds/resourcePath';
import { historyIdsSentence } from '../../kinds/idSentences';

export type { HistoryKind } from '../../kinds/resourceKinds';

export interface HistoryTarget {
  kind: HistoryKind;
  /** The resource that owns the revisions: `rept_` for a dashboard, else the resource's own id. */
  resourceId: string;
  /** The id in the resource's `wsa:` file path (`oper_` for a dashboard), when known. */
  fileId?: string;
  name?: string;
}

/** What a target needs from outside: the client, and a way to ask the user. */
export interface TargetResolver {
  /** The `rept_` resource of a dashboard (`oper_…`), as its source read names it: a history found by the source read. */
  dashboardResource(dashboardId: string): Promise<string>;
  askForId(): Promise<string | undefined>;
  /** For an id whose resource shares it with another's (an operation's, and its dashboard's): which history the user means. */
  pickHistory(id: string, kinds: SharedId): Promise<HistoryKind | undefined>;
  /** Whether the window's connection serves the `wsa:` document (DocumentRegistry.windowOwns); unset: every one. */
  windowOwns?(uri: vscode.Uri): boolean;
}

/** The two kinds of one id: the owner (the operation) and the kind that shares it (its dashboard). */
export interface SharedId {
  readonly owner: HistoryKind;
  readonly sharer: HistoryKind;
}

export class NoHistoryError extends Error {
  override readonly name = 'NoHistoryError';
}

/** The kind whose history a file's view belongs to (an operation's JSON view: the operation's). */
function historyKindOfView(view: FileView): HistoryKind | undefined {
  const kind = VIEWS[view].kind;
  return hasHistory(kind) ? kind : undefined;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function labelOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'object' && value !== null && typeof (value as { label?: unknown }).label === 'string')
    return (value as { label: string }).label;
  return undefined;
}

/** The history target of a `wsa:`/`wsa-revision:` URI. */
async function fromUri(uri: vscode.Uri, r: TargetResolver): Promise<HistoryTarget> {
  if (uri.scheme === REVISION_SCHEME) {
    const file = parseRevisionPath(uri.path);
    const kind = historyKindOfView(file.view);
    if (!kind) throw new NoHistoryError(vscode.l10n.t('{0} is not a revision of a resource with history.', uri.path));
    return { kind, resourceId: file.resourceId };
  }
  if (uri.scheme !== FILE_SCHEME) throw new NoHistoryError(vscode.l10n.t('{0} is not a Workspace Automation file.', uri.toString()));
  // Its id is another connection's: the window's history (or a publish through it) would name it to the wrong service.
  if (r.windowOwns && !r.windowOwns(uri))
    throw new NoHistoryError(
      vscode.l10n.t(
        'This file is read and saved through another connection than the window’s: switch to that connection to see its history or publish it. Nothing was sent.',
      ),
    );
  const file = parseFilePath(uri.path);
  const kind = historyKindOfView(file.view);
  if (!kind)
    throw new NoHistoryError(vscode.l10n.t('{0} have no revision history.', capitalized(RESOURCE_KINDS[VIEWS[file.view].kind].plural)));
  if (foundBySourceRead(kind)) return { kind, resourceId: await r.dashboardResource(file.id), fileId: file.id, name: file.name };
  return { kind, resourceId: file.id, fileId: file.id, name: file.name };
}

async function fromObject(arg: Record<string, unknown>, r: TargetResolver): Promise<HistoryTarget> {
  const name = labelOf(arg.name) ?? labelOf(arg.label);
  const uri = arg.resourceUri;
  if (uri instanceof vscode.Uri && (uri.scheme === FILE_SCHEME || uri.scheme === REVISION_SCHEME)) {
    const target = await fromUri(uri, r);
    return name ? { ...target, name } : target;
  }
  const hint = kindHint(arg.kind) ?? kindHint(arg.view) ?? kindHint(arg.contextValue);
  const ids = [arg.resourceId, arg.dashboardId, arg.id].flatMap((v) => (typeof v === 'string' ? findIds(v) : []));
  const withName = (t: HistoryTarget): HistoryTarget => (name ? { ...t, name } : t);
  const fileIdOf = (kind: HistoryKind) => ids.find((id) => isIdOf(RESOURCE_KINDS[kind].idKind, id));
  // The history resource itself (a dashboard's `rept_`), with the file's id when given too.
  for (const id of ids) {
    const kind = kindWithHistoryId(kindOfId(id));
    if (!kind || !foundBySourceRead(kind)) continue;
    const fileId = fileIdOf(kind);
    return withName({ kind, resourceId: id, ...(fileId ? { fileId } : {}) });
  }
  // A file's id and a hint of a kind whose history its source read names (a dashboard's `oper_`).
  const hinted = hint && foundBySourceRead(hint) ? fileIdOf(hint) : undefined;
  if (hint && hinted) return withName({ kind: hint, resourceId: await r.dashboardResource(hinted), fileId: hinted });
  // A kind whose history resource is the resource itself (an operation for an `oper_` id, a database, an app).
  for (const id of ids) {
    const kind = kindWithHistoryId(kindOfId(id));
    if (kind && !foundBySourceRead(kind)) return withName({ kind, resourceId: id, fileId: id });
  }
  throw new NoHistoryError(
    ids.length
      ? vscode.l10n.t('{0} has no revision history: only operations, dashboards, managed databases and apps have one.', ids[0])
      : vscode.l10n.t('Pick an operation, dashboard, managed database or app to show its revision history.'),
  );
}

async function fromInput(r: TargetResolver): Promise<HistoryTarget | undefined> {
  const text = await r.askForId();
  if (text === undefined) return undefined;
  const ids = findIds(text);
  const id = ids.find((i) => HISTORY_ID_KINDS.some((k) => k === kindOfId(i)));
  if (!id)
    throw new NoHistoryError(
      vscode.l10n.t('“{0}” holds no id of a resource with a history: {1}.', text.slice(0, 80), historyIdsSentence()),
    );
  // An id several kinds share (an operation's, and maybe its dashboard's): ask only when it is both.
  const shared = kindsForIdKind(kindOfId(id)).filter(hasHistory);
  const sharer = shared.find(foundBySourceRead);
  const owner = shared.find((k) => !foundBySourceRead(k));
  if (!sharer || !owner) return fromObject({ id }, r);
  let resourceId: string | undefined;
  try {
    resourceId = await r.dashboardResource(id);
  } catch (e) {
    if (!isApiError(e, 'notFound')) throw e;
  }
  if (!resourceId) return { kind: owner, resourceId: id, fileId: id };
  const picked = await r.pickHistory(id, { owner, sharer });
  if (!picked) return undefined;
  return picked === sharer ? { kind: sharer, resourceId, fileId: id } : { kind: picked, resourceId: id, fileId: id };
}

/** The target of the command's first argument; undefined when the user cancelled. */
export async function resolveHistoryTarget(arg: unknown, r: TargetResolver): Promise<HistoryTarget | undefined> {
  if (arg instanceof vscode.Uri) return fromUri(arg, r);
  if (typeof arg === 'string') return fromObject({ id: arg }, r);
  if (typeof arg === 'object' && arg !== null) return fromObject(arg as Record<string, unknown>, r);
  // The editor title passes the file's URI; a palette run passes nothing and asks.
  return fromInput(r);
}
