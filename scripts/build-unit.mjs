// Bundles the unit tests alone into out/test/unit/, and the TSX checker chunk some of them load
// (dist/tsx-check.js), as `node esbuild.mjs` does, without the extension, worker, webview and
// integration bundles: the build step of `npm run test:mutation`, which Stryker runs once in its
// sandbox over the instrumented sources.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join, matchesGlob, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = 'test/unit';
// These load bundles this build does not make: the language service worker (dist/ts-worker.js), and
// dist/emulator.js, which the CLI test builds with esbuild.mjs on each run.
const needsProductBundles = new Set(['dashboardLanguageService.test.ts', 'emulatorCli.test.ts']);
const entryPoints = readdirSync(dir)
  .filter((f) => f.endsWith('.test.ts') && !needsProductBundles.has(f))
  .map((f) => join(dir, f));

const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  mainFields: ['module', 'main'],
  // No source maps: less to load in each of the many test runs.
  sourcemap: false,
  logLevel: 'warning',
  logOverride: { 'import-is-undefined': 'error' },
  legalComments: 'none',
};
const results = await Promise.all([
  esbuild.build({ ...node, packages: 'external', metafile: true, entryPoints, outdir: 'out/test/unit', outbase: dir }),
  esbuild.build({ ...node, entryPoints: { 'tsx-check': 'src/core/tsxCheck.ts' }, outdir: 'dist' }),
]);
if (results.some((r) => r.errors.length)) process.exitCode = 1;

// A test file that loads none of the mutated sources can kill no mutant: its bundle is removed, so
// Stryker's first (full) run does not spend time on it.
const { mutate } = (await import(pathToFileURL(resolve('stryker.config.mjs')).href)).default;
for (const [file, output] of Object.entries(results[0].metafile.outputs)) {
  if (!Object.keys(output.inputs).some((input) => mutate.some((glob) => matchesGlob(input, glob)))) rmSync(file);
}
