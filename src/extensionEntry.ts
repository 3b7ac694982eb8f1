// The extension's entry, dist/main.js: it loads dist/extension.js (everything else) through V8's
// code cache kept in the extension's global storage (src/util/codeCache.ts), then hands activation
// to it. A window that starts again then deserializes the bundle instead of compiling it.
import { join } from 'node:path';
import type * as vscode from 'vscode';
import type * as extension from './extension';
import { loadWithCodeCache } from './util/codeCache';

let loaded: typeof extension | undefined;

export function activate(context: vscode.ExtensionContext): ReturnType<typeof extension.activate> {
  loaded ??= loadWithCodeCache<typeof extension>(
    join(__dirname, 'extension.js'),
    join(context.globalStorageUri.fsPath, 'code-cache'),
  ).exports;
  return loaded.activate(context);
}

export function deactivate(): void {
  loaded?.deactivate();
}
