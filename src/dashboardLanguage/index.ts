// The dashboard language feature: wsa: dashboards (and their revisions), and the dashboards of
// pulled folders, get the `wsa-dashboard` language, whose completions, hovers, definitions and type
// errors come from a TypeScript language service in a worker thread (./service). Registering costs no
// more than the providers: the worker and TypeScript load when the first dashboard opens.
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../connection/api';
import type { Configuration } from '../manifest/config';
import { FILE_SCHEME, parseFilePath, parseRevisionPath, REVISION_SCHEME, VIEWS } from '../kinds/resourcePath';
import type { ServerSnapshot } from '../documents/model/saveTypes';
import { DashboardWorkerClient } from './service/workerClient';
import type { Event } from '../util/events';
import { ownedBy } from '../util/lifecycle';
import { DashboardDocuments, type DashboardBase } from './vscode/dashboardDocuments';
import { registerDashboardProviders } from './vscode/dashboardProviders';

export interface DashboardLanguageDeps {
  readonly log: vscode.LogOutputChannel;
  readonly config: Configuration;
  readonly connection: ConnectionProvider;
  readonly baseOf: (uri: vscode.Uri) => ServerSnapshot | undefined;
  readonly onDidSave: Event<{ uri: vscode.Uri }>;
  /** Whether the window's connection serves a `wsa:` document (DocumentRegistry.windowOwns): only then is its data contract read. */
  readonly windowOwns?: (uri: vscode.Uri) => boolean;
}

export interface DashboardLanguageFeature {
  readonly documents: DashboardDocuments;
  readonly worker: DashboardWorkerClient;
  /**
   * A local file that a pulled folder names as a dashboard (or its base moved): it opens as Dashboard
   * TSX, checked as its `wsa:` document is. As TypeScript React, VS Code's TypeScript would report the
   * runtime's imports and every JSX element as errors: the folder holds no types.
   */
  adoptPulled(document: vscode.TextDocument, base: Promise<DashboardBase>): void;
}

/** Whether a document is a dashboard's TSX on the service or one of its revisions. */
export function isDashboardDocument(uri: vscode.Uri): boolean {
  try {
    if (uri.scheme === FILE_SCHEME) return parseFilePath(uri.path).view === 'dashboard';
    if (uri.scheme === REVISION_SCHEME) return parseRevisionPath(uri.path).view === 'dashboard';
  } catch {
    // Not a resource path (a folder, a workspace root): not a dashboard.
  }
  return false;
}

export function registerDashboardLanguage(context: vscode.ExtensionContext, deps: DashboardLanguageDeps): DashboardLanguageFeature {
  const own = ownedBy(context.subscriptions);
  const language = VIEWS.dashboard.language;
  const dist = vscode.Uri.joinPath(context.extensionUri, 'dist');
  const worker = own(
    new DashboardWorkerClient({
      script: vscode.Uri.joinPath(dist, 'ts-worker-main.js').fsPath,
      typesDir: vscode.Uri.joinPath(dist, 'ts-types').fsPath,
      // The folder dist/main.js keeps the extension's code cache in.
      codeCacheDir: vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath,
    }),
  );
  let showTypes = deps.config.read().dashboardTypeDiagnostics;
  const typeDiagnostics = () => showTypes;
  // The pulled dashboards opened, by URI: the base their folder's state gives, once read.
  const pulled = new Map<string, { base?: DashboardBase; read: Promise<void> }>();
  const accepts = (uri: vscode.Uri) => isDashboardDocument(uri) || pulled.has(uri.toString());
  const baseOf = (uri: vscode.Uri) => (isDashboardDocument(uri) ? deps.baseOf(uri) : pulled.get(uri.toString())?.base);
  const documents = own(
    new DashboardDocuments({
      worker,
      connection: deps.connection,
      accepts,
      baseOf,
      typeDiagnostics,
      log: deps.log,
      ...(deps.windowOwns ? { windowOwns: deps.windowOwns } : {}),
    }),
  );
  for (const d of registerDashboardProviders(worker, documents, language)) own(d);

  // The manifest's file name patterns open dashboards and their revisions as `wsa-dashboard`, so the
  // built-in TypeScript extension never starts for them. A user's own `files.associations` comes
  // before those patterns: a dashboard that opens as typescriptreact all the same is moved to
  // `wsa-dashboard` here, which stands the built-in features down for it (VS Code reopens it).
  const adopt = (document: vscode.TextDocument) => {
    if (!accepts(document.uri)) return;
    if (document.languageId === language) {
      // A pulled dashboard is checked once its base is read: without it, errors its service text has would count as the user's.
      const read = pulled.get(document.uri.toString())?.read;
      if (read) void read.then(() => documents.open(document));
      else void documents.open(document);
    } else if (document.languageId === 'typescriptreact')
      // A document closed while its language changes (a diff opened and shut at once) is no longer
      // ours to adopt; VS Code rejects the change then, and there is nothing to report.
      vscode.languages.setTextDocumentLanguage(document, language).then(undefined, () => undefined);
  };
  vscode.workspace.textDocuments.forEach(adopt);
  own(vscode.workspace.onDidOpenTextDocument(adopt));
  own(vscode.workspace.onDidChangeTextDocument((e) => documents.changed(e.document, e.contentChanges)));
  own(
    vscode.workspace.onDidCloseTextDocument((d) => {
      void documents.close(d);
      // Not when the language change closes the TypeScript React one: the Dashboard TSX one follows.
      if (d.languageId === language) pulled.delete(d.uri.toString());
    }),
  );
  own(
    deps.onDidSave(({ uri }) => {
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (document) documents.changed(document);
    }),
  );
  own(
    deps.config.onDidChange((settings) => {
      if (settings.dashboardTypeDiagnostics === showTypes) return;
      showTypes = settings.dashboardTypeDiagnostics;
      documents.settingChanged();
    }),
  );
  // The language changes at once (before VS Code's TypeScript asks for the file's errors, which it
  // would then report after the file left it); the base follows.
  const adoptPulled = (document: vscode.TextDocument, base: Promise<DashboardBase>) => {
    const key = document.uri.toString();
    const entry = pulled.get(key);
    const read = base.then((b) => {
      const e = pulled.get(key);
      if (e) e.base = b;
    });
    if (!entry) {
      pulled.set(key, { read });
      adopt(document);
    } else {
      // A push, pull or merge moved the base: checked again against it.
      entry.read = read;
      void read.then(() => documents.changed(document));
    }
  };
  return { documents, worker, adoptPulled };
}
