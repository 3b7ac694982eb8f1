// The build step of `npm run test:mutation`, which Stryker runs once in its sandbox over the
// instrumented sources: bundles the unit test files stryker.config.mjs names into out/mutation/
// (over the files scripts/mutation.mjs wrote there, which say what each test is made of),
// the TSX checker chunk some of them load (dist/tsx-check.js) and the dashboard language worker
// with its declarations (dist/ts-worker.js, dist/ts-types/: the agent tools' type check runs it),
// as `node esbuild.mjs` does, without the extension, webview and integration bundles and the other tests.
import { spawnSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const { testFiles } = await import(pathToFileURL(resolve('stryker.config.mjs')).href);
const entryPoints = testFiles.map((name) => `test/unit/${name}.test.ts`);

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
  esbuild.build({ ...node, packages: 'external', entryPoints, outdir: 'out/mutation', outbase: 'test/unit' }),
  esbuild.build({ ...node, entryPoints: { 'tsx-check': 'src/dashboardLanguage/check/tsxCheck.ts' }, outdir: 'dist' }),
]);
const worker = spawnSync(process.execPath, ['esbuild.mjs', '--only=tsWorker'], { stdio: 'inherit' });
if (results.some((r) => r.errors.length) || worker.status !== 0) process.exitCode = 1;
