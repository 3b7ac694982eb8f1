// The `wsa` tarball (scripts/package-cli.mjs, made by `npm run package`) installs as a command:
// `npm install -g --prefix <tmp> <tarball>`, offline (the bundles need no dependency at run time),
// gives a `wsa` that prints its help and version, pulls a workspace from the in-process emulator
// and reports a local status of the pulled folder, run from a folder with no node_modules near.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startFolderRig, type FolderRig } from './folderSupport';
import { repoRoot } from '../../harness/lib/paths';

const root = repoRoot;
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('the wsa tarball', () => {
  let dir: string;
  let tarball: string;
  let wsa: string;
  let rig: FolderRig;
  // Only the installed command and node on PATH: nothing of this checkout.
  const path = () => `${join(dir, 'prefix', 'bin')}:${dirname(process.execPath)}`;
  const run = (args: string[], vars: Record<string, string> = {}): Promise<Run> =>
    new Promise((done) => {
      execFile(wsa, args, { env: { PATH: path(), HOME: dir, ...vars }, cwd: join(dir, 'work') }, (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
      );
    });

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'wsa-cli-package-'));
    mkdirSync(join(dir, 'work'));
    const packed = spawnSync(process.execPath, [join(root, 'scripts', 'package-cli.mjs'), '--out-dir', join(dir, 'packed'), '--quiet'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(packed.status, 0, packed.stderr);
    tarball = packed.stdout.trim();
    const installed = spawnSync(
      'npm',
      [
        'install',
        '-g',
        '--prefix',
        join(dir, 'prefix'),
        '--offline',
        '--no-audit',
        '--no-fund',
        '--cache',
        join(dir, 'npm-cache'),
        tarball,
      ],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } },
    );
    assert.equal(installed.status, 0, `npm install -g of the tarball, offline: ${installed.stderr}`);
    wsa = join(dir, 'prefix', 'bin', 'wsa');
  });

  after(async () => {
    await rig?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('holds the command line, its chunks and a README, and depends on nothing', () => {
    const listed = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).sort();
    for (const file of ['dist/cli.js', 'dist/undici-pool.js', 'dist/schemas.js', 'dist/jsonc-parser.js', 'dist/tsx-check.js', 'README.md'])
      assert.ok(listed.includes(`package/${file}`), `${file} is in the tarball: ${listed.join(', ')}`);
    assert.ok(!listed.some((f) => f.includes('node_modules') || f.endsWith('.map')), 'no node_modules, no source maps');
    const manifest = JSON.parse(spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout) as Record<
      string,
      unknown
    >;
    assert.deepEqual(manifest.bin, { wsa: 'dist/cli.js' });
    assert.equal(manifest.version, version);
    assert.equal(manifest.dependencies, undefined);
  });

  test('installed with npm install -g, wsa prints its help and its version', async () => {
    assert.ok(wsa.endsWith(join('bin', 'wsa')));
    const help = await run(['--help']);
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^ {2}wsa status <folder> --base-url <url>/m);
    assert.match(help.stdout, /Exit codes/);
    const v = await run(['--version']);
    assert.equal(v.stdout.trim(), version);
  });

  test('the installed wsa pulls a workspace, and reports the pulled folder’s local status without a key', async () => {
    rig = await startFolderRig();
    const c = rig.emu.carriers;
    const pulled = await run(
      [
        'pull',
        'pulled',
        '--base-url',
        rig.emu.url,
        '--workspace',
        rig.emu.demo.workspaceId,
        '--auth-header',
        c.authHeader,
        '--auth-scheme',
        c.authScheme,
        '--workspace-header',
        c.workspaceHeader,
      ],
      { WORKSPACE_AUTOMATION_API_KEY: rig.emu.demo.apiKey },
    );
    assert.equal(pulled.code, 0, pulled.stdout + pulled.stderr);
    assert.match(pulled.stdout, /Pulled: \d+ added\./);
    const status = await run(['status', 'pulled', '--local', '--json']);
    assert.equal(status.code, 0, status.stderr);
    const report = JSON.parse(status.stdout) as { files: { state: string }[]; exitCode: number };
    assert.ok(report.files.length >= 20, `${report.files.length} files`);
    assert.ok(
      report.files.every((f) => f.state === 'unchanged'),
      'a folder just pulled is unchanged',
    );
    assert.equal(report.exitCode, 0);
  });
});
