// The documents feature: the life of a `wsa:` document from read to save. Its file systems, saves,
// held auto saves and diagnostics (files/registerFiles.ts), Compare / Merge / Overwrite for a save
// that met a stale token (conflicts/), and the commands that save on purpose (Ctrl+S) or send and
// discard held auto saves.
import type * as vscode from 'vscode';
import type { Configuration } from '../manifest/config';
import type { ConnectionProvider } from '../connection/api';
import type { Pins, WriteGuard } from '../environments/api';
import type { ConflictMergeOptions } from './conflicts/conflictMerge';
import { ConflictResolver } from './conflicts/conflictResolver';
import type { DocumentSaverOptions } from './files/documentSaver';
import { registerFiles, type FilesFeature } from './files/registerFiles';
import { registerSaveCommands } from './files/saveCommands';

export interface DocumentsDeps {
  log: vscode.LogOutputChannel;
  config: Configuration;
  connection: ConnectionProvider;
  options?: { files?: DocumentSaverOptions; conflicts?: ConflictMergeOptions };
  /** The production guard every save asks first. */
  guard?: WriteGuard;
  /** Which connection a `wsa:` URI is pinned to, and whether it may be used now. */
  pins?: Pins;
}

export interface DocumentsFeature extends FilesFeature {
  /** Compare / Merge / Overwrite for a save that met a stale token. */
  readonly conflicts: ConflictResolver;
}

export function registerDocuments(
  context: vscode.ExtensionContext,
  { log, config, connection, options, guard, pins }: DocumentsDeps,
): DocumentsFeature {
  const files = registerFiles(context, { log, config, connection, options: options?.files, guard, pins });
  const conflicts = new ConflictResolver(log, files.saves, files.diagnostics, options?.conflicts);
  context.subscriptions.push(conflicts, ...registerSaveCommands(log, files.saves, files.held, conflicts));
  return { ...files, conflicts };
}
