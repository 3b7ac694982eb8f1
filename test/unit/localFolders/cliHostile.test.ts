// `node dist/cli.js` in CI with a deploy key, on a folder a fork's pull request may have rewritten:
// the state file never chooses the headers the key goes in, nor a base URL the user did not
// confirm (path included), and nothing a folder or a service says can forge terminal output or a
// CI workflow command. Spawned against the in-process emulator over HTTP; its request log shows
// what was sent.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { readText, startFolderRig, writeText, type FolderRig } from './folderSupport';
import { repoRoot } from '../../harness/lib/paths';

const CLI = join(repoRoot, 'dist', 'cli.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A line a CI runner would read as a workflow command, or a raw ESC. */
// eslint-disable-next-line no-control-regex -- a raw ESC is what it finds
const FORGED = /^\s*::|##vso\[|##\[|\x1b/im;

describe('the command line on a hostile folder', () => {
  let rig: FolderRig;
  let dir: string;
  let key: string;
  const dirs: string[] = [];
  const env = (more: Record<string, string> = {}) => ({
    WORKSPACE_AUTOMATION_API_KEY: key,
    WORKSPACE_AUTOMATION_BASE_URL: rig.emu.url,
    ...more,
  });
  const cli = (args: string[], vars: Record<string, string> = env()): Promise<Run> =>
    new Promise((done) => {
      execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', ...vars }, cwd: dir }, (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      });
    });
  const pulled = async () => {
    const r = await cli(['pull', '.', '--base-url', rig.emu.url, '--workspace', rig.emu.demo.workspaceId]);
    assert.equal(r.code, 0, r.stderr);
    rig.emu.clearRequests();
  };
  const editState = (edit: (s: { connection: Record<string, string>; files: Record<string, unknown> }) => void) => {
    const s = JSON.parse(readText(dir, '.wsa/state.json')) as { connection: Record<string, string>; files: Record<string, unknown> };
    edit(s);
    writeText(dir, '.wsa/state.json', JSON.stringify(s, null, 2));
  };

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
    dir = mkdtempSync(join(tmpdir(), 'wsa-cli-hostile-'));
    dirs.push(dir);
  });

  test('a state file with Host as a carrier sends nothing: the workspace as Host, the key as Host', async () => {
    await pulled();
    for (const [over, said] of [
      [{ workspaceHeader: 'Host', workspaceId: 'attacker.example' }, /workspace "attacker\.example" is not a workspace id/],
      [{ workspaceHeader: 'Host' }, /workspaceHeader: Host is a header HTTP itself interprets/],
      [{ authHeader: 'Host', authScheme: '' }, /authHeader: Host is a header HTTP itself interprets/],
      [{ authHeader: 'Proxy-Authorization' }, /interprets/],
    ] as const) {
      editState((s) => Object.assign(s.connection, over));
      for (const command of [
        ['status', '.'],
        ['push', '.'],
        ['pull', '.'],
      ]) {
        const r = await cli(command);
        assert.equal(r.code, 2, `${command[0]} ${JSON.stringify(over)}`);
        assert.match(r.stderr, said);
        assert.ok(!r.stdout.includes(key) && !r.stderr.includes(key));
      }
      assert.equal(rig.emu.requests().length, 0, `nothing sent for ${JSON.stringify(over)}`);
      await rig.emu.reset();
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      await pulled();
    }
  });

  test('headers the state names but the user did not give are refused, naming the flag; given, they are used', async () => {
    await pulled();
    editState((s) => Object.assign(s.connection, { authHeader: 'X-Api-Key', authScheme: '' }));
    const refused = await cli(['status', '.']);
    assert.equal(refused.code, 2);
    assert.match(
      refused.stderr,
      /sends the key with authHeader "X-Api-Key", not "Authorization": nothing was sent\. .*--auth-header "X-Api-Key" \(or WORKSPACE_AUTOMATION_AUTH_HEADER\)/,
    );
    assert.equal(rig.emu.requests().length, 0);
    const stillScheme = await cli(['status', '.', '--auth-header', 'X-Api-Key']);
    assert.match(stillScheme.stderr, /authScheme "", not "Bearer".*--auth-scheme/);
    assert.equal(rig.emu.requests().length, 0);
    // Confirmed by the flags or the environment: sent in those headers (this emulator wants others: 401).
    for (const [args, vars] of [
      [['--auth-header', 'X-Api-Key', '--auth-scheme', ''], env()],
      [[], env({ WORKSPACE_AUTOMATION_AUTH_HEADER: 'X-Api-Key', WORKSPACE_AUTOMATION_AUTH_SCHEME: '' })],
    ] as const) {
      rig.emu.clearRequests();
      const confirmed = await cli(['status', '.', ...args], vars);
      assert.doesNotMatch(confirmed.stderr, /nothing was sent/);
      const sent = rig.emu.requests();
      assert.ok(sent.length > 0);
      // Not in Authorization, which this emulator reads: every request is refused as unauthenticated.
      assert.ok(
        sent.every((r) => r.status === 401 && r.actorId === null),
        JSON.stringify(sent.map((r) => r.status)),
      );
    }
    // A carrier flag that names a header HTTP interprets is refused before anything is read.
    const bad = await cli([
      'pull',
      'fresh',
      '--base-url',
      rig.emu.url,
      '--workspace',
      rig.emu.demo.workspaceId,
      '--workspace-header',
      'Host',
    ]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--workspace-header cannot be used: Host is a header HTTP itself interprets/);
  });

  test('the whole base URL must be the one confirmed, path included', async () => {
    await pulled();
    editState((s) => (s.connection.baseUrl = `${rig.emu.url}/tenant-b`));
    const r = await cli(['push', '.']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /belongs to http:\/\/127\.0\.0\.1:\d+: nothing was sent/);
    const flag = await cli(['status', '.', '--base-url', rig.emu.url], { WORKSPACE_AUTOMATION_API_KEY: key });
    assert.equal(flag.code, 2);
    assert.equal(rig.emu.requests().length, 0);
  });

  test('a service message or a state path with an ESC, a line break, ::error:: or ##vso[ forges nothing; --json stays JSON', async () => {
    await pulled();
    const hostile = 'boom\n::error file=ci.yml::forged\x1b[31m red ##vso[task.setvariable variable=x]y ##[error]z';
    rig.emu.injectFault({ match: { method: 'GET', path: '/v1/dashboards/' }, kind: 'status', status: 500, count: 1000, message: hostile });
    editState((s) => (s.files['dashboards/x\n::error::y\x1b]0;t\x07.tsx'] = { view: 'dashboard', id: 'oper_x', hash: 'sha256:0' }));
    const human = await cli(['status', '.']);
    assert.equal(human.code, 2);
    for (const out of [human.stdout, human.stderr]) assert.doesNotMatch(out, FORGED, out);
    assert.match(human.stdout, /boom.::error file=ci\.yml::forged\\x1b\[31m red #\\x23vso\[task/);
    assert.match(human.stdout, /ignored/);
    const json = await cli(['status', '.', '--json']);
    assert.doesNotMatch(json.stdout, FORGED);
    const report = JSON.parse(json.stdout) as { files: { remoteError?: string }[]; notes: string[] };
    assert.ok(
      report.files.some((f) => f.remoteError?.includes('::forged\x1b[31m red ##vso[task.setvariable variable=x]y ##[error]z')),
      'the value is the service’s own words',
    );
    assert.ok(report.notes.some((n) => n.includes('ignored')));
    // An error that ends the run (stderr, and JSON on stdout) is as inert.
    editState((s) => (s.connection.workspaceId = 'wksp_\n::error::x'));
    const failed = await cli(['status', '.', '--json']);
    assert.equal(failed.code, 2);
    for (const out of [failed.stdout, failed.stderr]) assert.doesNotMatch(out, FORGED, out);
    JSON.parse(failed.stdout);
  });
});
