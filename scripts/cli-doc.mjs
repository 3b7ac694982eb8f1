#!/usr/bin/env node
// `npm run cli-doc`: docs/cli.md's usage block and flags table, written from the table of `wsa`'s
// subcommands (src/cli/subcommands.ts, through src/cli/help.ts) between the markers
// `<!-- cli-usage:start -->` … `<!-- cli-usage:end -->` and `<!-- cli-flags:start -->` … `<!-- cli-flags:end -->`.
// `--check` only compares and exits 1 when the page differs (test/unit/cli/cliDoc.test.ts holds
// the same). Run it after changing a subcommand, a flag or its help.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const page = join(root, 'docs/cli.md');

// The table is TypeScript: bundled in memory and loaded as a CommonJS module.
const built = await esbuild.build({
  entryPoints: [join(root, 'src/cli/help.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  mainFields: ['module', 'main'],
  // The handlers are never called here: `wsa mcp`'s, and the MCP SDK behind it, stay out.
  external: ['@modelcontextprotocol/sdk'],
  write: false,
  logLevel: 'error',
});
const loaded = { exports: {} };
new Function('module', 'exports', 'require', built.outputFiles[0].text)(loaded, loaded.exports, createRequire(import.meta.url));
const { withCliDoc } = loaded.exports;

const text = readFileSync(page, 'utf8');
const next = withCliDoc(text);
if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error('docs/cli.md differs from the table of subcommands (src/cli/subcommands.ts): run `npm run cli-doc`.');
    process.exit(1);
  }
  console.log('docs/cli.md matches the table of subcommands');
} else if (next !== text) {
  writeFileSync(page, next);
  console.log('docs/cli.md: written from the table of subcommands');
} else console.log('docs/cli.md already matches the table of subcommands');
