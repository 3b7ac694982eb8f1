// The agent tools in the real extension host, called as a chat would call them (vscode.lm.invokeTool,
// whose confirmation VS Code accepts by itself in an extension test run): what the read tools answer,
// save_resource's confirmation, the one undoable edit it puts into a clean document, its refusals,
// the guarded save with allowSave on, the checks of trust and sign-in, the token budget, and the MCP
// server offered to VS Code (started from its definition with the MCP SDK's client).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { AdminClient } from '../../src/emulator/adminClient';
import { unfence } from '../../src/agents/tools/api';
import { AGENT_TOOLS, AGENT_TOOLS_WHEN } from '../../src/manifest/contributions';
import { editText, openFresh, revertAndCloseAll, wsaUri, useSavingSuite } from './fileHelpers';
import { inside, invoke, type Tool } from './support/agentCalls';
import { colleagueClient, EXTENSION_ID, hasVariant, serviceFetch, type EmulatorInfo } from './helpers';

const NO_TOKEN = new vscode.CancellationTokenSource().token;

describe('Agents: the language-model tools in VS Code @variants', function () {
  const suite = useSavingSuite();
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let ids: Record<string, string>;
  const lastSeq = async () => (await admin.requests()).at(-1)?.seq ?? 0;
  const since = async (seq: number, method?: string) => (await admin.requests(seq)).filter((r) => !method || r.method === method);
  const serviceSource = async () =>
    ((await (await serviceFetch(emulator, `/v1/dashboards/${ids.dashboardId}/source`)).json()) as { data: { source: string } }).data.source;
  const dashboardUri = () => wsaUri(emulator.workspaceId, 'dashboard', ids.dashboardId!, 'Revenue by region');

  before(() => ({ emulator, api, admin, ids } = suite));
  afterEach(async () => {
    api.testing.agents.workspaceTrusted = undefined;
    await vscode.workspace.getConfiguration('workspaceAutomation').update('agents.allowSave', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('workspaceAutomation').update('agents.mcp', undefined, vscode.ConfigurationTarget.Global);
    await revertAndCloseAll();
  });

  it('registers seven tools, each offered only in a trusted, signed-in window, and the read tools answer fenced data', async () => {
    const names = vscode.lm.tools.map((t) => t.name);
    for (const tool of Object.values(AGENT_TOOLS)) assert.ok(names.includes(tool.name), `${tool.name} is not registered`);
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { languageModelTools: { name: string; when: string; toolReferenceName: string; canBeReferencedInPrompt: boolean }[] };
    };
    const contributed = manifest.contributes.languageModelTools;
    assert.equal(contributed.length, 7);
    for (const t of contributed) {
      assert.equal(t.when, AGENT_TOOLS_WHEN, t.name);
      assert.equal(t.canBeReferencedInPrompt, true);
    }
    const read = await invoke('read_resource', { id: ids.dashboardId });
    assert.equal(inside(read.answer.text), await serviceSource());
    const listed = await invoke('list_resources', { kind: 'dashboard' });
    if (hasVariant(emulator, 'no-lists')) assert.deepEqual(listed.answer.unlisted, ['dashboard']);
    else assert.ok((listed.answer.items as { id: string }[]).some((i) => i.id === ids.dashboardId));
    const revisions = (await invoke('list_revisions', { id: ids.dashboardId })).answer.items as { id: string }[];
    assert.ok(revisions.length >= 2);
    const diff = await invoke('diff_revisions', { id: ids.dashboardId, from: revisions[1]!.id, to: revisions[0]!.id });
    assert.match(inside(diff.answer.diff), /^--- /);
    const contract = await invoke('get_data_contract', { id: ids.dashboardId });
    if (!hasVariant(emulator, 'no-types')) assert.match(inside(contract.answer.rowType), /^interface DataRow \{/);
    const check = await invoke('check_dashboard', { source: 'export default () => <div>;\n' });
    assert.ok((check.answer.problems as { line: number; severity: string }[]).some((p) => p.line === 1 && p.severity === 'error'));
    assert.ok(!read.text.includes(emulator.apiKey), 'the key is in an answer');
  });

  it('save_resource’s confirmation shows the diff against the base, the service’s origin and the resource', async () => {
    const read = await invoke('read_resource', { id: ids.dashboardId });
    const text = `${inside(read.answer.text)}// proposed by an agent\n`;
    const tools = await api.agents.tools();
    const prepared = await tools.prepare(
      'save_resource',
      { input: { id: ids.dashboardId, baseRevision: read.answer.baseRevision, text } },
      NO_TOKEN,
    );
    const message = prepared?.confirmationMessages?.message;
    assert.ok(message instanceof vscode.MarkdownString, 'no confirmation');
    assert.match(message.value, /```diff\n[\s\S]*\n\+\/\/ proposed by an agent\n/);
    assert.ok(message.value.includes(new URL(emulator.url).origin), 'the origin is not in the confirmation');
    assert.ok(message.value.includes(ids.dashboardId!), 'the resource is not in the confirmation');
    assert.ok(message.value.includes(emulator.workspaceId));
    assert.equal(message.isTrusted, false);
    assert.ok(!message.value.includes(emulator.apiKey));
  });

  it('a clean document gets the proposed text as one undoable edit, and nothing is sent to the service', async () => {
    const doc = await openFresh(api, dashboardUri());
    const original = doc.getText();
    const read = await invoke('read_resource', { id: ids.dashboardId });
    const text = `${original}// proposed by an agent\n`;
    const seq = await lastSeq();
    const { answer } = await invoke('save_resource', { id: ids.dashboardId, baseRevision: read.answer.baseRevision, text });
    assert.equal(answer.status, 'proposed', JSON.stringify(answer));
    assert.equal(doc.getText(), text);
    assert.ok(doc.isDirty, 'the user saves it, not the tool');
    assert.deepEqual(await since(seq), [], 'the proposal sent a request');
    assert.equal(await serviceSource(), original);
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), original, 'one undo takes the whole proposal back');
  });

  it('save_resource is refused over the user’s unsaved edits, and for a text other than the one confirmed', async () => {
    const doc = await openFresh(api, dashboardUri());
    const read = await invoke('read_resource', { id: ids.dashboardId });
    const mine = await editText(doc, (t) => `${t}// the user's own line\n`);
    const seq = await lastSeq();
    await assert.rejects(
      invoke('save_resource', { id: ids.dashboardId, baseRevision: read.answer.baseRevision, text: 'x' }),
      /unsaved edits/,
    );
    assert.equal(doc.getText(), mine, 'the user’s edit was replaced');
    await vscode.commands.executeCommand('workbench.action.files.revert');
    const tools = await api.agents.tools();
    const input = { id: ids.dashboardId, baseRevision: read.answer.baseRevision, text: `${inside(read.answer.text)}// shown\n` };
    await tools.prepare('save_resource', { input }, NO_TOKEN);
    await assert.rejects(
      tools.invoke(
        'save_resource',
        { input: { ...input, text: `${inside(read.answer.text)}// not shown\n` }, toolInvocationToken: undefined },
        NO_TOKEN,
      ),
      /not the one shown for confirmation/,
    );
    assert.equal(doc.isDirty, false);
    assert.deepEqual(await since(seq, 'PUT'), []);
  });

  it('a document on another revision than the baseRevision answers a conflict and is left as it is', async () => {
    const read = await invoke('read_resource', { id: ids.dashboardId });
    const colleague = colleagueClient(emulator);
    const now = await colleague.getDashboardSource(ids.dashboardId!);
    await colleague.replaceDashboardSource(ids.dashboardId!, {
      source: `${now.source}// a colleague's line\n`,
      expectedRevision: now.revision,
      expectedDataRunId: now.dataRunId,
    });
    await colleague.close();
    const doc = await openFresh(api, dashboardUri());
    const before = doc.getText();
    const { answer } = await invoke('save_resource', { id: ids.dashboardId, baseRevision: read.answer.baseRevision, text: 'x' });
    assert.equal(answer.status, 'conflict');
    assert.match(inside(answer.diff), /^-\/\/ a colleague's line$/m);
    assert.equal(doc.getText(), before);
    assert.equal(doc.isDirty, false);
  });

  it('with workspaceAutomation.agents.allowSave on, save_resource makes one guarded PUT with the baseRevision’s tokens', async () => {
    await vscode.workspace.getConfiguration('workspaceAutomation').update('agents.allowSave', true, vscode.ConfigurationTarget.Global);
    const read = await invoke('read_resource', { id: ids.dashboardId });
    const opened = (
      (await (await serviceFetch(emulator, `/v1/dashboards/${ids.dashboardId}/source`)).json()) as {
        data: { revision: { revisionId: string }; dataRunId: string };
      }
    ).data;
    const text = `${inside(read.answer.text)}// saved by an agent\n`;
    const seq = await lastSeq();
    const { answer } = await invoke('save_resource', { id: ids.dashboardId, baseRevision: read.answer.baseRevision, text });
    assert.equal(answer.status, 'saved', JSON.stringify(answer));
    const puts = await since(seq, 'PUT');
    assert.equal(puts.length, 1);
    const body = puts[0]!.body as { expectedRevision: { revisionId: string }; expectedDataRunId: string };
    assert.equal(body.expectedRevision.revisionId, opened.revision.revisionId);
    assert.equal(body.expectedDataRunId, opened.dataRunId);
    assert.equal(await serviceSource(), text);
  });

  it('the tools refuse in Restricted Mode and when signed out, before anything is read', async () => {
    const seq = await lastSeq();
    api.testing.agents.workspaceTrusted = false;
    for (const tool of Object.keys(AGENT_TOOLS) as Tool[])
      await assert.rejects(invoke(tool, { id: ids.dashboardId, source: 'x', baseRevision: 'x', text: 'x' }), /Restricted Mode/, tool);
    assert.deepEqual(await since(seq), [], 'a tool read in Restricted Mode');
    api.testing.agents.workspaceTrusted = undefined;
    const signedOut = new Promise<void>((resolve) => {
      const l = api.connection.onDidChangeConnection((c) => c === undefined && (l.dispose(), resolve()));
    });
    await api.connection.signOut();
    await signedOut;
    try {
      await assert.rejects(invoke('read_resource', { id: ids.dashboardId }), /sign in/);
    } finally {
      const back = new Promise<void>((resolve) => {
        const l = api.connection.onDidChangeConnection((c) => c !== undefined && (l.dispose(), resolve()));
      });
      await api.connection.resumeEnvironmentKey();
      await back;
    }
    await invoke('read_resource', { id: ids.dashboardId });
  });

  it('an answer keeps to the model’s token budget: a shorter range that goes on where it stops', async () => {
    const count = (text: string) => Promise.resolve(Math.ceil(text.length / 4));
    const { text, answer } = await invoke('read_resource', { id: ids.dashboardId }, { tokenBudget: 300, countTokens: count });
    assert.ok((await count(text)) <= 300, `${await count(text)} tokens`);
    assert.equal(typeof answer.nextOffset, 'number');
    assert.ok((await serviceSource()).startsWith(inside(answer.text)));
  });

  it('offers the MCP server only with workspaceAutomation.agents.mcp on; the key reaches it only when it starts', async () => {
    const servers = await api.agents.mcp();
    assert.deepEqual(servers.provide(), []);
    await vscode.workspace.getConfiguration('workspaceAutomation').update('agents.mcp', true, vscode.ConfigurationTarget.Global);
    const [definition] = servers.provide();
    assert.ok(definition, 'no server offered with the setting on');
    assert.ok(definition.args.includes(emulator.url) && definition.args.includes(emulator.workspaceId));
    assert.ok(!definition.args.includes('--allow-writes'));
    assert.ok(!JSON.stringify(definition).includes(emulator.apiKey), 'the key is in the definition VS Code shows');
    const resolved = (await servers.resolve(definition)) as vscode.McpStdioServerDefinition;
    assert.equal(resolved.env.WORKSPACE_AUTOMATION_API_KEY, emulator.apiKey);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, ...resolved.env })) if (typeof v === 'string') env[k] = v;
    const client = new Client({ name: 'agents-integration', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: resolved.command, args: resolved.args, env, stderr: 'ignore' }));
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      assert.equal(tools.length, 6);
      assert.ok(!tools.includes('save_resource'));
      const r = await client.callTool({ name: 'read_resource', arguments: { id: ids.dashboardId } });
      assert.equal(unfence((r.structuredContent as { text: string }).text), await serviceSource());
    } finally {
      await client.close();
    }
  });
});
