// The revision history feature: one webview panel per resource, and Show History. Publish and
// restore run through the revision operations (src/publish), which the publish feature hands over
// (useOperations).
//
// Registered at activation, loaded on first use: the panels, their webview host and the history's
// model are a chunk of their own (esbuild.mjs), imported by the first Show History. Until then
// there is no panel to find, refresh or tell of a save.
import * as vscode from 'vscode';
import { COMMANDS } from '../manifest/contributions';
import { registerCommand } from '../ui/registerCommand';
import type { ConnectionProvider } from '../connection/api';
import type { RevisionCache } from '../documents/model/revisionCache';
import type { HistoryPanel } from './host/historyPanel';
import type { HistoryPanels, HistoryPanelsDeps, HistoryPanelsOptions } from './host/historyPanels';
import type { ServiceOperations } from './host/serviceOperations';

export interface HistoryDeps {
  log: vscode.LogOutputChannel;
  connection: ConnectionProvider;
  revisions: RevisionCache;
  /** Whether the window's connection serves a `wsa:` document (DocumentRegistry.windowOwns). */
  windowOwns?: (uri: vscode.Uri) => boolean;
  /** The other connection an argument is of, with its client and revisions (HistoryPanelsDeps.otherConnection). */
  otherConnection?: HistoryPanelsDeps['otherConnection'];
  onDidDropOthers?: vscode.Event<unknown>;
  onDidSave: HistoryPanelsDeps['onDidSave'];
  options?: HistoryPanelsOptions;
}

/** The history panels as the other features and the tests see them, before and after they load. */
export interface HistoryFeature {
  /** Shows the history of a resource (an id, a URI, an explorer item, or asks); loads the panels. */
  show(arg?: unknown): Promise<HistoryPanel | undefined>;
  /** The open panel of a resource; none before the panels load. */
  get(resourceId: string): HistoryPanel | undefined;
  all(): HistoryPanel[];
  /** Publish and restore, handed over by the publish feature; given to the panels when they load. */
  useOperations(operations: ServiceOperations): void;
  readonly onDidOpenPanel: vscode.Event<HistoryPanel>;
  /** The loaded panels (loads them). */
  load(): Promise<HistoryPanels>;
}

export function registerHistory(context: vscode.ExtensionContext, { options, ...deps }: HistoryDeps): HistoryFeature {
  let panels: HistoryPanels | undefined;
  let loading: Promise<HistoryPanels> | undefined;
  let operations: ServiceOperations | undefined;
  const opened = new vscode.EventEmitter<HistoryPanel>();
  const load = (): Promise<HistoryPanels> =>
    (loading ??= import('./host/historyPanels').then(({ HistoryPanels }) => {
      const loaded = new HistoryPanels({ extensionUri: context.extensionUri, ...deps }, options);
      if (operations) loaded.useOperations(operations);
      context.subscriptions.push(
        loaded,
        loaded.onDidOpenPanel((panel) => opened.fire(panel)),
      );
      return (panels = loaded);
    }));
  const feature: HistoryFeature = {
    show: async (arg) => (await load()).show(arg),
    get: (resourceId) => panels?.get(resourceId),
    all: () => panels?.all() ?? [],
    useOperations: (given) => {
      operations = given;
      panels?.useOperations(given);
    },
    onDidOpenPanel: opened.event,
    load,
  };
  context.subscriptions.push(
    opened,
    registerCommand(deps.log, COMMANDS.showHistory, (arg?: unknown) => feature.show(arg)),
  );
  return feature;
}
