// The documents' files (src/documents/index.ts registers them with the conflicts and the save
// commands): the `wsa:` file system with its guarded saves, held auto saves and remote change
// checks, the read-only `wsa-revision:` file system and its revision cache, and the diagnostics
// that say why a save was refused.
import * as vscode from 'vscode';
import type { Configuration } from '../../manifest/config';
import type { ConnectionProvider } from '../../connection/api';
import type { Pins, WriteGuard } from '../../environments/api';
import type { FileView } from '../../kinds/resourcePath';
import { DocumentStore } from '../model/documentStore';
import { RevisionCache } from '../model/revisionCache';
import type { ServerSnapshot } from '../model/saveTypes';
import { ownedBy } from '../../util/lifecycle';
import { SaveDiagnostics } from './saveDiagnostics';
import { validateText } from '../validation/validate';
import { DocumentRegistry } from './documentRegistry';
import { DocumentSaver, type DocumentSaverOptions } from './documentSaver';
import { HeldSaves } from './heldSaves';
import { HeldSavesUi } from './heldSavesUi';
import { RemoteChangeWatcher } from './remoteChanges';
import { RevisionFileSystem } from './revisionFileSystem';
import { WsaFileSystem } from './wsaFileSystem';

export interface FilesDeps {
  log: vscode.LogOutputChannel;
  config: Configuration;
  connection: ConnectionProvider;
  options?: DocumentSaverOptions;
  /** The production guard every save asks first. */
  guard?: WriteGuard;
  /** Which connection a `wsa:` URI is pinned to, and whether it may be used now. */
  pins?: Pins;
}

export interface FilesFeature {
  readonly revisions: RevisionCache;
  /** Why the last save of a document was refused: diagnostics in the "Workspace Automation" collection. */
  readonly diagnostics: SaveDiagnostics;
  readonly held: HeldSaves;
  /** The held saves' badge and status bar item. */
  readonly heldUi: HeldSavesUi;
  /** Every save of a `wsa:` file. */
  readonly saves: DocumentSaver;
  readonly fileSystem: WsaFileSystem;
  /** Which resource a `wsa:` URI names, its session; `refresh(uri)` reads it again (a clean document reloads). */
  readonly documents: DocumentRegistry;
  /** The service state an open `wsa:` document is based on (the dashboard language reads its data run). */
  readonly baseOf: (uri: vscode.Uri) => ServerSnapshot | undefined;
}

export function registerFiles(
  context: vscode.ExtensionContext,
  { log, config, connection, options, guard, pins }: FilesDeps,
): FilesFeature {
  const own = ownedBy(context.subscriptions);
  const revisions = new RevisionCache(() => connection.require().client);
  own(connection.onDidChangeConnection(() => revisions.clear()));
  const diagnostics = own(new SaveDiagnostics(log));
  // Local validation runs before a save is sent; the TSX parser is a bundle of its own, required on
  // the first dashboard save only.
  const tsxCheckPath = vscode.Uri.joinPath(context.extensionUri, 'dist', 'tsx-check.js').fsPath;
  const validate = (view: FileView, text: string) => validateText(view, text, { tsxCheckPath });
  // One owner of every document's state; the classes below adapt VS Code to it.
  const store = own(new DocumentStore({ state: context.workspaceState, log }));
  const held = own(new HeldSaves(store));
  const documents = own(new DocumentRegistry(connection, revisions, store, held, log, pins));
  own(new RevisionFileSystem(connection, revisions, async (uri, workspaceId) => (await documents.otherReach(uri, workspaceId))?.revisions));
  const saves = own(new DocumentSaver(documents, config, diagnostics, validate, log, options, guard));
  const fileSystem = own(new WsaFileSystem(documents, saves));
  own(new RemoteChangeWatcher(documents, log));
  const heldUi = own(new HeldSavesUi(held, guard));
  const baseOf = (uri: vscode.Uri) => store.editorBase(uri.toString());
  return { revisions, diagnostics, held, heldUi, saves, fileSystem, documents, baseOf };
}
