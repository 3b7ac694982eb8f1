// Keeps the language service worker in step with the open wsa: dashboards: their text, the text the
// service gave (while equal, the service compiled it), the runtime's declarations and the data run's
// row type; and shows its type errors in a diagnostic collection of their own, as the user types:
// syntax errors at once, type errors after a pause (a large file's on-screen ones first), a stale
// check stopped (DiagnosticsScheduler).
// Type errors are information for the user only: nothing here takes part in a save.
import * as vscode from 'vscode';
import { rowTypeFromColumns } from '../../api/dataContract';
import type { Connection, ConnectionProvider } from '../../connection/api';
import { REVISION_SCHEME } from '../../kinds/resourcePath';
import type { SaveTokens } from '../../documents/model/saveTypes';
import { REGION_CHECK_LINES, type OffsetRange, type TypeDiagnostic } from '../service/dashboardProtocol';
import { DiagnosticsScheduler, moveThrough, type SchedulerStats, type TextChange } from '../service/diagnosticsScheduler';
import type { DashboardWorkerClient } from '../service/workerClient';
import { eventToPromise } from '../../util/events';
import { Disposable } from '../../util/lifecycle';

export const DASHBOARD_LANGUAGE = 'wsa-dashboard';
export const TYPES_DIAGNOSTIC_SOURCE = 'dashboard types';

/** The service state a dashboard's text is based on: the text the service holds, and its save tokens. */
export interface DashboardBase {
  readonly text?: string;
  readonly tokens?: SaveTokens;
  /** The connection the tokens were read for (a pulled file's): while another one is current, they are not used. */
  readonly connection?: Connection;
}

export interface DashboardDocumentsDeps {
  readonly worker: DashboardWorkerClient;
  readonly connection: ConnectionProvider;
  /** Whether the document is a dashboard of the service: nothing else starts the worker or asks the service. */
  readonly accepts: (uri: vscode.Uri) => boolean;
  /** The service state an open dashboard is based on (a `wsa:` document's, a pulled file's). */
  readonly baseOf: (uri: vscode.Uri) => DashboardBase | undefined;
  readonly typeDiagnostics: () => boolean;
  /** Whether the window's connection serves a `wsa:` document: a data run another connection named is not asked of it. */
  readonly windowOwns?: (uri: vscode.Uri) => boolean;
  readonly log: vscode.LogOutputChannel;
}

interface Tracked {
  dataRunId: string | undefined;
  /** The data run's row type, on its way to the worker. */
  rows: Promise<void> | undefined;
  /** The latest refresh: a provider asks the worker once it has settled. */
  ready: Promise<void>;
  /** Bumped on each change: a diagnostics answer for an older text is dropped. */
  generation: number;
  /** The generation whose diagnostics are shown. */
  published: number;
  /** Whether what is shown are syntax errors of a text typed since (cleared once the syntax is right). */
  showingSyntax: boolean;
  /** The type errors shown, where they are in the text as typed since (an on-screen check keeps those elsewhere). */
  shown: TypeDiagnostic[];
}

export class DashboardDocuments extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection(TYPES_DIAGNOSTIC_SOURCE));
  private readonly tracked = new Map<string, Tracked>();
  private runtime: Promise<void> | undefined;
  /** Row types by data run: a run's columns do not change, so each is read once per connection. */
  private readonly dataRuns = new Map<string, Promise<string | null>>();
  private readonly _onDidUpdateDiagnostics = this._register(new vscode.EventEmitter<vscode.Uri>());
  /** Fires when a dashboard's type diagnostics were shown: those on screen, or all (tests and the bench wait on it). */
  readonly onDidUpdateDiagnostics = this._onDidUpdateDiagnostics.event;

  private readonly checks: DiagnosticsScheduler;

  constructor(private readonly deps: DashboardDocumentsDeps) {
    super();
    this.checks = new DiagnosticsScheduler(deps.worker, {
      syntax: (key, generation, found) => this.showSyntax(key, generation, found),
      complete: (key, generation, found) => this.showAll(key, generation, found),
      visibleRanges: (key) => this.visibleRanges(key),
      region: (key, generation, found, spans) => this.showRegion(key, generation, found, spans),
      failed: (key, err) =>
        this.deps.log.warn(`[DashboardTypes] no type check for ${key}: ${err instanceof Error ? err.message : String(err)}`),
    });
    this._register({ dispose: () => this.checks.dispose() });
    // Another service may serve other declarations: read them again, re-check what is open.
    this._register(
      deps.connection.onDidChangeConnection(() => {
        this.runtime = undefined;
        this.dataRuns.clear();
        for (const t of this.tracked.values()) t.rows = undefined;
        for (const [key, t] of this.tracked) t.ready = this.refresh(key);
      }),
    );
  }

  /** How many checks were shown, stopped and dropped (the tests read which passes ran). */
  get checkStats(): Readonly<SchedulerStats> {
    return this.checks.stats;
  }

  isTracked(document: vscode.TextDocument): boolean {
    return this.tracked.has(document.uri.toString());
  }

  /** Resolves once the dashboard at `uri` is open here and its current text's diagnostics are shown. */
  async whenChecked(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    for (;;) {
      const t = this.tracked.get(key);
      if (t && t.published === t.generation) return;
      await eventToPromise(this.onDidUpdateDiagnostics, (u) => u.toString() === key);
    }
  }

  /** A dashboard opened: the worker starts here, with the first one. */
  async open(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    if (this.tracked.has(key) || !this.deps.accepts(document.uri)) return;
    const t: Tracked = {
      dataRunId: undefined,
      rows: undefined,
      ready: Promise.resolve(),
      generation: 0,
      published: -1,
      showingSyntax: false,
      shown: [],
    };
    this.tracked.set(key, t);
    t.ready = this.refresh(key);
    await t.ready;
  }

  /** The document's text changed (`changes`), or its base did. */
  changed(document: vscode.TextDocument, changes: readonly TextChange[] = []): void {
    const key = document.uri.toString();
    const t = this.tracked.get(key);
    if (!t) return;
    if (changes.length) t.shown = moveThrough(t.shown, changes);
    t.ready = this.refresh(key);
  }

  async close(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const t = this.tracked.get(key);
    // A language change closes the typescriptreact document after the Dashboard TSX one opened.
    if (!t || document.languageId !== DASHBOARD_LANGUAGE) return;
    this.checks.forget(key);
    this.tracked.delete(key);
    this.collection.delete(document.uri);
    await this.deps.worker.request('close', { key }).catch(() => undefined);
  }

  /**
   * Brings the worker's copy of the document up to date; the providers call it before they ask.
   * Undefined for a document that is not the service's dashboard: the providers have nothing to say.
   */
  async sync(document: vscode.TextDocument): Promise<string | undefined> {
    const key = document.uri.toString();
    const t = this.tracked.get(key);
    if (!t) await this.open(document);
    else await t.ready;
    return this.tracked.has(key) ? key : undefined;
  }

  /** The type diagnostics setting changed: each dashboard's diagnostics are shown, or removed, again. */
  settingChanged(): void {
    for (const [key, t] of this.tracked) {
      t.generation++;
      this.check(key, t, true);
    }
  }

  private async refresh(key: string): Promise<void> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    const t = this.tracked.get(key);
    if (!document || !t) return;
    const generation = ++t.generation;
    const base = this.deps.baseOf(document.uri);
    // A revision is the service's own text; an editable dashboard (on the service or pulled) is, while it equals its base.
    const serviceText = document.uri.scheme === REVISION_SCHEME ? document.getText() : (base?.text ?? null);
    // Posted before any await: the worker sees the texts in the order they were typed.
    const sent = this.deps.worker.request('update', { key, text: document.getText(), serviceText });
    const elsewhere =
      (base?.connection !== undefined && base.connection !== this.deps.connection.current) ||
      this.deps.windowOwns?.(document.uri) === false;
    const tokens = elsewhere ? undefined : base?.tokens;
    const dataRunId = tokens?.kind === 'dashboard' ? tokens.expectedDataRunId : undefined;
    if (dataRunId !== t.dataRunId || !t.rows) {
      t.dataRunId = dataRunId;
      t.rows = this.rowMembers(dataRunId).then((rowMembers) => this.deps.worker.request('update', { key, rowMembers }));
    }
    try {
      await Promise.all([sent, this.ensureRuntime(), t.rows]);
    } catch (err) {
      this.deps.log.warn(`[DashboardTypes] ${key}: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    // A newer change is on its way and will ask for itself.
    if (t.generation === generation) this.check(key, t, generation === 1);
  }

  private check(key: string, t: Tracked, immediate: boolean): void {
    if (this.deps.typeDiagnostics()) return this.checks.changed(key, t.generation, immediate);
    const document = this.documentOf(key);
    if (document) this.collection.delete(document.uri);
    t.published = t.generation;
    if (document) this._onDidUpdateDiagnostics.fire(document.uri);
  }

  private ensureRuntime(): Promise<void> {
    this.runtime ??= (async () => {
      const client = this.deps.connection.current?.client;
      // A read that fails (an answer past its byte limit among them) leaves the runtime untyped: no false errors.
      const types = client
        ? await client.dashboardRuntimeTypes().catch((err: unknown) => {
            this.deps.log.warn(`[DashboardTypes] runtime declarations not used: ${err instanceof Error ? err.message : String(err)}`);
            return undefined;
          })
        : undefined;
      this.deps.log.debug(`[DashboardTypes] runtime declarations: ${types ? types.modules.map((m) => m.name).join(', ') : 'none served'}`);
      const configured = await this.deps.worker.request('configure', { runtime: types ? { modules: types.modules } : null });
      if (configured?.untypedBecause) this.deps.log.warn(`[DashboardTypes] runtime declarations not used: ${configured.untypedBecause}`);
    })();
    return this.runtime;
  }

  /** The row type of a data run's columns; null (no contract) when the service does not tell them. */
  private rowMembers(dataRunId: string | undefined): Promise<string | null> {
    const client = this.deps.connection.current?.client;
    if (!client || !dataRunId) return Promise.resolve(null);
    let members = this.dataRuns.get(dataRunId);
    if (!members) {
      members = client.dataRun(dataRunId).then(
        (run) => {
          if (run?.columns) return rowTypeFromColumns(run.columns);
          // A run that names no columns (yet) is not remembered: the next change asks again.
          this.dataRuns.delete(dataRunId);
          return null;
        },
        () => {
          this.dataRuns.delete(dataRunId);
          return null;
        },
      );
      this.dataRuns.set(dataRunId, members);
    }
    return members;
  }

  private documentOf(key: string): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
  }

  /** Syntax errors show at once; once the syntax is right again, the type errors shown last stay until the next check. */
  private showSyntax(key: string, generation: number, found: TypeDiagnostic[]): void {
    const t = this.tracked.get(key);
    const document = this.documentOf(key);
    if (!t || !document || t.generation !== generation || !this.deps.typeDiagnostics()) return;
    if (found.length) {
      this.collection.set(
        document.uri,
        found.map((d) => toDiagnostic(document, d)),
      );
      t.shown = [];
    } else if (t.showingSyntax) this.collection.set(document.uri, []);
    t.showingSyntax = found.length > 0;
  }

  /** What the editors showing the dashboard show of it, as offsets; nothing for a small one (its whole check is quick). */
  private visibleRanges(key: string): OffsetRange[] {
    return vscode.window.visibleTextEditors
      .filter((e) => e.document.uri.toString() === key && e.document.lineCount >= REGION_CHECK_LINES)
      .flatMap((e) => e.visibleRanges.map((r) => ({ start: e.document.offsetAt(r.start), end: e.document.offsetAt(r.end) })));
  }

  /**
   * The type errors of the statements on screen, ahead of the whole file's check: those shown
   * elsewhere stay until it replaces them all (as the built-in TypeScript does), syntax errors of a
   * text typed since do not.
   */
  private showRegion(key: string, generation: number, found: TypeDiagnostic[], spans: readonly OffsetRange[]): void {
    const t = this.tracked.get(key);
    const document = this.documentOf(key);
    if (!t || !document || t.generation !== generation || !this.deps.typeDiagnostics()) return;
    const kept = t.shown.filter((d) => !spans.some((s) => d.start <= s.end && s.start <= d.start + d.length));
    t.shown = [...kept, ...found];
    this.collection.set(
      document.uri,
      t.shown.map((d) => toDiagnostic(document, d)),
    );
    t.showingSyntax = false;
    this._onDidUpdateDiagnostics.fire(document.uri);
  }

  private showAll(key: string, generation: number, found: TypeDiagnostic[]): void {
    const t = this.tracked.get(key);
    const document = this.documentOf(key);
    if (!t || !document || t.generation !== generation) return;
    t.shown = this.deps.typeDiagnostics() ? found : [];
    if (this.deps.typeDiagnostics())
      this.collection.set(
        document.uri,
        found.map((d) => toDiagnostic(document, d)),
      );
    else this.collection.delete(document.uri);
    t.showingSyntax = false;
    t.published = generation;
    this._onDidUpdateDiagnostics.fire(document.uri);
  }
}

function toDiagnostic(document: vscode.TextDocument, d: TypeDiagnostic): vscode.Diagnostic {
  const range = new vscode.Range(document.positionAt(d.start), document.positionAt(d.start + d.length));
  const severity =
    d.severity === 'error'
      ? vscode.DiagnosticSeverity.Error
      : d.severity === 'warning'
        ? vscode.DiagnosticSeverity.Warning
        : vscode.DiagnosticSeverity.Hint;
  const diagnostic = new vscode.Diagnostic(range, d.message, severity);
  diagnostic.source = TYPES_DIAGNOSTIC_SOURCE;
  diagnostic.code = d.code;
  return diagnostic;
}
