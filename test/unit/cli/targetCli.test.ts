// `wsa pull|status|push --target` against two in-process emulators over real HTTP (dev and prod):
// a protected target is never written to unconfirmed, an unknown or unconfirmed target sends
// nothing, no key lands in the folder, each target keeps its own tokens and bases, an old folder of
// one connection still works and becomes a target's on its first use with --target.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { runWsa } from '../../../src/cli/commandLine';
import { TARGETS_FILE } from '../../../src/environments/model/targets';
import type { FolderState } from '../../../src/localFolders/engine/engineApi';
import { allFiles, startFolderRig, type FolderRig } from '../localFolders/folderSupport';
import { recordedIo } from './cliSupport';

interface Run {
  code: number;
  out: string;
  err: string;
}

describe('wsa with --target', () => {
  let dev: FolderRig;
  let prod: FolderRig;
  let dir: string;
  const dirs: string[] = [];

  const targetsFile = (over: Record<string, unknown> = {}) => ({
    targets: {
      dev: { baseUrl: dev.emu.url, workspace: dev.emu.demo.workspaceId, stage: 'development' },
      prod: { baseUrl: prod.emu.url, workspace: prod.emu.demo.workspaceId, stage: 'production' },
      ...over,
    },
  });
  const writeTargets = (content: unknown = targetsFile()) => writeFileSync(join(dir, TARGETS_FILE), JSON.stringify(content));
  const carriers = () => ({
    WORKSPACE_AUTOMATION_AUTH_HEADER: dev.emu.carriers.authHeader,
    WORKSPACE_AUTOMATION_AUTH_SCHEME: dev.emu.carriers.authScheme,
    WORKSPACE_AUTOMATION_WORKSPACE_HEADER: dev.emu.carriers.workspaceHeader,
  });
  const env = (): Record<string, string> => ({
    ...carriers(),
    WORKSPACE_AUTOMATION_API_KEY_DEV: dev.emu.demo.apiKey,
    WORKSPACE_AUTOMATION_BASE_URL_DEV: dev.emu.url,
    WORKSPACE_AUTOMATION_API_KEY_PROD: prod.emu.demo.apiKey,
    WORKSPACE_AUTOMATION_BASE_URL_PROD: prod.emu.url,
  });
  const wsa = async (argv: string[], vars = env(), ask?: (q: string) => Promise<string>): Promise<Run> => {
    const io = { ...recordedIo(vars, dir), ...(ask ? { ask } : {}) };
    const code = await runWsa(argv, io);
    return { code, out: io.stdoutLines.join('\n'), err: io.stderrLines.join('\n') };
  };
  const requests = () => dev.emu.requests().length + prod.emu.requests().length;
  const clear = () => {
    dev.emu.clearRequests();
    prod.emu.clearRequests();
  };
  const readJson = <T>(path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as T;
  /** A pulled app file of the target, edited here. */
  const editApp = (target: string) => {
    const state = readJson<FolderState>(`.wsa/targets/${target}.json`);
    const path = Object.keys(state.files).find((p) => p.startsWith('apps/'))!;
    const text = readFileSync(join(dir, path), 'utf8');
    writeFileSync(join(dir, path), text.replace(/"description": "([^"]*)"/, '"description": "$1 (edited)"'));
    return path;
  };

  before(async () => {
    [dev, prod] = await Promise.all([startFolderRig(), startFolderRig()]);
  });
  after(async () => {
    await Promise.all([dev.close(), prod.close()]);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await Promise.all([dev.emu.reset(), prod.emu.reset()]);
    dir = mkdtempSync(join(tmpdir(), 'wsa-target-'));
    dirs.push(dir);
  });

  test('a push to a protected target without --yes and without a terminal exits 3 before any request; a pull of it does not ask', async () => {
    writeTargets();
    const pulled = await wsa(['pull', '.', '--target', 'prod', '--kind', 'app']);
    assert.equal(pulled.code, 0, pulled.err);
    const path = editApp('prod');
    clear();
    const refused = await wsa(['push', '.', '--target', 'prod', '--json']);
    assert.equal(refused.code, 3, refused.err);
    assert.match(refused.err, /protected: confirm the write with --yes/);
    assert.equal((JSON.parse(refused.out) as { exitCode: number }).exitCode, 3);
    assert.equal(requests(), 0, 'a request reached an emulator');

    const asked: string[] = [];
    const declined = await wsa(['push', '.', '--target', 'prod'], env(), (q) => (asked.push(q), Promise.resolve('n')));
    assert.equal(declined.code, 3, declined.err);
    assert.deepEqual(asked, [`Push to «prod» (${prod.emu.url} · ${prod.emu.demo.workspaceId})? [y/N]`]);
    assert.equal(requests(), 0, 'a request reached an emulator');

    const confirmed = await wsa(['push', '.', path, '--target', 'prod'], env(), () => Promise.resolve('y'));
    assert.equal(confirmed.code, 0, confirmed.err + confirmed.out);
    assert.match(confirmed.out, /pushed\s+apps\//);
    assert.equal(dev.emu.requests().length, 0, 'dev was asked about a push to prod');
    assert.ok(prod.emu.requests().some((r) => r.method !== 'GET'));

    editApp('prod');
    const yes = await wsa(['push', '.', '--target', 'prod', '--yes']);
    assert.equal(yes.code, 0, yes.err + yes.out);
    assert.match(yes.out, /pushed\s+apps\//);
  });

  test('an unknown target exits 2 and lists the known ones; nothing is sent', async () => {
    writeTargets();
    const r = await wsa(['pull', '.', '--target', 'staging']);
    assert.equal(r.code, 2);
    assert.match(r.err, /names no target "staging": use one of dev, prod/);
    const none = await wsa(['status', '.', '--target', 'dev'], env());
    assert.equal(none.code, 2);
    assert.match(none.err, /never pulled from the target dev/);
    rmSync(join(dir, TARGETS_FILE));
    const noFile = await wsa(['pull', '.', '--target', 'dev']);
    assert.equal(noFile.code, 2);
    assert.match(noFile.err, /has no wsa\.targets\.json/);
    assert.equal(requests(), 0);
  });

  test('a target’s key given as an argument is refused unprinted; --workspace must be the target’s', async () => {
    writeTargets();
    const secret = 's3cret-value-of-dev';
    const vars = { ...env(), WORKSPACE_AUTOMATION_API_KEY_DEV: secret };
    const r = await wsa(['pull', '.', '--target', 'dev', '--id', secret], vars);
    assert.equal(r.code, 2);
    assert.match(r.err, /The key is not taken as an argument/);
    assert.ok(!r.err.includes(secret) && !r.out.includes(secret));
    const ws = await wsa(['pull', '.', '--target', 'dev', '--workspace', 'wksp_other1']);
    assert.equal(ws.code, 2);
    assert.match(ws.err, /is not the workspace of the target dev/);
    assert.equal(requests(), 0);
  });

  test('a cloned folder whose target names an origin no variable or flag confirms sends nothing', async () => {
    // The file points dev at the prod emulator: the dev key must not go there.
    writeTargets(targetsFile({ dev: { baseUrl: prod.emu.url, workspace: dev.emu.demo.workspaceId } }));
    const vars = env();
    const wrong = await wsa(['pull', '.', '--target', 'dev'], vars);
    assert.equal(wrong.code, 2);
    assert.match(wrong.err, /but WORKSPACE_AUTOMATION_BASE_URL_DEV names/);
    delete vars.WORKSPACE_AUTOMATION_BASE_URL_DEV;
    const unconfirmed = await wsa(['pull', '.', '--target', 'dev'], vars);
    assert.equal(unconfirmed.code, 2);
    assert.match(unconfirmed.err, new RegExp(`Confirm it with WORKSPACE_AUTOMATION_BASE_URL_DEV=${prod.emu.url}`));
    assert.ok(!unconfirmed.err.includes(dev.emu.demo.apiKey));
    assert.equal(requests(), 0, 'a request reached an emulator');
    assert.ok(!existsSync(join(dir, '.wsa')));
  });

  test('no key in wsa.targets.json or .wsa/ after a pull with one', async () => {
    writeTargets();
    const r = await wsa(['pull', '.', '--target', 'dev']);
    assert.equal(r.code, 0, r.err);
    const files = allFiles(dir);
    assert.ok(files.includes('.wsa/targets/dev.json') && !files.includes('.wsa/state.json'), files.join(', '));
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      assert.ok(!text.includes(dev.emu.demo.apiKey) && !text.includes(prod.emu.demo.apiKey), `a key is in ${f}`);
    }
    assert.ok(!r.out.includes(dev.emu.demo.apiKey) && !r.err.includes(dev.emu.demo.apiKey));
  });

  test('a folder of one connection (.wsa/state.json, no targets file) still pulls and pushes without --target', async () => {
    const vars = { ...carriers(), WORKSPACE_AUTOMATION_API_KEY: dev.emu.demo.apiKey, WORKSPACE_AUTOMATION_BASE_URL: dev.emu.url };
    const pulled = await wsa(['pull', '.', '--base-url', dev.emu.url, '--workspace', dev.emu.demo.workspaceId, '--kind', 'app'], vars);
    assert.equal(pulled.code, 0, pulled.err);
    const state = readJson<FolderState>('.wsa/state.json');
    const path = Object.keys(state.files)[0]!;
    writeFileSync(join(dir, path), readFileSync(join(dir, path), 'utf8').replace(/"description": "([^"]*)"/, '"description": "$1!"'));
    const pushed = await wsa(['push', '.'], vars);
    assert.equal(pushed.code, 0, pushed.err + pushed.out);
    assert.match(pushed.out, /pushed\s+apps\//);
    // A targets file beside it changes nothing for a command without --target.
    writeTargets();
    assert.equal((await wsa(['status', '.'], vars)).code, 0);
    assert.ok(existsSync(join(dir, '.wsa/state.json')) && !existsSync(join(dir, '.wsa/targets')));
    assert.equal((await wsa(['push', '.', '--yes'], vars)).code, 2, '--yes without --target');
  });

  test('a folder of one connection becomes the matching target’s on its first use with --target; another target leaves it', async () => {
    const vars = { ...carriers(), WORKSPACE_AUTOMATION_API_KEY: dev.emu.demo.apiKey, WORKSPACE_AUTOMATION_BASE_URL: dev.emu.url };
    assert.equal(
      (await wsa(['pull', '.', '--base-url', dev.emu.url, '--workspace', dev.emu.demo.workspaceId, '--kind', 'app'], vars)).code,
      0,
    );
    const before = readFileSync(join(dir, '.wsa/state.json'), 'utf8');
    writeTargets();
    // prod is another service: the state is not its own, and stays where it is.
    const other = await wsa(['status', '.', '--target', 'prod']);
    assert.equal(other.code, 2);
    assert.ok(existsSync(join(dir, '.wsa/state.json')));
    const moved = await wsa(['status', '.', '--target', 'dev', '--json']);
    assert.equal(moved.code, 0, moved.err);
    assert.ok(!existsSync(join(dir, '.wsa/state.json')), 'state.json is still there');
    assert.equal(readFileSync(join(dir, '.wsa/targets/dev.json'), 'utf8'), before);
    assert.ok(existsSync(join(dir, '.wsa/targets/dev/bases.json')), 'the bases did not follow');
    // The files pulled are the state's, unchanged; the kinds not pulled are new on the service.
    const pulled = (JSON.parse(moved.out) as { files: { kind: string; state: string }[] }).files.filter((f) => f.kind === 'app');
    assert.ok(pulled.length > 0 && pulled.every((f) => f.state === 'unchanged'), moved.out);
  });

  test('two targets pulled into one folder keep their own tokens and bases; a push to one leaves the other alone', async () => {
    writeTargets();
    // prod moves on: its app's draft is not dev's.
    const appId = prod.ids().liveAppId!;
    const app = await prod.client.getApp(appId);
    await prod.client.updateApp(appId, { expectedDraft: app.draft, name: app.name, description: 'changed on prod' });
    assert.equal((await wsa(['pull', '.', '--target', 'dev', '--kind', 'app'])).code, 0);
    assert.equal((await wsa(['pull', '.', '--target', 'prod', '--kind', 'app'])).code, 0);
    const devState = readJson<FolderState>('.wsa/targets/dev.json');
    const prodState = readJson<FolderState>('.wsa/targets/prod.json');
    assert.equal(devState.connection.baseUrl, dev.emu.url);
    assert.equal(prodState.connection.baseUrl, prod.emu.url);
    const tokensOf = (s: FolderState) => Object.values(s.files).find((e) => e.id === appId)!.tokens;
    assert.notDeepEqual(tokensOf(devState), tokensOf(prodState));
    for (const t of ['dev', 'prod']) assert.ok(existsSync(join(dir, `.wsa/targets/${t}/bases.json`)), t);
    assert.ok(!existsSync(join(dir, '.wsa/state.json')) && !existsSync(join(dir, '.wsa/bases.json')));

    const prodBefore = readFileSync(join(dir, '.wsa/targets/prod.json'), 'utf8');
    const path = editApp('dev');
    clear();
    const pushed = await wsa(['push', '.', path, '--target', 'dev']);
    assert.equal(pushed.code, 0, pushed.err + pushed.out);
    assert.equal(prod.emu.requests().length, 0, 'prod was asked about a push to dev');
    assert.equal(readFileSync(join(dir, '.wsa/targets/prod.json'), 'utf8'), prodBefore);
    const status = await wsa(['status', '.', '--target', 'prod', '--local', '--json']);
    assert.equal(status.code, 0, status.err);
    assert.equal(requests() - dev.emu.requests().length, 0);
  });
});
