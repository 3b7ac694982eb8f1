#!/usr/bin/env node
// `npm run bench [-- --runs=N --large=N --only=node,typing,host,scale]`: builds the production bundles into a
// staged copy of the extension (out/bench/extension: package.json, media/, dist/), so that what is
// measured is what ships and another run of `npm test` rebuilding dist/ cannot change it
// mid-run; bundles the benchmarks; then runs out/bench/main.js, which prints the table.
// Plain Node built-ins and the esbuild devDependency only.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stage = join(root, 'out', 'bench');
const extension = join(stage, 'extension');

if (!existsSync(join(root, 'node_modules', 'esbuild'))) {
  console.error('npm run bench: node_modules is missing; run `npm install` first.');
  process.exit(1);
}

const floor = join(stage, 'floor');

const benchMain = (global) => `'use strict';
// Written by scripts/bench.mjs into the staged extension only (see there). CPU time beside the
// wall time: on a shared machine the wall time also counts the time other processes held the CPU.
const timings = (globalThis.${global} = {});
const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
let cpu = process.cpuUsage();
let started = performance.now();
const extension = require('./main.js');
timings.requireMs = performance.now() - started;
timings.requireCpuMs = cpuMs(cpu);
exports.activate = function (context) {
  cpu = process.cpuUsage();
  started = performance.now();
  const api = extension.activate(context);
  timings.activateMs = performance.now() - started;
  timings.activateCpuMs = cpuMs(cpu);
  // VS Code counts the call (activateCallTime); the promise it returns settles later.
  Promise.resolve(api).then(() => (timings.settledMs = performance.now() - started), () => undefined);
  return api;
};
exports.deactivate = function () {
  return extension.deactivate && extension.deactivate();
};
`;

const step = (what, fn) => {
  const t = Date.now();
  fn();
  console.log(`[bench] ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
};

step('production build staged in out/bench/extension', () => {
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(extension, { recursive: true });
  const build = spawnSync(
    process.execPath,
    ['esbuild.mjs', '--production', '--only=extension,tsx,tsWorker,emulator,webview,cli', `--dist=${join(extension, 'dist')}`],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  cpSync(join(root, 'media'), join(extension, 'media'), { recursive: true });
  // The staged package starts through a shim that times, with the high-resolution clock, the
  // require of the shipped entry dist/main.js and its activate() call (which loads dist/extension.js
  // through the code cache), exactly as VS Code makes them at activation; the bundles are the ones
  // that ship, untouched.
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(extension, 'package.json'), JSON.stringify({ ...manifest, main: './dist/bench-main.js' }, null, 2));
  writeFileSync(join(extension, 'dist', 'bench-main.js'), benchMain('__workspaceAutomationBench'));
  // The floor: an empty extension with the same activation events, timed by the same shim, loaded
  // beside ours in the same extension host (its activation is the least any extension costs there).
  mkdirSync(join(floor, 'dist'), { recursive: true });
  const floorManifest = {
    name: 'workspace-automation-bench-floor',
    displayName: 'Workspace Automation bench floor',
    publisher: manifest.publisher,
    version: manifest.version,
    engines: manifest.engines,
    activationEvents: manifest.activationEvents,
    main: './dist/bench-main.js',
  };
  writeFileSync(join(floor, 'package.json'), JSON.stringify(floorManifest, null, 2));
  writeFileSync(join(floor, 'dist', 'main.js'), "'use strict';\nexports.activate = function () {\n  return {};\n};\n");
  writeFileSync(join(floor, 'dist', 'bench-main.js'), benchMain('__workspaceAutomationFloorBench'));
});

await (async () => {
  const esbuild = await import('esbuild');
  const t = Date.now();
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    logOverride: { 'import-is-undefined': 'error' },
  };
  await Promise.all([
    // The Node side: the table, the Node-side benchmarks and the harness sessions.
    esbuild.build({ ...common, entryPoints: [join(root, 'test/bench/main.ts')], outfile: join(stage, 'main.js') }),
    // The extension-host side: VS Code loads it as the extension tests entry.
    esbuild.build({
      ...common,
      entryPoints: [join(root, 'test/bench/host/index.ts')],
      outfile: join(stage, 'host', 'index.js'),
      external: ['vscode'],
    }),
  ]);
  console.log(`[bench] benchmarks bundled (${((Date.now() - t) / 1000).toFixed(1)} s)`);
})();

const run = spawnSync(
  process.execPath,
  [
    join(stage, 'main.js'),
    `--extension=${extension}`,
    `--floor-extension=${floor}`,
    `--host-entry=${join(stage, 'host', 'index.js')}`,
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WSA_REPO_ROOT: root },
  },
);
process.exit(run.status ?? 1);
