// `npm start` with desktop VS Code on PATH, against a stand-in for the `code` CLI that behaves like
// the real one (starts a detached "VS Code" and, with --wait, stays until it quits): the window gets
// the working tree as development extension, a private user-data folder with the emulator's
// settings, the key in its environment; Ctrl+C leaves no process behind, and closing VS Code ends
// `npm start`. Needs the build (out/test/harness, dist/emulator.js), as every unit test here.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { waitUntil } from '../harness/lib/processes';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;
const FAKE_CODE = `#!${process.execPath}
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const args = process.argv.slice(2);
const userData = args.find((a) => a.startsWith('--user-data-dir=')).slice('--user-data-dir='.length);
fs.writeFileSync(process.env.FAKE_CODE_RECORD, JSON.stringify({ args, key: process.env.WORKSPACE_AUTOMATION_API_KEY,
  settings: JSON.parse(fs.readFileSync(userData + '/User/settings.json', 'utf8')) }));
const vscode = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', ...args], { detached: true, stdio: 'ignore' });
vscode.on('exit', () => process.exit(0));
`;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const dir = mkdtempSync(join(tmpdir(), 'wsa-start-test-'));
const started: ChildProcess[] = [];
// A failed assertion must not leave `npm start` (and with it this test file) running.
after(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
});
writeFileSync(join(dir, 'code'), FAKE_CODE);
chmodSync(join(dir, 'code'), 0o755);
const record = join(dir, 'record.json');

function start(): Started {
  rmSync(record, { force: true });
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--no-build'], {
    cwd: root,
    env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, FAKE_CODE_RECORD: record, WSA_START_DATA_DIR: join(dir, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let text = '';
  child.stdout!.on('data', (d) => (text += d));
  child.stderr!.on('data', (d) => (text += d));
  return { child, output: () => text, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

/** Waits until `npm start` is up and the stand-in `code` has recorded what it got. */
async function ready(s: Started): Promise<void> {
  try {
    await until(() => (s.output().includes('Ctrl+C stops') && existsSync(record)) || s.child.exitCode !== null, 'the start-up');
  } finally {
    if (s.child.exitCode === null && !existsSync(record)) s.child.kill('SIGINT');
  }
  assert.ok(existsSync(record), s.output());
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  if (!(await waitUntil(condition, timeoutMs, 100))) throw new Error(`timed out waiting for ${what}`);
}

/** Processes (not zombies) whose command line names `marker`. */
function processesNaming(marker: string): string[] {
  const out = spawnSync('ps', ['-A', '-o', 'stat=,args='], { encoding: 'utf8' }).stdout;
  return out.split('\n').filter((line) => line.includes(marker) && !line.trim().startsWith('Z'));
}

describe('npm start with desktop VS Code on PATH', () => {
  it('opens it signed in to the emulator, and Ctrl+C stops VS Code and the emulator', async () => {
    const s = start();
    await ready(s);
    const seen = JSON.parse(readFileSync(record, 'utf8')) as { args: string[]; key: string; settings: Record<string, string> };
    assert.ok(seen.args.includes('--wait'));
    assert.ok(seen.args.includes(`--extensionDevelopmentPath=${root}`));
    assert.match(seen.key, /^apik_/);
    assert.match(seen.settings['workspaceAutomation.baseUrl']!, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(seen.settings['workspaceAutomation.workspaceId']!, /^wksp_/);
    assert.ok(!JSON.stringify(seen.settings).includes(seen.key), 'the key is not written into the settings');
    const runDir = /--user-data-dir=(.*)\/user-data/.exec(seen.args.join(' '))![1]!;
    assert.ok(processesNaming(runDir).length > 0, 'the stand-in VS Code runs');

    s.child.kill('SIGINT');
    assert.equal(await s.exited, 130);
    assert.deepEqual(processesNaming(runDir), [], 'nothing of that VS Code is left');
    assert.deepEqual(processesNaming(join(dir, 'data')), [], 'the emulator is stopped');
    assert.ok(!existsSync(runDir), 'its temporary folder is removed');
  });

  it('ends, with the emulator, when VS Code is closed', async () => {
    const s = start();
    await ready(s);
    const seen = JSON.parse(readFileSync(record, 'utf8')) as { args: string[] };
    const runDir = /--user-data-dir=(.*)\/user-data/.exec(seen.args.join(' '))![1]!;
    const vscode = spawnSync('ps', ['-A', '-o', 'pid=,args='], { encoding: 'utf8' })
      .stdout.split('\n')
      .find((line) => line.includes('setInterval') && line.includes(runDir));
    process.kill(Number(vscode!.trim().split(/\s+/)[0]), 'SIGTERM');
    assert.equal(await s.exited, 0);
    assert.match(s.output(), /VS Code closed/);
    assert.deepEqual(processesNaming(join(dir, 'data')), [], 'the emulator is stopped');
  });
});
