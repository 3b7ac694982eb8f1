// The packaged extension for UI scenarios that run against the installed VSIX: built once per
// runner process by `scripts/package.mjs` into a folder private to this run (others may test in the
// same tree at once), removed when the process exits.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths';
import { trackGroup } from './processes';

let built: Promise<string> | undefined;

/** The path of a freshly packaged `.vsix` of the working tree (production build, as shipped). */
export function packagedVsix(): Promise<string> {
  built ??= buildVsix();
  return built;
}

async function buildVsix(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'wsa-test-vsix-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'workspace-automation.vsix');
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'package.mjs'), '--out', file, '--no-cli', '--quiet'], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid) trackGroup(child.pid);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`scripts/package.mjs ended with ${signal ?? code}:\n${output.trim()}`)),
    );
  });
  if (process.env.WSA_HARNESS_DEBUG) console.error(`[harness] packaged the VSIX in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return file;
}
