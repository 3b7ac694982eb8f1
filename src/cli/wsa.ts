// `wsa` (dist/cli.js, package.json's `bin`): local folders from a terminal or CI, on the same engine
// as the extension (src/localFolders/engine), and `wsa mcp`, the agent tools served to an MCP client
// over stdio (src/agents/mcp). Each subcommand is an entry of the table (subcommands.ts), which
// `--help` prints (docs/cli.md in full); the key comes from WORKSPACE_AUTOMATION_API_KEY only.
// This file only hands the table the process.
import { join } from 'node:path';
import { validateText } from '../documents/validation/validate';
import { runWsa } from './commandLine';
import { terminalAsk } from './targetCli';

/** package.json's version, written in by esbuild.mjs (`define`). */
declare const WSA_VERSION: string;

void runWsa(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  cwd: process.cwd(),
  version: WSA_VERSION,
  stdin: process.stdin,
  stdout: process.stdout,
  distDir: __dirname,
  // The TSX parser is the bundle beside this one, as for the extension.
  validate: (view, text) => validateText(view, text, { tsxCheckPath: join(__dirname, 'tsx-check.js') }),
  // A push to a protected target asks here; without a terminal it needs --yes.
  ...(process.stdin.isTTY ? { ask: terminalAsk(process.stdin, process.stderr) } : {}),
}).then((code) => {
  process.exitCode = code;
});
