// Hostile input at the extension's two doors in VS Code. The history webview: a strict CSP with a
// fresh nonce and no remote origin, only its own files; malformed, oversized or foreign messages are
// refused or ignored (nothing opened, asked or requested) and the panel keeps working. The `wsa:`
// and `wsa-revision:` file systems: paths that traverse, carry a wrong id prefix, name another
// workspace or no resource at all are refused with a clear FileSystemError, and no request reaches
// the service. No crafted URI of any scheme we serve (`wsa:`, `wsa-revision:`, `wsa-types:`,
// `wsa-snapshot:`) shows a local file, however it spells its way out. Explorer tooltips show
// service text with links, images and theme icons as text.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import * as vscode from 'vscode';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { DemoInfo } from '../../src/emulator/types';
import type { WorkspaceAutomationApi } from '../../src/extension';
import { parseFilePath } from '../../src/kinds/resourcePath';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import type { HistoryState } from '../../src/history/protocol/protocol';
import { escapeMarkdownLine } from '../../src/util/markdown';
import { editText, openFresh, revertAndCloseAll, wsaUri } from './fileHelpers';
import { connectSuite, eventToPromise, serviceFetch, type EmulatorInfo } from './helpers';
import { findItem, restoreHarnessConnection, treeItem, untilConnection } from './explorerSupport';

describe('Security: hostile input at the webview and the file systems', function () {
  this.timeout(60_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let demo: DemoInfo;

  const lastSeq = async () => (await admin.requests()).at(-1)?.seq ?? 0;
  const tabCount = () => vscode.window.tabGroups.all.reduce((n, g) => n + g.tabs.length, 0);

  async function showHistory(target: Record<string, unknown>): Promise<{ panel: HistoryPanel; state: HistoryState }> {
    const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', target))!;
    const state = panel.state ?? (await eventToPromise(panel.onDidChangeState));
    await panel.whenIdle();
    return { panel, state };
  }

  before(async function () {
    ({ emulator, api, admin, demo } = await connectSuite(this));
    await revertAndCloseAll();
  });

  after(async () => {
    for (const panel of api?.history.all() ?? []) panel.dispose();
    await revertAndCloseAll();
  });

  it('the history webview has a strict CSP with a fresh nonce, no remote origin, and loads only the extension’s own files', async () => {
    const a = await showHistory({
      kind: 'dashboard',
      id: demo.ids.churnDashboardId,
      resourceId: demo.ids.churnDashboardResourceId,
      name: 'Customer churn',
    });
    const b = await showHistory({ kind: 'database', id: demo.ids.databaseId, name: 'Orders' });
    const nonces: string[] = [];
    for (const { panel } of [a, b]) {
      const { html, cspSource, options } = panel.panel.webview;
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
      assert.ok(csp, 'a CSP meta tag');
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...sources]) => [name!, sources]),
      );
      assert.deepEqual(directives.get('default-src'), ["'none'"], 'everything not named is blocked');
      const scripts = directives.get('script-src') ?? [];
      assert.equal(scripts.length, 1, 'scripts from one source only');
      const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(scripts[0]!)?.[1];
      assert.ok(nonce && Buffer.from(nonce, 'base64').length >= 16, `a nonce of at least 128 bits: ${scripts[0]}`);
      nonces.push(nonce);
      // VS Code serves the extension's own files to webviews from `webview.cspSource` (its resource
      // origin); any other origin would be remote content.
      const allowed = new Set(["'none'", "'self'", `'nonce-${nonce}'`, ...cspSource.split(/\s+/)]);
      for (const [name, sources] of directives) {
        for (const source of sources) {
          assert.ok(allowed.has(source) || (name === 'img-src' && source === 'data:'), `${name} allows ${source}`);
        }
      }
      assert.ok(!/unsafe-/.test(csp), 'no unsafe-inline or unsafe-eval');
      // Every script and stylesheet is inline and carries the nonce (webviewAssets.ts says why);
      // the only files the page loads (its fonts) come from the extension's dist/webview or media.
      const scriptTags = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      assert.ok(
        scriptTags.length > 0 && scriptTags.every((attrs) => attrs.includes(`nonce="${nonce}"`) && !/\bsrc=/.test(attrs)),
        'only inline scripts with the nonce',
      );
      const styleTags = [...html.matchAll(/<style\b([^>]*)>/g)].map((m) => m[1]!);
      assert.ok(
        styleTags.length >= 2 && styleTags.every((attrs) => attrs.includes(`nonce="${nonce}"`)),
        'the stylesheets inline with the nonce',
      );
      assert.deepEqual(directives.get('style-src'), [`'nonce-${nonce}'`], 'styles only from the page itself');
      assert.ok(!/<link\b/.test(html), 'no linked files');
      // The markup itself, without the inlined script and stylesheet bodies.
      const markup = html.replace(/(<(script|style)\b[^>]*>)[\s\S]*?(<\/\2>)/g, '$1$3');
      assert.ok(!/\son[a-z]+\s*=/.test(markup), 'no inline event handlers');
      const extensionUri = vscode.extensions.getExtension('workspace-automation.workspace-automation')!.extensionUri;
      const root = panel.panel.webview.asWebviewUri(extensionUri).toString();
      const urls = [...html.matchAll(/\b(?:src|href)="([^"]+)"|url\("([^"]+)"\)/g)].map((m) => (m[1] ?? m[2])!.replace(/&amp;/g, '&'));
      assert.ok(
        urls.some((url) => url.includes('codicon.ttf')),
        'the icon font',
      );
      for (const url of urls)
        assert.ok(url.startsWith(`${root}/dist/webview/`) || url.startsWith(`${root}/media/`), `${url} is the extension’s own file`);
      assert.equal(options.enableCommandUris, false, 'no command: links');
      const roots = [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')].map(String);
      assert.deepEqual(options.localResourceRoots?.map(String), roots, 'files only from dist/webview and media');
    }
    assert.notEqual(nonces[0], nonces[1], 'a fresh nonce per panel');
    a.panel.dispose();
    b.panel.dispose();
  });

  it('malformed, oversized and foreign webview messages are refused or ignored: nothing opens, asks or reaches the service, and the panel keeps working', async () => {
    const { panel, state } = await showHistory({
      kind: 'dashboard',
      id: demo.ids.churnDashboardId,
      resourceId: demo.ids.churnDashboardResourceId,
      name: 'Customer churn',
    });
    // Revisions that exist, but in another resource's history.
    const foreign = (await (await serviceFetch(emulator, `/v1/resources/${demo.ids.databaseId}/revisions`)).json()) as {
      data: { items: { id: string }[] };
    };
    const [f1, f2] = foreign.data.items.map((i) => i.id);
    const own = state.items[0]!.id;
    const deep = (n: number): unknown => (n === 0 ? 'rvsn_x' : { nested: deep(n - 1) });
    const malformed: unknown[] = [
      JSON.parse(`{"type":"open","revisionId":"${own}","__proto__":{"polluted":true}}`),
      JSON.parse('{"type":"__proto__"}'),
      { type: 'constructor' },
      { type: 'toString' },
      { type: 'ready', extra: 1 },
      { type: 'open', revisionId: `${own}\n../../etc/passwd` },
      { type: 'open', revisionId: `rvsn_${'x'.repeat(1_000_000)}` },
      { type: 'open', revisionId: `oper_${own.slice(5)}` },
      { type: 'compare', left: own, right: deep(2_000) },
      { type: 'compare', left: own },
      { type: 'loadStats', revisionIds: Array.from({ length: 101 }, () => own) },
      { type: 'loadStats', revisionIds: [own, 42] },
      { type: 'rendered', rows: -1, total: 0, ms: 0 },
      { type: 'restore', revisionId: [own] },
      { type: 'copyId', revisionId: { toString: () => own } },
      [{ type: 'refresh' }],
      'refresh',
      42,
      true,
      null,
      undefined,
    ];
    const foreignButWellFormed: unknown[] = [
      { type: 'open', revisionId: f1 },
      { type: 'compare', left: own, right: f1 },
      { type: 'compare', left: f1, right: f2 },
      { type: 'compareWithDraft', revisionId: f1 },
      { type: 'compareWithPublished', revisionId: f1 },
      { type: 'showChanges', revisionId: f1 },
      { type: 'restore', revisionId: f1 },
      { type: 'copyId', revisionId: f1 },
      { type: 'loadStats', revisionIds: [f1, f2] },
    ];
    let asked = 0;
    const dialogs = api.testing.useOperationDialogs({ ask: async () => (asked++, undefined) });
    const since = await lastSeq();
    const tabs = tabCount();
    const documents = vscode.workspace.textDocuments.length;
    let handled = 0;
    const handledSub = panel.onDidHandleMessage(() => handled++);
    try {
      for (const raw of malformed) assert.equal(await panel.deliver(raw), false, `refused: ${JSON.stringify(raw)?.slice(0, 80)}`);
      assert.equal(handled, 0, 'none of them was acted on');
      for (const raw of foreignButWellFormed)
        assert.equal(await panel.deliver(raw), true, `checked and handled as nothing: ${JSON.stringify(raw)}`);
      await panel.whenIdle();
    } finally {
      handledSub.dispose();
      dialogs.dispose();
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype is untouched');
    assert.equal(asked, 0, 'no restore was offered');
    assert.equal(tabCount(), tabs, 'no editor opened');
    assert.equal(vscode.workspace.textDocuments.length, documents, 'no document loaded');
    assert.deepEqual(
      (await admin.requests(since)).map((r) => `${r.method} ${r.path}`),
      [],
      'nothing reached the service',
    );
    // And it still answers its own messages.
    const refreshed = eventToPromise(panel.onDidChangeState);
    assert.ok(await panel.deliver({ type: 'refresh' }));
    assert.equal((await refreshed).items[0]!.id, own);
    panel.dispose();
  });

  it('wsa: and wsa-revision: paths that traverse, carry a wrong prefix, name another workspace or nothing are refused with a FileSystemError, and nothing is requested', async () => {
    const ws = emulator.workspaceId;
    // The explorer polls an app another suite left deploying: reads of its own, not of these paths.
    const pollingAtStart = api.explorer.poller.polling;
    const background = (r: { method: string; path: string }) =>
      r.method === 'GET' && [...pollingAtStart, ...api.explorer.poller.polling].some((id) => r.path === `/v1/apps/${id}`);
    const { ids } = demo;
    const revision = (
      (await (await serviceFetch(emulator, `/v1/resources/${ids.dashboardResourceId}/revisions`)).json()) as {
        data: { items: { id: string }[] };
      }
    ).data.items[0]!.id;
    const wsa = (path: string) => vscode.Uri.from({ scheme: 'wsa', path });
    const rev = (path: string) => vscode.Uri.from({ scheme: 'wsa-revision', path });
    const hostile: [string, vscode.Uri][] = [
      ['traversal to another resource', wsa(`/${ws}/dashboards/../facts/${ids.factId}/Gross margin.json`)],
      ['traversal out of the workspace', wsa(`/${ws}/../${demo.otherWorkspaceId}/dashboards/${ids.dashboardId}/X.tsx`)],
      ['a "." segment', wsa(`/${ws}/dashboards/./${ids.dashboardId}/X.tsx`)],
      ['traversal as the id', wsa(`/${ws}/dashboards/../X.tsx`)],
      ['an encoded traversal', vscode.Uri.parse(`wsa:/${ws}/dashboards/%2e%2e/facts/${ids.factId}/X.json`)],
      ['an encoded slash in the id', vscode.Uri.parse(`wsa:/${ws}/dashboards/${ids.dashboardId}%2F..%2F..%2Ffacts/X.tsx`)],
      ['a database id in the dashboards folder', wsa(`/${ws}/dashboards/${ids.databaseId}/X.tsx`)],
      ['a dashboard id in the facts folder', wsa(`/${ws}/facts/${ids.dashboardId}/X.json`)],
      ['a fact id as a database', wsa(`/${ws}/databases/${ids.factId}/X.json`)],
      ['a malformed id', wsa(`/${ws}/dashboards/oper_/X.tsx`)],
      ['an id with a query-like tail', wsa(`/${ws}/dashboards/${ids.dashboardId}?x=1/X.tsx`)],
      ['an unknown folder', wsa(`/${ws}/secrets/${ids.dashboardId}/X.tsx`)],
      ['a wrong suffix', wsa(`/${ws}/dashboards/${ids.dashboardId}/X.exe`)],
      ['no workspace', wsa(`/dashboards/${ids.dashboardId}/X.tsx`)],
      ['an id where the workspace belongs', wsa(`/${ids.dashboardId}/dashboards/${ids.dashboardId}/X.tsx`)],
      ['extra segments', wsa(`/${ws}/dashboards/${ids.dashboardId}/more/X.tsx`)],
      ['the other workspace of the same key', wsa(`/${demo.otherWorkspaceId}/operations/${ids.otherWorkspaceOperationId}/X.json`)],
      ['an unknown workspace', wsa(`/wksp_someoneElse01/dashboards/${ids.dashboardId}/X.tsx`)],
      ['a revision under an operation id instead of the dashboard resource', rev(`/${ws}/dashboards/${ids.dashboardId}/${revision}/X.tsx`)],
      ['a revision path with traversal', rev(`/${ws}/dashboards/${ids.dashboardResourceId}/../${revision}/X.tsx`)],
      ['a revision id that is not one', rev(`/${ws}/dashboards/${ids.dashboardResourceId}/${ids.factId}/X.tsx`)],
      ['a revision of a fact (no history)', rev(`/${ws}/facts/${ids.factId}/${revision}/X.json`)],
      ['a revision in another workspace', rev(`/${demo.otherWorkspaceId}/dashboards/${ids.dashboardResourceId}/${revision}/X.tsx`)],
    ];
    const clear =
      /not a Workspace Automation file|not a folder of Workspace Automation files|belongs to workspace|signed in to workspace|does not name|where a .* belongs|segment|workspace id|not a revision/;
    const since = await lastSeq();
    const failures: string[] = [];
    for (const [what, uri] of hostile) {
      const operations: [string, () => Thenable<unknown>][] = [
        ['stat', () => vscode.workspace.fs.stat(uri)],
        ['readFile', () => vscode.workspace.fs.readFile(uri)],
        ['writeFile', () => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('overwritten'))],
      ];
      for (const [op, run] of operations) {
        try {
          await run();
          failures.push(`${what}: ${op} succeeded`);
        } catch (e) {
          if (!(e instanceof vscode.FileSystemError)) failures.push(`${what}: ${op} threw ${String(e)}, not a FileSystemError`);
          // (A revision can never be written: that refusal says so without looking at the path.)
          else if ((op !== 'writeFile' || uri.scheme === 'wsa') && !clear.test(e.message))
            failures.push(`${what}: ${op}: unclear message ${JSON.stringify(e.message)}`);
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(
      (await admin.requests(since)).filter((r) => !background(r)).map((r) => `${r.method} ${r.path}`),
      [],
      'no request reached the service',
    );

    // Opening them as documents: VS Code resolves "." and ".." segments (RFC 3986) before it asks
    // the file system, so a path with them opens what the resolved path names, when that is a
    // resource of the signed-in workspace; never anything else, and never another workspace's.
    const opened = await lastSeq();
    const allowedIds: string[] = [];
    for (const [what, uri] of hostile) {
      const resolved = posix.normalize(uri.path);
      let doc: vscode.TextDocument | undefined;
      try {
        doc = await vscode.workspace.openTextDocument(uri);
      } catch {
        continue;
      }
      assert.notEqual(resolved, uri.path, `${what}: only a path VS Code resolves may open`);
      assert.equal(doc.uri.path, resolved, `${what}: it opens the resolved path`);
      const file = parseFilePath(resolved);
      assert.equal(file.workspaceId, ws, `${what}: in the signed-in workspace`);
      allowedIds.push(file.id);
    }
    // An opened dashboard also has its types read: the runtime's declarations and its data run.
    const dataRuns: string[] = [];
    for (const id of allowedIds.filter((i) => i.startsWith('oper_'))) {
      const source = await serviceFetch(emulator, `/v1/dashboards/${id}/source`);
      if (source.ok) dataRuns.push(((await source.json()) as { data: { dataRunId: string } }).data.dataRunId);
    }
    const typesOf = (path: string) =>
      path === '/v1/dashboard-runtime/types' || dataRuns.some((run) => path === `/v1/operation-runs/${run}`);
    // Else the loop below would pass on nothing: some paths resolve into the workspace and are read.
    assert.ok(allowedIds.length > 0, 'some paths resolve to a resource of the signed-in workspace and open');
    const openedRequests = await admin.requests(opened);
    assert.ok(openedRequests.length > 0, 'opening them read from the service');
    for (const r of openedRequests)
      assert.ok(
        allowedIds.some((id) => r.path.includes(id)) || (dataRuns.length > 0 && typesOf(r.path)) || background(r),
        `${r.method} ${r.path} is for a resource a resolved path names`,
      );

    // An id of the other workspace under the signed-in workspace's path is asked of the signed-in
    // workspace only — for that id, never for another resource — and is not found there.
    const borrowed = wsa(`/${ws}/operations/${ids.otherWorkspaceOperationId}/X.json`);
    const before = await lastSeq();
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.readFile(borrowed)),
      (e: vscode.FileSystemError) => e.code === 'FileNotFound' && /not found/.test(e.message),
    );
    const asked = await admin.requests(before);
    assert.ok(
      asked.length > 0 && asked.every((r) => r.path.includes(ids.otherWorkspaceOperationId!) && r.workspace === ws && r.status === 404),
      JSON.stringify(asked.map((r) => [r.path, r.workspace, r.status])),
    );
  });

  it('signed out, every wsa: and wsa-revision: path is refused with a FileSystemError and nothing is requested', async () => {
    const ws = emulator.workspaceId;
    const { ids } = demo;
    const revision = (
      (await (await serviceFetch(emulator, `/v1/resources/${ids.dashboardResourceId}/revisions`)).json()) as {
        data: { items: { id: string }[] };
      }
    ).data.items[0]!.id;
    await api.connection.signOut();
    try {
      await untilConnection(api, (c) => c === undefined);
      const since = await lastSeq();
      for (const uri of [
        vscode.Uri.from({ scheme: 'wsa', path: `/${ws}/dashboards/${ids.dashboardId}/Signed out.tsx` }),
        vscode.Uri.from({ scheme: 'wsa-revision', path: `/${ws}/dashboards/${ids.dashboardResourceId}/${revision}/Signed out.tsx` }),
      ]) {
        await assert.rejects(
          Promise.resolve(vscode.workspace.fs.readFile(uri)),
          (e: vscode.FileSystemError) => e instanceof vscode.FileSystemError && e.code === 'Unavailable' && /not signed in/.test(e.message),
          uri.scheme,
        );
      }
      assert.deepEqual(await admin.requests(since), []);
    } finally {
      await restoreHarnessConnection(api, emulator);
    }
  });

  it('no crafted wsa:, wsa-revision:, wsa-types: or wsa-snapshot: URI shows a local file, however it spells its way out', async () => {
    const marker = `MARKER ${randomBytes(8).toString('hex')}: a local file no crafted URI may show`;
    const file = join(tmpdir(), `wsa-marker-${randomBytes(4).toString('hex')}.txt`);
    writeFileSync(file, marker);
    try {
      const ws = emulator.workspaceId;
      const { ids } = demo;
      const up = '../'.repeat(16);
      const upEncoded = '%2e%2e/'.repeat(16);
      const upSlashEncoded = '..%2f'.repeat(16);
      const upBackslash = '..\\'.repeat(16);
      const upDouble = '%252e%252e%252f'.repeat(16);
      const target = file.slice(1);
      const spellings = (prefix: string): string[] => [
        `${prefix}/${up}${target}`,
        `${prefix}/${upEncoded}${target}`,
        `${prefix}/${upSlashEncoded}${target.replace(/\//g, '%2f')}`,
        `${prefix}/${upBackslash}${target.replace(/\//g, '\\')}`,
        `${prefix}/${upDouble}${target}`,
        `${prefix}/..%5c..%5c..%5c..%5c..%5c..%5c..%5c..%5c${target.replace(/\//g, '%5c')}`,
        file,
      ];
      const crafted: vscode.Uri[] = [];
      for (const [scheme, prefixes] of [
        ['wsa-types', ['/lib', '/node_modules/@types/react', '/node_modules/csstype', '/wsa']],
        ['wsa', [`/${ws}/dashboards/${ids.dashboardId}`, `/${ws}`]],
        ['wsa-revision', [`/${ws}/dashboards/${ids.dashboardResourceId}`]],
        ['wsa-snapshot', ['/1/Yours']],
      ] as const) {
        for (const prefix of prefixes)
          for (const path of spellings(prefix)) {
            // Both ways a URI is made: from a path as it stands, and parsed from text (escapes decoded once).
            crafted.push(vscode.Uri.from({ scheme, path }));
            crafted.push(vscode.Uri.parse(`${scheme}:${path}`));
          }
      }
      const failures: string[] = [];
      for (const uri of crafted) {
        if (uri.scheme !== 'wsa-types') {
          try {
            const bytes = await vscode.workspace.fs.readFile(uri);
            failures.push(`${uri.toString()}: readFile gave ${bytes.byteLength} bytes`);
          } catch (e) {
            if (!(e instanceof vscode.FileSystemError)) failures.push(`${uri.toString()}: readFile threw ${String(e)}`);
          }
        }
        try {
          const doc = await vscode.workspace.openTextDocument(uri);
          // Refused, not an empty document: nothing outside the scheme's root exists.
          failures.push(
            `${uri.toString()}: opened (${doc.getText().includes(marker) ? 'THE LOCAL FILE' : `${doc.getText().length} characters`})`,
          );
        } catch {
          // refused
        }
      }
      assert.deepEqual(failures, []);
      // A shipped declaration still opens.
      const lib = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'wsa-types', path: '/lib/lib.es5.d.ts' }));
      assert.match(lib.getText(), /interface Array<T>/);
    } finally {
      rmSync(file, { force: true });
      await revertAndCloseAll();
    }
  });

  it('explorer tooltips show a name and a definition with a link, an image and a theme icon as text', async () => {
    const { ids } = demo;
    const path = `/v1/facts/${ids.factId}`;
    const original = ((await (await serviceFetch(emulator, path)).json()) as { data: Record<string, unknown> }).data;
    const name = `Margin [link](https://x.example) ![img](http://x.example/p.png) $(alert) <b>html</b>`;
    const definition = `See [docs](command:workbench.action.openSettings) and ![t](http://tracker.example/t.png) $(alert)`;
    const put = (body: Record<string, unknown>) => serviceFetch(emulator, path, { method: 'PUT', body: JSON.stringify(body) });
    assert.equal((await put({ ...original, name, definition })).status, 200);
    try {
      await api.explorer.model.refresh();
      const item = treeItem(api, await findItem(api, 'facts', ids.factId!));
      assert.equal(item.label, name, 'the label is the name as it is');
      const tooltip = item.tooltip;
      assert.ok(tooltip instanceof vscode.MarkdownString, 'a Markdown tooltip');
      assert.ok(!tooltip.isTrusted && !tooltip.supportHtml && !tooltip.supportThemeIcons, 'untrusted, no HTML, no theme icons');
      const value = tooltip.value;
      assert.ok(value.startsWith(`**${escapeMarkdownLine(name)}**`), `the name, bold and escaped: ${value}`);
      for (const raw of [
        '[link](https://x.example)',
        '![img](http://x.example/p.png)',
        '$(alert)',
        '<b>',
        '[docs](command:',
        '![t](http://tracker',
      ])
        assert.ok(!value.includes(raw), `${raw} is escaped in ${value}`);
      assert.ok(value.includes('\\[link\\]\\(https\\:\\/\\/x\\.example\\)') && value.includes('\\$\\(alert\\)'), value);
      assert.ok(value.includes(`\`${ids.factId}\``), 'the id still in a code span');
    } finally {
      assert.equal((await put(original)).status, 200);
      await api.explorer.model.refresh();
    }
  });

  it('hover and completion docs of declarations show their links, images, icons and HTML as text', async () => {
    const { ids } = demo;
    const uri = wsaUri(emulator.workspaceId, 'dashboard', ids.dashboardId!, 'Revenue by region');
    const doc = await openFresh(api, uri);
    try {
      const docs = 'Docs [link](https://x.example) ![img](http://x.example/p.png) $(alert) <b>html</b> www.auto.example';
      const text = await editText(
        doc,
        (t) => `${t}\n/** ${docs} */\nexport const hostileDoc = "\`\`\`\\n![x](http://x.example/fence)" as const;\nvoid hostileDoc;\n`,
      );
      await api.dashboards.documents.whenChecked(uri);
      const at = doc.positionAt(text.lastIndexOf('hostileDoc') + 3);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, at);
      assert.equal(hovers.length, 1);
      const parts = hovers[0]!.contents.map((c) => (c instanceof vscode.MarkdownString ? c : new vscode.MarkdownString(String(c))));
      for (const md of parts) assert.ok(!md.isTrusted && !md.supportHtml && !md.supportThemeIcons, 'untrusted, no HTML, no icons');
      const value = parts.map((c) => c.value).join('\n');
      assert.ok(value.includes('\\[link\\]\\(https\\:\\/\\/x\\.example\\)'), `the docs escaped: ${value}`);
      for (const raw of ['[link](https://x.example)', '![img](http://x.example/p.png)', '$(alert)', '<b>', 'www.auto'])
        assert.ok(!value.includes(raw), `${raw} is escaped in ${value}`);
      // The declaration holds a fence of three backticks: the block around it is longer.
      assert.match(value, /^````typescript\n[\s\S]*```[\s\S]*\n````/m, value);

      const at2 = doc.positionAt(text.lastIndexOf('void hostileDoc') + 'void hostile'.length);
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        uri,
        at2,
        undefined,
        200,
      );
      const item = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'hostileDoc');
      assert.ok(item, 'hostileDoc is offered');
      const documentation = item.documentation;
      assert.ok(documentation !== undefined, 'its docs were resolved');
      // Plain text: VS Code shows a string as it is.
      assert.equal(typeof documentation, 'string', `plain text, not Markdown: ${JSON.stringify(documentation)}`);
      assert.ok(String(documentation).includes(docs));
    } finally {
      await revertAndCloseAll();
    }
  });
});
