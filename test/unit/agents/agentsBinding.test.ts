// Where a token and a key may go. A baseRevision or cursor names the connection it was given on and
// is refused on another before any request. A text, a diff and a history given in parts come from
// one read: N ranges or pages cost the requests of the first. The command lines send the key over
// plain http only to loopback or with --allow-plain-http, and never print an argument that looks
// like it carries a key.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { encodeRevisionCursor } from '../../../src/agents/tools/opaqueTokens';
import { checkKeyTransport, looksLikeKey, plainHttpAllowed } from '../../../src/cli/args/connectionFlags';
import { UsageError } from '../../../src/cli/args/flags';
import { parseCommandLine, runWsa } from '../../../src/cli/commandLine';
import { parseMcp, recordedIo } from '../cli/cliSupport';
import { useEmulator } from '../emulator/emulatorSupport';
import { useProfile } from '../variantSupport';
import { toolsRig, unfenced } from './agentsRig';

describe('agents: tokens are bound to their connection', () => {
  const { emu } = useEmulator();
  const ids = () => emu.demo.ids;

  test('a baseRevision or a cursor from another origin or workspace is refused before any request', async () => {
    const here = toolsRig(emu);
    const read = await here.tools.call('read_resource', { id: ids().dashboardId });
    const listed = await here.tools.call('list_resources', {}, { limits: { bytes: 32_768, items: 2 } });
    const revisions = await here.tools.call(
      'list_revisions',
      { id: ids().longHistoryDashboardId },
      { limits: { bytes: 32_768, items: 2 } },
    );
    const text = `${unfenced(read.text)}// elsewhere\n`;
    const others = [
      { what: 'another workspace', binding: { ...here.binding, workspaceId: emu.demo.otherWorkspaceId } },
      { what: 'another origin', binding: { ...here.binding, origin: here.binding.origin.replace('127.0.0.1', 'localhost') } },
    ];
    for (const other of others) {
      const { tools } = toolsRig(emu, { binding: other.binding });
      emu.clearRequests();
      for (const [tool, args] of [
        ['save_resource', { id: ids().dashboardId, baseRevision: read.baseRevision, text }],
        ['list_resources', { cursor: listed.nextCursor }],
        ['list_revisions', { id: ids().longHistoryDashboardId, cursor: revisions.nextCursor }],
      ] as const)
        await assert.rejects(
          tools.call(tool, args),
          /^ToolInputError: The (baseRevision|cursor) was given on another connection \(another service or workspace\): nothing was read or sent\./,
          `${other.what}: ${tool}`,
        );
      assert.deepEqual(emu.requests(), [], `${other.what}: a request was made`);
    }
    // On its own connection the same tokens work.
    assert.equal(
      (await here.tools.call('save_resource', { id: ids().dashboardId, baseRevision: read.baseRevision, text })).status,
      'saved',
    );
  });
});

describe('agents: N ranges or pages cost the requests of one read', () => {
  const { emu } = useEmulator();
  const ids = () => emu.demo.ids;

  test('diff_revisions: every range after the first comes from the first call’s reads', async () => {
    const { tools, tick } = toolsRig(emu);
    const id = ids().longHistoryDashboardId;
    const items = (await tools.call('list_revisions', { id })).items as { id: string }[];
    const args = { id, from: items.at(-1)!.id, to: items[0]!.id };
    emu.clearRequests();
    const first = await tools.call('diff_revisions', { ...args, length: 40 });
    const one = emu.requests().length;
    assert.ok(one >= 2, `${one} requests`);
    let offset = first.nextOffset;
    let ranges = 1;
    while (offset !== undefined) {
      offset = (await tools.call('diff_revisions', { ...args, offset, length: 40 })).nextOffset;
      ranges++;
    }
    assert.ok(ranges >= 4, `${ranges} ranges`);
    assert.equal(emu.requests().length, one, `${ranges} ranges made ${emu.requests().length} requests, one read makes ${one}`);
    tick(60_001);
    await tools.call('diff_revisions', { ...args, offset: 40, length: 40 });
    assert.equal(emu.requests().length, 2 * one, 'a range after the kept read is gone reads again');
  });

  test('list_revisions: every page after the first comes from the first read of the history; a lost read goes on after the last item', async () => {
    const { tools, tick, binding } = toolsRig(emu);
    const id = ids().longHistoryDashboardId;
    const small = { limits: { bytes: 32_768, items: 20 } };
    emu.clearRequests();
    const first = await tools.call('list_revisions', { id }, small);
    const one = emu.requests().length;
    const seen = (first.items as { id: string }[]).map((i) => i.id);
    let cursor = first.nextCursor;
    let pages = 1;
    const counts: number[] = [];
    while (cursor) {
      if (pages === 2) tick(60_001);
      const page = await tools.call('list_revisions', { id, cursor }, small);
      seen.push(...(page.items as { id: string }[]).map((i) => i.id));
      counts.push(emu.requests().length);
      cursor = page.nextCursor;
      pages++;
    }
    assert.ok(pages >= 5, `${pages} pages`);
    assert.equal(new Set(seen).size, seen.length, 'a revision listed twice');
    // Pages 2 and on from the kept read; page 3 after it was gone reads the history again (its kind known: no probe), and the rest from that read.
    const again = counts[1]! - one;
    assert.ok(again > 0 && again <= one, `${again} requests to read again`);
    assert.deepEqual(counts, [one, ...counts.slice(1).map(() => one + again)]);
    const all = (await tools.call('list_revisions', { id }, { limits: { bytes: 32_768, items: 50 } })).items as { id: string }[];
    assert.ok(all.length === 50 && seen.slice(0, 50).every((r, i) => r === all[i]!.id));
    const gone = encodeRevisionCursor({ id, kind: 'dashboard', snapshot: 'a'.repeat(32), skip: 20, last: 'rvsn_notthere' }, binding);
    await assert.rejects(tools.call('list_revisions', { id, cursor: gone }), /The history changed since this cursor was given/);
  });

  describe('on a service that pages its histories', () => {
    const rig = useProfile(['paged-revisions']);
    test('the pages of a listing read the service’s pages once', async () => {
      const { emu: paged, ids: pagedIds } = rig();
      const { tools } = toolsRig(paged);
      const id = pagedIds().longHistoryDashboardId!;
      paged.clearRequests();
      let cursor: unknown;
      let pages = 0;
      const firstReads: number[] = [];
      do {
        const page = await tools.call('list_revisions', { id, ...(cursor ? { cursor } : {}) });
        if (pages === 0) firstReads.push(paged.requests().length);
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      assert.ok(firstReads[0]! > 2, 'the first call reads every service page');
      assert.equal(paged.requests().length, firstReads[0], `${pages} pages`);
    });
  });
});

describe('the command lines: plain http and arguments that look like a key', () => {
  const key = 'apik_0123456789abcdefghijklmnop';
  const env = { WORKSPACE_AUTOMATION_API_KEY: key };
  const base = ['--workspace', 'wksp_1'];

  test('the key goes over http only to loopback, or with --allow-plain-http or its variable', () => {
    for (const url of ['https://svc.example', 'http://127.0.0.1:8080', 'http://localhost:1', 'http://[::1]:2', 'http://a.localhost'])
      assert.doesNotThrow(() => checkKeyTransport(url, false), url);
    for (const url of ['http://svc.example', 'http://10.0.0.5:8080', 'http://127.0.0.1.nip.io'])
      assert.throws(
        () => checkKeyTransport(url, false),
        (e: unknown) => e instanceof UsageError && /is plain http to a host that is not loopback: .*nothing was sent/.test(e.message),
        url,
      );
    assert.doesNotThrow(() => checkKeyTransport('http://svc.example', true));
    assert.equal(plainHttpAllowed(undefined, {}), false);
    assert.equal(plainHttpAllowed(true, {}), true);
    for (const v of ['1', 'true', 'YES', ' yes '])
      assert.equal(plainHttpAllowed(false, { WORKSPACE_AUTOMATION_ALLOW_PLAIN_HTTP: v }), true, v);
    for (const v of ['', '0', 'no', 'false']) assert.equal(plainHttpAllowed(false, { WORKSPACE_AUTOMATION_ALLOW_PLAIN_HTTP: v }), false, v);
    assert.throws(() => parseMcp(['--base-url', 'http://svc.example', ...base], env), /plain http/);
    const allowed = parseMcp(['--base-url', 'http://svc.example', ...base, '--allow-plain-http'], env);
    assert.equal(allowed !== 'help' && allowed.baseUrl, 'http://svc.example');
    assert.doesNotThrow(() =>
      parseMcp(['--base-url', 'http://svc.example', ...base], { ...env, WORKSPACE_AUTOMATION_ALLOW_PLAIN_HTTP: '1' }),
    );
    const pull = parseCommandLine(['pull', 'f', '--allow-plain-http'], {});
    assert.equal(pull.kind === 'run' && pull.command === 'pull' && pull.args.flags['--allow-plain-http'], true);
  });

  test('an argument that looks like it carries a key is refused, its value never printed', () => {
    const secrets = [
      [`--apikey=${key}`],
      ['--api-key', 'hunter2-not-printed'],
      ['--token=hunter2-not-printed'],
      ['--password', 'hunter2-not-printed'],
      ['--workspace', key],
      [`--frobnicate=${key}`],
      [key],
      ['--workspace', 'sekrit-env-key-1234'],
    ];
    const withEnvKey = { WORKSPACE_AUTOMATION_API_KEY: 'sekrit-env-key-1234' };
    for (const args of secrets) {
      for (const parse of [
        () => parseMcp(['--base-url', 'https://svc.example', ...args], withEnvKey),
        () => parseCommandLine(['pull', 'f', ...args], withEnvKey),
      ])
        assert.throws(
          parse,
          (e: unknown) =>
            e instanceof UsageError &&
            /^The key is not taken as an argument: set the WORKSPACE_AUTOMATION_API_KEY environment variable\. An argument looks like it carries one, so it is not printed/.test(
              e.message,
            ) &&
            !e.message.includes('hunter2') &&
            !e.message.includes(key) &&
            !e.message.includes('sekrit'),
          args.join(' '),
        );
    }
    assert.throws(
      () => parseMcp(['--base-url', 'https://svc.example', ...base, '--frobnicate=some-value'], env),
      (e: unknown) => {
        assert.ok(e instanceof UsageError && !e.message.includes('some-value'), String(e));
        return /mcp does not take --frobnicate \(--help\)/.test(e.message);
      },
    );
    assert.equal(looksLikeKey('--workspace-header'), false);
    assert.equal(looksLikeKey('wksp_1'), false);
    assert.equal(looksLikeKey('--auth-scheme=Bearer'), false);
    assert.throws(
      () => parseMcp(['--base-url', 'https://svc.example', ...base, '--allow-live-writes'], env),
      /second opt-in: give --allow-writes too/,
    );
    const both = parseMcp(['--base-url', 'https://svc.example', ...base, '--allow-writes', '--allow-live-writes'], env);
    assert.deepEqual(both !== 'help' && [both.allowWrites, both.allowLiveWrites], [true, true]);
  });

  describe('against a plain-http service on another address', () => {
    let server: Server;
    let url: string | undefined;
    let connections = 0;
    const address = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    before(async () => {
      server = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
      const port = (server.address() as { port: number }).port;
      if (address) url = `http://${address}:${port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    test('wsa pull and wsa mcp refuse before they connect; with --allow-plain-http wsa pull connects', async (t) => {
      if (!url) return t.skip('this machine has no address but loopback');
      const dir = mkdtempSync(join(tmpdir(), 'wsa-plain-'));
      // In this process, as dist/cli.js runs them: the refusal comes before anything connects.
      const refused = recordedIo(env, dir);
      assert.equal(await runWsa(['pull', '.', '--base-url', url, '--workspace', 'wksp_1'], refused), 2);
      assert.match(refused.stderrLines.join('\n'), /is plain http to a host that is not loopback/);
      const mcp = recordedIo(env, dir);
      assert.equal(await runWsa(['mcp', '--base-url', url, '--workspace', 'wksp_1'], mcp), 2);
      assert.match(mcp.stderrLines.join('\n'), /plain http/);
      assert.ok(!mcp.stderrLines.join('\n').includes(key));
      assert.equal(connections, 0, 'a command connected before refusing');
      const allowed = recordedIo(env, dir);
      await runWsa(['pull', '.', '--base-url', url, '--workspace', 'wksp_1', '--allow-plain-http'], allowed);
      assert.ok(connections > 0, `with --allow-plain-http it connects: ${[...allowed.stdoutLines, ...allowed.stderrLines].join('\n')}`);
    });
  });
});
