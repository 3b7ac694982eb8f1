// The CLI other scripts start: `node dist/emulator.js --port 0` prints five machine-readable lines
// first (the admin surface wants the fifth, its token), serves until SIGTERM/SIGINT, and exits cleanly.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { UsageError } from '../../../src/cli/args/flags';
import { HELP, parseArgs } from '../../../src/emulator/cliArgs';
import { carriersFor, VARIANT_NAMES, VariantSet } from '../../../src/emulator/core/variants';
import { repoRoot } from '../../harness/lib/paths';

const root = repoRoot;
const cli = resolve(root, 'dist/emulator.js');

before(() => {
  // Always test the current source, not a stale bundle.
  const built = spawnSync(process.execPath, ['esbuild.mjs', '--only=emulator'], { cwd: root, encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
});

/** Starts the CLI and resolves with its first five stdout lines. */
function startCli(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; lines: string[]; stderr: () => string }> {
  const child = spawn(process.execPath, [cli, ...args], { cwd: root });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI printed no five lines: ${out} ${err}`)), 5000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      if (lines.length > 5) {
        clearTimeout(timer);
        resolvePromise({ child, lines: lines.slice(0, 5), stderr: () => err });
      }
    });
    child.on('exit', (code) => reject(new Error(`CLI exited with ${code}: ${err}`)));
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((r) => {
    if (child.exitCode !== null) r(child.exitCode);
    else child.once('exit', (code) => r(code));
  });
}

describe('emulator CLI', () => {
  test('prints URL, key, workspace, admin URL and admin token as its first five lines and serves them', async () => {
    const { child, lines } = await startCli(['--port', '0', '--quiet']);
    try {
      assert.match(lines[0]!, /^WSA_EMULATOR_URL=http:\/\/127\.0\.0\.1:\d+$/);
      assert.match(lines[1]!, /^WSA_API_KEY=apik_[A-Za-z0-9]{24,}$/);
      assert.match(lines[2]!, /^WSA_WORKSPACE_ID=wksp_[A-Za-z0-9]+$/);
      assert.match(lines[3]!, /^WSA_ADMIN_URL=http:\/\/127\.0\.0\.1:\d+$/);
      assert.match(lines[4]!, /^WSA_ADMIN_TOKEN=[A-Za-z0-9_-]{43}$/);
      const env = Object.fromEntries(lines.map((l) => l.split('=') as [string, string]));
      const r = await fetch(`${env['WSA_EMULATOR_URL']}/v1/operations?limit=1`, {
        headers: { Authorization: `Bearer ${env['WSA_API_KEY']}`, 'X-Workspace-Id': env['WSA_WORKSPACE_ID']! },
      });
      assert.equal(r.status, 200);
      assert.equal((await fetch(`${env['WSA_ADMIN_URL']}/health`)).status, 401, 'the admin surface wants its token');
      const admin = { headers: { Authorization: `Bearer ${env['WSA_ADMIN_TOKEN']}` } };
      const health = (await (await fetch(`${env['WSA_ADMIN_URL']}/health`, admin)).json()) as { data: { ok: boolean } };
      assert.equal(health.data.ok, true);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exitOf(child), 0);
  });

  test('SIGINT closes it cleanly too; header flags apply', async () => {
    const { child, lines } = await startCli([
      '--port=0',
      '--auth-header',
      'X-Api-Key',
      '--auth-scheme',
      '',
      '--deploy-delay-ms',
      '10',
      '--quiet',
    ]);
    const env = Object.fromEntries(lines.map((l) => l.split('=') as [string, string]));
    try {
      const r = await fetch(`${env['WSA_EMULATOR_URL']}/v1/apps`, {
        headers: { 'X-Api-Key': env['WSA_API_KEY']!, 'X-Workspace-Id': env['WSA_WORKSPACE_ID']! },
      });
      assert.equal(r.status, 200);
    } finally {
      child.kill('SIGINT');
    }
    assert.equal(await exitOf(child), 0);
  });

  test('--help prints usage; an unknown flag exits 2', () => {
    const help = spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--deploy-delay-ms/);
    const bad = spawnSync(process.execPath, [cli, '--nope'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /Unknown option --nope/);
  });

  test('binding a non-loopback address warns loudly', async () => {
    const { child, stderr } = await startCli(['--port', '0', '--host', '0.0.0.0', '--quiet']);
    child.kill('SIGTERM');
    await exitOf(child);
    assert.match(stderr(), /WARNING: binding 0\.0\.0\.0/);
  });
});

describe('emulator CLI --variant', () => {
  test('is repeatable and takes comma lists; duplicates collapse', () => {
    assert.deepEqual(parseArgs(['--variant', 'problem-json,conflict-412', '--variant=alt-carriers', '--variant', 'problem-json']), {
      variants: ['problem-json', 'conflict-412', 'alt-carriers'],
    });
    assert.deepEqual(parseArgs(['--port', '0']), { port: 0 }, 'no variants: our own choices');
  });

  test('an unknown name is a usage error that lists the valid ones', () => {
    assert.throws(
      () => parseArgs(['--variant', 'problem-json,nope']),
      (e: unknown) => {
        assert.ok(e instanceof UsageError);
        assert.match(e.message, /Unknown variant "nope"/);
        for (const name of VARIANT_NAMES) assert.ok(e.message.includes(name), name);
        return true;
      },
    );
    const bad = spawnSync(process.execPath, [cli, '--variant', 'strictest'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /Unknown variant "strictest"; the variants are problem-json, /);
  });

  test('--help lists every variant with a one-line description', () => {
    for (const name of VARIANT_NAMES) assert.match(HELP, new RegExp(`^ {4}${name} +\\S.{10,}$`, 'm'), name);
    for (const line of HELP.split('\n')) assert.ok(line.length <= 100, line);
  });

  test('strict means every profile; carriersFor tells where the key and workspace go', () => {
    const strict = new VariantSet(['strict']);
    // All but strict itself, fact-all-fields (the opposite reading of fact-four-fields) and fact-no-updated (outside the spec's table).
    assert.equal(strict.active.length, VARIANT_NAMES.length - 3);
    assert.ok(!strict.has('fact-no-updated'));
    assert.ok(strict.has('problem-json') && strict.has('alt-carriers') && strict.has('fact-four-fields'));
    assert.ok(!strict.has('fact-all-fields'));
    const both = new VariantSet(['strict', 'fact-all-fields']);
    assert.ok(both.has('fact-all-fields') && !both.has('fact-four-fields'), 'named beside strict, it wins over its opposite');
    assert.throws(() => new VariantSet(['fact-all-fields', 'fact-four-fields']), /opposite readings/);
    assert.equal(new VariantSet([]).active.length, 0);
    assert.deepEqual(carriersFor(['strict']), { authHeader: 'X-Api-Key', authScheme: '', workspaceHeader: 'X-WSA-Workspace' });
    assert.deepEqual(carriersFor(['problem-json']), {
      authHeader: 'Authorization',
      authScheme: 'Bearer',
      workspaceHeader: 'X-Workspace-Id',
    });
    assert.throws(() => carriersFor(['nope']), /Unknown variant/);
  });

  test('the started CLI plays them and reports them on the admin surface', async () => {
    const { child, lines } = await startCli(['--port', '0', '--quiet', '--variant', 'no-lists,problem-json', '--variant', 'alt-carriers']);
    const env = Object.fromEntries(lines.map((l) => l.split('=') as [string, string]));
    try {
      const report = (await (
        await fetch(`${env['WSA_ADMIN_URL']}/variants`, { headers: { Authorization: `Bearer ${env['WSA_ADMIN_TOKEN']}` } })
      ).json()) as { data: { names: string[]; active: string[] } };
      assert.deepEqual(report.data.names, ['no-lists', 'problem-json', 'alt-carriers']);
      assert.deepEqual(report.data.active, ['problem-json', 'no-lists', 'alt-carriers']);
      const r = await fetch(`${env['WSA_EMULATOR_URL']}/v1/operations`, {
        headers: { 'X-Api-Key': env['WSA_API_KEY']!, 'X-WSA-Workspace': env['WSA_WORKSPACE_ID']! },
      });
      assert.equal(r.status, 404);
      assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exitOf(child), 0);
  });
});
