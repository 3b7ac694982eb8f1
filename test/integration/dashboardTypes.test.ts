// Dashboard TSX in the real VS Code: wsa: dashboards open as "Dashboard TSX" (wsa-dashboard), and
// the extension's TypeScript language service answers VS Code's public provider commands; the
// built-in TypeScript features stand down, so nothing is shown twice. Waits on events only.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { SaveResult } from '../../src/documents/model/saveTypes';
import { editText, openFresh, revertAndCloseAll, wsaUri, useSavingSuite } from './fileHelpers';
import { eventToPromise, hasVariant, serviceFetch, type EmulatorInfo } from './helpers';

const LANGUAGE = 'wsa-dashboard';
const SOURCE = 'dashboard types';

describe('Dashboard types: completions, hovers, definitions and type errors in wsa: dashboards', function () {
  this.timeout(60_000);
  const suite = useSavingSuite();
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let ids: Record<string, string>;
  let admin: AdminClient;

  const typeErrors = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
  const checked = (uri: vscode.Uri) => api.dashboards.documents.whenChecked(uri);

  /** Opens a dashboard and waits until the language service has checked it as Dashboard TSX. */
  async function openDashboard(id: string, name: string): Promise<vscode.TextDocument> {
    const uri = wsaUri(emulator.workspaceId, 'dashboard', id, name);
    await openFresh(api, uri);
    await checked(uri);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())!;
    assert.equal(doc.languageId, LANGUAGE);
    return doc;
  }

  /** Replaces the text and waits for the type check of the new text. */
  async function edit(doc: vscode.TextDocument, change: (text: string) => string): Promise<string> {
    const text = await editText(doc, change);
    await checked(doc.uri);
    return text;
  }

  before(() => ({ emulator, api, ids, admin } = suite));
  afterEach(async () => {
    await vscode.workspace
      .getConfiguration('workspaceAutomation')
      .update('dashboards.typeDiagnostics', undefined, vscode.ConfigurationTarget.Global);
    await revertAndCloseAll();
  });

  it('completing a row of useOperationData offers the data run’s columns, each once', async function () {
    if (hasVariant(emulator, 'no-types')) this.skip();
    const doc = await openDashboard(ids.dashboardId!, 'Revenue by region');
    const text = await edit(
      doc,
      (t) => `${t}\nexport function Latest() {\n  const { rows = [] } = useOperationData();\n  return <p>{rows[0]?.}</p>;\n}\n`,
    );
    const at = doc.positionAt(text.lastIndexOf('?.') + 2);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, at, '.');
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.deepEqual([...labels].sort(), ['currency', 'lastOrderAt', 'orders', 'region', 'revenue'], 'the columns, and nothing twice');
  });

  it('hovering a React hook shows its type from @types/react, in one hover', async function () {
    const doc = await openDashboard(ids.dashboardId!, 'Revenue by region');
    const at = doc.positionAt(doc.getText().indexOf('useState<') + 3);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at);
    assert.equal(hovers.length, 1, 'one hover: the built-in TypeScript does not answer for Dashboard TSX');
    const shown = hovers[0]!.contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
    assert.match(shown, /useState<.*React\.Dispatch<React\.SetStateAction</s);
  });

  it('go to definition of a runtime component opens the service’s declarations, read-only', async function () {
    if (hasVariant(emulator, 'no-types')) this.skip();
    const doc = await openDashboard(ids.dashboardId!, 'Revenue by region');
    const at = doc.positionAt(doc.getText().indexOf('<Card') + 2);
    const found = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
      'vscode.executeDefinitionProvider',
      doc.uri,
      at,
    );
    assert.equal(found.length, 1);
    const target = found[0]!;
    const uri = 'targetUri' in target ? target.targetUri : target.uri;
    const range = 'targetUri' in target ? (target.targetSelectionRange ?? target.targetRange) : target.range;
    assert.equal(uri.scheme, 'wsa-types');
    const declarations = await vscode.workspace.openTextDocument(uri);
    assert.match(declarations.lineAt(range.start.line).text, /export function Card\(/);
  });

  it('a type error shows with its own source, goes with the setting, and does not block a save', async function () {
    if (hasVariant(emulator, 'no-types')) this.skip();
    const doc = await openDashboard(ids.churnDashboardId!, 'Customer churn');
    assert.deepEqual(typeErrors(doc.uri), []);
    await edit(doc, (t) => t.replace('const percent', 'const n: number = "x";\nconst percent'));
    const [error, ...others] = typeErrors(doc.uri);
    assert.deepEqual(others, []);
    assert.equal(error?.message, "Type 'string' is not assignable to type 'number'.");
    assert.equal(doc.getText(error.range), 'n');

    // The extension hears the change first (it subscribed at activation); then its check is awaited.
    const changed = eventToPromise(vscode.workspace.onDidChangeConfiguration, (e) =>
      e.affectsConfiguration('workspaceAutomation.dashboards.typeDiagnostics'),
    );
    await vscode.workspace
      .getConfiguration('workspaceAutomation')
      .update('dashboards.typeDiagnostics', false, vscode.ConfigurationTarget.Global);
    await changed;
    await checked(doc.uri);
    assert.deepEqual(typeErrors(doc.uri), [], 'the setting turns them off');

    const result = await vscode.commands.executeCommand<SaveResult>('workspaceAutomation.save', doc.uri);
    assert.equal(result.status, 'saved', 'the service is the judge of a type error');
    await editText(doc, (t) => t.replace('const n: number = "x";\n', ''));
    assert.equal((await vscode.commands.executeCommand<SaveResult>('workspaceAutomation.save', doc.uri)).status, 'saved');
  });

  it('in a large dashboard, the type errors on screen are shown first; those further down stay until the whole file is checked', async function () {
    const doc = await openDashboard(ids.churnDashboardId!, 'Customer churn');
    // 700 lines below what the service gave, with a wrong assignment far down, out of sight.
    const filler = Array.from({ length: 700 }, (_, i) => `export const filler${i} = ${i};`).join('\n');
    await edit(doc, (t) => `${t}\n${filler}\nconst below: number = 'far';\n`);
    assert.deepEqual(
      typeErrors(doc.uri).map((d) => doc.getText(d.range)),
      ['below'],
    );
    const editor = await vscode.window.showTextDocument(doc);
    editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    assert.ok(editor.visibleRanges[0]!.end.line < 200, 'the top of the dashboard is on screen, not its end');

    const seen: string[][] = [];
    // What the collection holds each time the extension shows a check (VS Code's own event is debounced).
    const listener = api.dashboards.documents.onDidUpdateDiagnostics((uri) => {
      if (uri.toString() === doc.uri.toString()) seen.push(typeErrors(doc.uri).map((d) => doc.getText(d.range)));
    });
    const before = api.dashboards.documents.checkStats.regionShown;
    try {
      await edit(doc, (t) => `const above: number = 'near';\n${t}`);
    } finally {
      listener.dispose();
    }
    assert.equal(api.dashboards.documents.checkStats.regionShown, before + 1, 'one on-screen check, for the last text');
    const first = seen.find((shown) => shown.includes('above'));
    assert.deepEqual(first, ['below', 'above'], 'the error on screen came with the one below kept');
    assert.deepEqual(seen.at(-1)?.sort(), ['above', 'below'], 'the whole file’s check shows both');
  });

  it('a dashboard and its revision open as Dashboard TSX from the first event: VS Code’s TypeScript never sees them @variants', async () => {
    // A name of its own makes each a document VS Code has not loaded yet, so each is opened anew.
    const name = `Opened as dashboard ${Date.now()}`;
    const listed = (await (await serviceFetch(emulator, `/v1/resources/${ids.dashboardResourceId}/revisions`)).json()) as {
      data: { items: { id: string }[] };
    };
    const uris = [
      wsaUri(emulator.workspaceId, 'dashboard', ids.dashboardId!, name),
      vscode.Uri.from({
        scheme: 'wsa-revision',
        path: `/${emulator.workspaceId}/dashboards/${ids.dashboardResourceId}/${listed.data.items[0]!.id}/${name}.tsx`,
      }),
    ];
    const opened: string[] = [];
    const listening = vscode.workspace.onDidOpenTextDocument((d) => {
      if (uris.some((u) => u.toString() === d.uri.toString())) opened.push(`${d.uri.scheme} ${d.languageId}`);
    });
    try {
      for (const uri of uris) await vscode.window.showTextDocument(uri, { preview: false });
    } finally {
      listening.dispose();
    }
    assert.deepEqual(opened, [`wsa ${LANGUAGE}`, `wsa-revision ${LANGUAGE}`], 'each opened once, as Dashboard TSX');
  });

  it('a document of another scheme in Dashboard TSX gets no hover, completion or type check from the extension', async () => {
    // Any text can be given the language; only the extension's own file systems are its to answer for.
    const text = 'import { useState } from "react";\nconst [count] = useState(0);\nconst n: number = "x";\ncount.';
    const doc = await vscode.workspace.openTextDocument({ language: LANGUAGE, content: text });
    await vscode.window.showTextDocument(doc);
    const since = (await admin.requests()).at(-1)?.seq ?? 0;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      doc.positionAt(text.indexOf('useState(') + 3),
    );
    assert.deepEqual(hovers, [], 'no hover');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      doc.positionAt(text.length),
      '.',
    );
    // What is left is VS Code's own word list (kind Text), from the open documents.
    const fromTypes = list.items.filter((i) => i.kind !== vscode.CompletionItemKind.Text).map((i) => i.label);
    assert.deepEqual(fromTypes, [], 'no completion from a language service');
    assert.deepEqual(typeErrors(doc.uri), [], 'no type error');
    assert.deepEqual(await admin.requests(since), [], 'nothing asked of the service');
  });

  it('every seed dashboard opens, and stays after an edit, with no type error whatever types the service serves @variants', async function () {
    const seeds: [string, string][] = [
      [ids.dashboardId!, 'Revenue by region'],
      [ids.churnDashboardId!, 'Customer churn'],
      [ids.longHistoryDashboardId!, 'Inventory alerts'],
    ];
    for (const [id, name] of seeds) {
      const doc = await openDashboard(id, name);
      assert.deepEqual(
        typeErrors(doc.uri).map((d) => d.message),
        [],
        `${name} as read`,
      );
      await edit(doc, (t) => t.replace('export default function', 'const edited = true;\nexport default function'));
      assert.deepEqual(
        typeErrors(doc.uri).map((d) => d.message),
        [],
        `${name} edited`,
      );
    }
  });
});
