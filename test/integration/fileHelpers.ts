// Shared by the `wsa:` file suites: the set-up of a suite that saves, open a document based on the
// service's current state, edit it as a person would, and leave no dirty editor behind.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { FileView } from '../../src/kinds/resourcePath';
import { connectSuite, eventToPromise, type SuiteContext } from './helpers';

const FOLDERS: Record<FileView, string> = {
  dashboard: 'dashboards',
  database: 'databases',
  fact: 'facts',
  operationHandler: 'operations',
  operation: 'operations',
  app: 'apps',
  writeSync: 'write-syncs',
};
const SUFFIXES: Record<FileView, string> = {
  dashboard: '.tsx',
  database: '.json',
  fact: '.json',
  operationHandler: '.handler.ts',
  operation: '.json',
  app: '.json',
  writeSync: '.json',
};

/**
 * VS Code for the web auto saves a second after an edit by default: suites that save on purpose set
 * `'off'` before and `undefined` (the default again) after.
 */
export async function setAutoSave(value: 'off' | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('files').update('autoSave', value, vscode.ConfigurationTarget.Global);
}

/**
 * The hooks of a suite that saves `wsa:` documents on purpose. Before it: the extension signed in
 * to the session's emulator with no faults armed (`connectSuite`), VS Code's auto save off, every
 * editor closed unsaved. After it: auto save back to its default (and, with `closeAfter`, the
 * editors closed again). With `cleanEachTest`, after each test: the faults it armed cleared and its
 * editors closed unsaved. Call it first in the describe body, so that its hooks run before the
 * suite's own: the context it returns is filled when they run.
 */
export function useSavingSuite(options: { cleanEachTest?: boolean; closeAfter?: boolean } = {}): SuiteContext {
  const suite = {} as SuiteContext;
  before(async function () {
    Object.assign(suite, await connectSuite(this));
    await setAutoSave('off');
    await revertAndCloseAll();
  });
  after(async () => {
    await setAutoSave(undefined);
    if (options.closeAfter) await revertAndCloseAll();
  });
  if (options.cleanEachTest)
    afterEach(async () => {
      await suite.admin.clearFaults();
      await revertAndCloseAll();
    });
  return suite;
}

export function wsaUri(workspaceId: string, view: FileView, id: string, name: string): vscode.Uri {
  return vscode.Uri.from({ scheme: 'wsa', path: `/${workspaceId}/${FOLDERS[view]}/${id}/${name}${SUFFIXES[view]}` });
}

/**
 * Opens and shows the document, based on what the service holds now. Other suites (and emulator
 * resets) may have left it open on an older state; a refresh brings an untouched document up to date.
 */
export async function openFresh(api: WorkspaceAutomationApi, uri: vscode.Uri): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  const reloaded = eventToPromise(vscode.workspace.onDidChangeTextDocument, (e) => e.document === doc);
  if ((await api.files.refresh(uri)) === 'changed') await reloaded;
  return doc;
}

/** Replaces the whole text with `change(text)`, as one edit; the document is then dirty. */
export async function editText(doc: vscode.TextDocument, change: (text: string) => string): Promise<string> {
  // A clean document may be reloaded from the service while the edit is on its way (a write sync
  // or app is read again after its save): VS Code then refuses the edit as made on an older text,
  // and it is made again on the new one, as a person types again after the editor reloaded.
  for (let attempt = 1; ; attempt++) {
    const version = doc.version;
    const next = change(doc.getText());
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), next);
    const applied = await vscode.workspace.applyEdit(edit);
    if (!applied && doc.version !== version && !doc.isDirty && attempt < 3) continue;
    assert.ok(applied, 'the edit applies');
    assert.ok(doc.isDirty);
    return next;
  }
}

/** Reverts every dirty `wsa:` document (no "Save changes?" dialog) and closes all editors. */
export async function revertAndCloseAll(): Promise<void> {
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'wsa')) {
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
