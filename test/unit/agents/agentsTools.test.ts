// The agent tools' one implementation in-process, on the real client against the emulator over
// loopback (no MCP, no VS Code): how many requests each call makes, where pages and ranges go on,
// what a save sends, and the MCP command line's checks of where the key may go.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeToolError, encodeBase, withFence } from '../../../src/agents/tools/api';
import { offeredTools, toolListing } from '../../../src/agents/mcp/mcpServer';
import { UsageError } from '../../../src/cli/args/flags';
import { parseMcp } from '../cli/cliSupport';
import { useEmulator } from '../emulator/emulatorSupport';
import { bindingOf, NONCE as N, toolsRig, unfenced } from './agentsRig';

describe('agents: the tools on the client', () => {
  const { emu } = useEmulator();
  const rig = () => toolsRig(emu);
  const gets = () => emu.requests().filter((r) => r.method === 'GET').length;
  const puts = () => emu.requests().filter((r) => r.method === 'PUT');
  const ids = () => emu.demo.ids;

  test('list_resources pages by the limit, goes on at its cursor, and refuses a cursor of another listing', async () => {
    const { tools } = rig();
    const first = await tools.call('list_resources', { kind: 'operation' }, { limits: { bytes: 32_768, items: 3 } });
    assert.equal((first.items as unknown[]).length, 3);
    const second = await tools.call('list_resources', { cursor: first.nextCursor }, { limits: { bytes: 32_768, items: 3 } });
    assert.notDeepEqual(second.items, first.items);
    assert.ok((second.items as { kind: string }[]).every((i) => i.kind === 'operation'));
    await assert.rejects(tools.call('list_resources', { kind: 'fact', cursor: first.nextCursor }), /another kind or query/);
    await assert.rejects(tools.call('list_resources', { query: 'other', cursor: first.nextCursor }), /another kind or query/);
    // A query that matches little reads at most four service pages a call, and goes on at its cursor.
    const found: { id: string; name: string }[] = [];
    let cursor: unknown;
    let calls = 0;
    do {
      const named = await tools.call('list_resources', { query: ids().dashboardId.toUpperCase(), ...(cursor ? { cursor } : {}) });
      found.push(...(named.items as { id: string; name: string }[]));
      cursor = named.nextCursor;
      calls++;
    } while (cursor);
    assert.equal(calls, 2, 'six kinds, four pages a call');
    assert.deepEqual(
      found.map((i) => i.id),
      [ids().dashboardId, ids().dashboardId],
      'the operation and its dashboard',
    );
    assert.ok(unfenced(found[0]!.name).length > 0);
  });

  test('read_resource reads the service once for all ranges of a text; a new read from 0, or after a minute, reads again', async () => {
    const { tools, tick } = rig();
    const limits = { bytes: 200, items: 50 };
    emu.clearRequests();
    const a = await tools.call('read_resource', { id: ids().dashboardId }, { limits });
    assert.equal(gets(), 1, 'an oper_ id is read as its dashboard without a second read');
    const b = await tools.call('read_resource', { id: ids().dashboardId, offset: a.nextOffset }, { limits });
    assert.equal(gets(), 1, 'the next range came from the same read');
    assert.equal(b.hash, a.hash);
    tick(60_001);
    await tools.call('read_resource', { id: ids().dashboardId, offset: a.nextOffset }, { limits });
    assert.equal(gets(), 2);
    await tools.call('read_resource', { id: ids().dashboardId }, { limits });
    assert.equal(gets(), 3);
    const handler = await tools.call('read_resource', { id: ids().kpiOperationId });
    assert.match(unfenced(handler.text), /\S/);
    assert.equal(handler.baseRevision, encodeBase({ id: ids().kpiOperationId, view: 'operationHandler', tokens: null }, bindingOf(emu)));
  });

  test('list_revisions refuses another resource’s cursor; write syncs keep no history', async () => {
    const { tools } = rig();
    const page = await tools.call('list_revisions', { id: ids().longHistoryDashboardId }, { limits: { bytes: 32_768, items: 2 } });
    assert.equal((page.items as unknown[]).length, 2);
    await assert.rejects(tools.call('list_revisions', { id: ids().dashboardId, cursor: page.nextCursor }), /belongs to the revisions of/);
    await assert.rejects(tools.call('list_revisions', { id: ids().writeSyncId }), /keeps no revision history/);
    await assert.rejects(tools.call('diff_revisions', { id: ids().dashboardId, from: 'rvsn_a', to: 'nope' }), /not a revision id/);
  });

  test('a save sends one PUT when its base is current, none when stale or refused, and refuses a base of another resource', async () => {
    const { tools } = rig();
    const read = await tools.call('read_resource', { id: ids().dashboardId });
    const text = `${unfenced(read.text)}// one\n`;
    emu.clearRequests();
    await assert.rejects(
      tools.call('save_resource', { id: ids().churnDashboardId, baseRevision: read.baseRevision, text }),
      /was read for/,
    );
    const saved = await tools.call('save_resource', { id: ids().dashboardId, baseRevision: read.baseRevision, text });
    assert.equal(saved.status, 'saved');
    assert.equal(puts().length, 1);
    const stale = await tools.call('save_resource', { id: ids().dashboardId, baseRevision: read.baseRevision, text: `${text}// two\n` });
    assert.equal(stale.status, 'conflict');
    assert.equal(stale.baseRevision, saved.baseRevision, 'the conflict names the current state');
    assert.match(String(stale.message), /changed on the service/);
    const refused = await tools.call('save_resource', { id: ids().dashboardId, baseRevision: saved.baseRevision, text: '<<<<<<< mine\n' });
    assert.equal(refused.status, 'refused');
    assert.equal(puts().length, 1);
    const handler = await tools.call('read_resource', { id: ids().kpiOperationId });
    await assert.rejects(
      tools.call('save_resource', { id: ids().kpiOperationId, baseRevision: handler.baseRevision, text: 'x' }),
      /cannot be saved/,
    );
  });

  test('check_dashboard without the language service reports the save’s own checks, sorted, capped by the limit', async () => {
    const { tools } = rig();
    const r = await tools.call('check_dashboard', { source: '<<<<<<< a\nx\n<<<<<<< b\n' }, { limits: { bytes: 32_768, items: 1 } });
    const problems = r.problems as { line: number; column: number; severity: string; message: string }[];
    assert.deepEqual(
      problems.map((p) => [p.line, p.column, p.severity]),
      [
        [1, 1, 'error'],
        [3, 1, 'error'],
      ],
    );
    const contract = await tools.call('get_data_contract', { id: ids().dashboardId });
    assert.match(unfenced(contract.rowType), /^interface DataRow \{ /);
  });

  test('a failure is told by kind and status, the service’s own words fenced', async () => {
    const { tools } = rig();
    const e = await tools.call('read_resource', { id: 'oper_nothere' }).catch((x: unknown) => x);
    const text = withFence(
      (fence) => describeToolError(e, fence),
      () => N,
    );
    assert.match(text, /^The service call read operation oper_nothere failed: not found \(HTTP 404\)\.\nData from the Workspace/);
    assert.match(
      withFence((f) => describeToolError(new Error('x'), f)),
      /^The tool failed\.\nData from the Workspace Automation Service [^\n]*\n[^\n]*\nx\n/,
    );
  });
});

describe('agents: the MCP command line and listing', () => {
  const env = { WORKSPACE_AUTOMATION_API_KEY: 'wsa_key_0123456789' };
  const base = ['--base-url', 'https://svc.example', '--workspace', 'wksp_1'];
  test('the key from the environment only, sent to its own service, in the carriers given with it', () => {
    assert.deepEqual(parseMcp(base, env), {
      baseUrl: 'https://svc.example',
      workspaceId: 'wksp_1',
      apiKey: env.WORKSPACE_AUTOMATION_API_KEY,
      carriers: { authHeader: 'Authorization', authScheme: 'Bearer', workspaceHeader: 'X-Workspace-Id' },
      allowWrites: false,
      allowLiveWrites: false,
    });
    assert.equal(
      parseMcp([...base, '--allow-writes'], env).valueOf() !== 'help' &&
        (parseMcp([...base, '--allow-writes'], env) as { allowWrites: boolean }).allowWrites,
      true,
    );
    assert.equal(parseMcp(['--help'], {}), 'help');
    const viaEnv = parseMcp([], {
      ...env,
      WORKSPACE_AUTOMATION_BASE_URL: 'https://svc.example/',
      WORKSPACE_AUTOMATION_WORKSPACE_ID: 'wksp_2',
      WORKSPACE_AUTOMATION_AUTH_HEADER: 'X-Api-Key',
      WORKSPACE_AUTOMATION_AUTH_SCHEME: '',
    });
    assert.deepEqual(viaEnv !== 'help' && [viaEnv.baseUrl, viaEnv.workspaceId, viaEnv.carriers.authHeader, viaEnv.carriers.authScheme], [
      'https://svc.example',
      'wksp_2',
      'X-Api-Key',
      '',
    ]);
    const refusals: [string[], Record<string, string>, RegExp][] = [
      [base, {}, /Set the WORKSPACE_AUTOMATION_API_KEY/],
      [[...base, '--api-key', 'k'], env, /not taken as an argument/],
      [[...base, '--key=k'], env, /not taken as an argument/],
      [['--workspace', 'wksp_1'], env, /Give --base-url/],
      [['--base-url', 'https://svc.example'], env, /Give --workspace/],
      [['--base-url', 'https://svc.example', '--workspace', 'oper_1'], env, /not a workspace id/],
      [base, { ...env, WORKSPACE_AUTOMATION_BASE_URL: 'https://other.example' }, /is not https:\/\/other\.example.*nothing was sent/],
      [['--base-url', 'https://u:p@svc.example', '--workspace', 'wksp_1'], env, /cannot be used/],
      [[...base, '--auth-header', 'Host'], env, /--auth-header cannot be used/],
      [[...base, '--workspace-header', 'Authorization'], env, /--workspace-header cannot be used/],
      [[...base, '--frobnicate'], env, /does not take --frobnicate/],
      [[...base, '--workspace'], env, /needs a value/],
    ];
    for (const [argv, e, expected] of refusals)
      assert.throws(
        () => parseMcp(argv, e),
        (x: unknown) => x instanceof UsageError && expected.test(x.message),
        argv.join(' '),
      );
  });

  test('read-only lists six tools with their schemas; save_resource only with writes', () => {
    assert.deepEqual(offeredTools(false), [
      'list_resources',
      'read_resource',
      'list_revisions',
      'diff_revisions',
      'get_data_contract',
      'check_dashboard',
    ]);
    assert.equal(offeredTools(true).at(-1), 'save_resource');
    const listing = toolListing(true);
    const save = listing.find((t) => t.name === 'save_resource')!;
    assert.deepEqual(save.inputSchema.required, ['id', 'baseRevision', 'text']);
    assert.equal(save.annotations?.readOnlyHint, false);
    assert.ok(listing.every((t) => t.outputSchema?.type === 'object' && t.description && t.title));
  });
});
