// The extension's entry, dist/main.js: it loads dist/extension.js (everything else) and, as they are
// required, its chunks dist/extension-<name>-<hash>.js (esbuild.mjs) through V8's code cache kept in
// the extension's global storage (src/util/codeCache.ts), then hands activation to it. A window that
// starts again then deserializes the bundles instead of compiling them.
import { join } from 'node:path';
import type * as vscode from 'vscode';
import type * as extension from './extension';
import { loadWithCodeCache } from './util/codeCache';

/** How dist/extension.js and its chunks name a chunk (esbuild.mjs: `chunkNames`). */
export const EXTENSION_CHUNK = /^\.\/extension-[\w-]+-[A-Z0-9]{8}\.js$/;

let loaded: typeof extension | undefined;

export function activate(context: vscode.ExtensionContext): ReturnType<typeof extension.activate> {
  loaded ??= loadWithCodeCache<typeof extension>(join(__dirname, 'extension.js'), join(context.globalStorageUri.fsPath, 'code-cache'), {
    siblings: EXTENSION_CHUNK,
  }).exports;
  return loaded.activate(context);
}

export function deactivate(): void {
  loaded?.deactivate();
}
