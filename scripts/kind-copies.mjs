#!/usr/bin/env node
// `npm run kinds`: what other files repeat of the kinds registry, made from it
// (src/kinds/registryCopies.ts): KIND_NAMES in eslint.config.mjs and `contributes.jsonValidation`
// in package.json. `--check` only compares and exits 1 naming each file that differs
// (test/unit/kinds/registryCopies.test.ts runs it). Run it after adding a kind or a kind's schema.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

// The registry is TypeScript: bundled in memory and loaded as a CommonJS module.
const built = await esbuild.build({
  entryPoints: [join(root, 'src/kinds/registryCopies.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  mainFields: ['module', 'main'],
  write: false,
  logLevel: 'error',
});
const loaded = { exports: {} };
new Function('module', 'exports', 'require', built.outputFiles[0].text)(loaded, loaded.exports, createRequire(import.meta.url));
const { withKindNames, withJsonValidation } = loaded.exports;

const stale = [];
for (const [file, regenerate] of [
  ['eslint.config.mjs', withKindNames],
  ['package.json', withJsonValidation],
]) {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  const next = regenerate(text);
  if (next === text) continue;
  if (check) stale.push(file);
  else {
    writeFileSync(path, next);
    console.log(`${file}: regenerated from the kinds registry`);
  }
}
if (stale.length) {
  console.error(`${stale.join(' and ')} differ from the kinds registry (src/kinds/resourceKinds.ts): run \`npm run kinds\`.`);
  process.exit(1);
}
