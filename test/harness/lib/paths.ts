// Where the harness keeps things. Paths are computed, never stored, so the cache folder can move.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { installPaths } from '../../../scripts/install-vscode.mjs';

export { CHROMIUM, CHROMIUM_SHELL } from '../../../scripts/install-vscode.mjs';

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
export const { nodeDir, node24, codeServerEntry } = installPaths(cacheDir);
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
