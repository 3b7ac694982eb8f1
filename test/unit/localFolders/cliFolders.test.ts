// `node dist/cli.js` (built by `node esbuild.mjs`) spawned against the in-process emulator: pull,
// status and push with their exit codes, --json that parses, a conflict that exits 1 and changes
// nothing on the service, and a key that is never printed nor written.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { allFiles, pathOf, readText, startFolderRig, writeText, type FolderRig } from './folderSupport';
import { repoRoot } from '../../harness/lib/paths';

const CLI = join(repoRoot, 'dist', 'cli.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('the local-folders command line', () => {
  let rig: FolderRig;
  let dir: string;
  const dirs: string[] = [];
  let key: string;
  // Asynchronous: the emulator answers on this process's event loop.
  const env = (): Record<string, string> => ({ WORKSPACE_AUTOMATION_API_KEY: key, WORKSPACE_AUTOMATION_BASE_URL: rig.emu.url });
  const cli = (args: string[], vars: Record<string, string> = env()): Promise<Run> =>
    new Promise((done) => {
      execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', ...vars }, cwd: dir }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      });
    });
  const noKey = (r: Run) => {
    assert.ok(!r.stdout.includes(key) && !r.stderr.includes(key), 'the key is printed');
    return r;
  };
  const pullArgs = () => ['pull', '.', '--base-url', rig.emu.url, '--workspace', rig.emu.demo.workspaceId, ...carrierArgs()];
  const carrierArgs = () => [
    '--auth-header',
    rig.emu.carriers.authHeader,
    '--auth-scheme',
    rig.emu.carriers.authScheme,
    '--workspace-header',
    rig.emu.carriers.workspaceHeader,
  ];

  before(async () => {
    rig = await startFolderRig();
    key = rig.emu.demo.apiKey;
  });
  after(async () => {
    await rig.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await rig.emu.reset();
    dir = mkdtempSync(join(tmpdir(), 'wsa-cli-'));
    dirs.push(dir);
  });

  test('pull, status and push exit 0; --json parses; the key is never printed nor written', async () => {
    const pulled = noKey(await cli([...pullArgs(), '--json']));
    assert.equal(pulled.code, 0, pulled.stderr);
    const report = JSON.parse(pulled.stdout) as { files: { outcome: string }[]; exitCode: number };
    assert.ok(report.files.length >= 20 && report.files.every((f) => f.outcome === 'added'));
    assert.equal(report.exitCode, 0);
    for (const f of allFiles(dir)) assert.ok(!readText(dir, f).includes(key), `the key is in ${f}`);

    const path = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    writeText(dir, path, `${readText(dir, path)}// from the CLI\n`);
    const status = noKey(await cli(['status', '.', '--json']));
    assert.equal(status.code, 0, status.stderr);
    const states = (JSON.parse(status.stdout) as { files: { path: string; state: string }[] }).files;
    assert.equal(states.find((f) => f.path === path)?.state, 'localChange');
    rig.emu.clearRequests();
    const pushed = noKey(await cli(['push', '.', path]));
    assert.equal(pushed.code, 0, pushed.stdout + pushed.stderr);
    assert.match(pushed.stdout, /pushed\s+dashboards\//);
    assert.equal(rig.requests('PUT').length, 1);
    assert.match((await rig.reader.snapshot(rig.file('dashboard', rig.ids().dashboardId!))).text, /\/\/ from the CLI\n$/);
    const human = noKey(await cli(['status', '.']));
    assert.equal(human.code, 0);
    assert.match(human.stdout, /^Status: \d+ unchanged\.$/m);
  });

  test('a conflict exits 1 and changes nothing on the service; the local text is kept', async () => {
    assert.equal((await cli(pullArgs())).code, 0);
    const path = await pathOf(dir, 'fact', rig.ids().factId!);
    const mine = readText(dir, path).replace('"Gross margin"', '"Gross margin (mine)"');
    writeText(dir, path, mine);
    const other = rig.other();
    const fact = await other.getFact(rig.ids().factId!);
    await other.replaceFact(rig.ids().factId!, {
      name: 'Gross margin (theirs)',
      definition: fact.definition as string,
      formula: fact.formula as string,
      formulaType: fact.formulaType as string,
    });
    const theirs = (await rig.reader.snapshot(rig.file('fact', rig.ids().factId!))).text;
    rig.emu.clearRequests();
    const r = noKey(await cli(['push', '.', '--json']));
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const result = (JSON.parse(r.stdout) as { files: { path: string; outcome: string }[] }).files.find((f) => f.path === path);
    assert.equal(result?.outcome, 'conflict');
    assert.equal(rig.requests('PUT').length, 0);
    assert.equal((await rig.reader.snapshot(rig.file('fact', rig.ids().factId!))).text, theirs);
    assert.equal(readText(dir, path), mine);
  });

  test('pull --kind (repeatable, a kind or its folder) pulls every resource of those kinds and nothing else; an unknown kind exits 2', async () => {
    const r = noKey(await cli([...pullArgs(), '--kind', 'dashboards', '--kind=fact', '--json']));
    assert.equal(r.code, 0, r.stderr);
    const files = (JSON.parse(r.stdout) as { files: { kind: string; id: string; outcome: string }[] }).files;
    for (const [kind, collection] of [
      ['dashboard', 'dashboards'],
      ['fact', 'facts'],
    ] as const) {
      const listed = await rig.client.listAll(collection);
      assert.ok(listed.supported);
      assert.equal(files.filter((f) => f.kind === kind && f.outcome === 'added').length, listed.items.length, `every ${kind}`);
    }
    assert.deepEqual([...new Set(files.map((f) => f.kind))].sort(), ['dashboard', 'fact']);
    assert.ok(
      allFiles(dir).every((f) => /^(dashboards|facts|\.wsa)\//.test(f)),
      allFiles(dir).join(', '),
    );

    const unknown = await cli(['pull', '.', '--kind', 'widgets']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--kind "widgets" is not a kind: use one of operation, dashboard/);
    const notStatus = await cli(['status', '.', '--kind', 'fact']);
    assert.equal(notStatus.code, 2);
    assert.match(notStatus.stderr, /status does not take --kind/);
  });

  test('a refused file, a missing key, a key flag and a bad base URL exit 2 with one sentence', async () => {
    assert.equal((await cli(pullArgs())).code, 0);
    const path = await pathOf(dir, 'fact', rig.ids().factId!);
    writeText(dir, path, '{ "name": ');
    rig.emu.clearRequests();
    const refused = noKey(await cli(['push', '.']));
    assert.equal(refused.code, 2);
    assert.match(refused.stdout, new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:\\d+: error:`));
    assert.equal(rig.requests('PUT').length, 0);

    const missing = await cli(['status', '.'], {});
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /WORKSPACE_AUTOMATION_API_KEY/);
    const flag = noKey(await cli(['pull', '.', '--api-key', key]));
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /not taken as an argument/);
    const userinfo = await cli(['pull', 'other', '--base-url', `http://user:${key}@127.0.0.1:1`, '--workspace', rig.emu.demo.workspaceId]);
    assert.equal(userinfo.code, 2);
    const wrongKey = noKey(await cli(['status', '.'], { ...env(), WORKSPACE_AUTOMATION_API_KEY: 'apik_wrongwrongwrongwrong' }));
    assert.equal(wrongKey.code, 2);
    assert.match(wrongKey.stdout, /rejected the API key \(401\)/);
    const help = await cli(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Exit codes/);
  });

  test('the key goes only to its own origin: a state file naming another service gets nothing without a confirmation', async () => {
    assert.equal((await cli(pullArgs())).code, 0);
    const state = JSON.parse(readText(dir, '.wsa/state.json')) as { connection: { baseUrl: string } };
    const elsewhere = 'http://127.0.0.1:9';
    state.connection.baseUrl = elsewhere;
    writeText(dir, '.wsa/state.json', JSON.stringify(state));
    const unconfirmed = noKey(await cli(['status', '.'], { WORKSPACE_AUTOMATION_API_KEY: key }));
    assert.equal(unconfirmed.code, 2);
    assert.match(unconfirmed.stderr, /confirm that base URL with WORKSPACE_AUTOMATION_BASE_URL or --base-url/);
    const other = noKey(await cli(['push', '.']));
    assert.equal(other.code, 2);
    assert.match(other.stderr, /belongs to http:\/\/127\.0\.0\.1:\d+: nothing was sent/);
    // Confirmed on the command line, the key goes there (and finds no service on port 9).
    const confirmed = noKey(await cli(['status', '.', '--base-url', elsewhere], { WORKSPACE_AUTOMATION_API_KEY: key }));
    assert.equal(confirmed.code, 2);
    assert.doesNotMatch(confirmed.stderr, /confirm that base URL/);
  });
});
