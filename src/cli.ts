// `wsa` (dist/cli.js, package.json's `bin`): local folders from a terminal or CI, on the same engine
// as the extension (src/folders). `--help` says how (docs/cli.md in full); the key comes from
// WORKSPACE_AUTOMATION_API_KEY only.
import { join } from 'node:path';
import { runCli } from './folders/folderCli';
import { validateText } from './validation/validate';

/** package.json's version, written in by esbuild.mjs (`define`). */
declare const WSA_VERSION: string;

void runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  cwd: process.cwd(),
  version: WSA_VERSION,
  // The TSX parser is the bundle beside this one, as for the extension.
  validate: (view, text) => validateText(view, text, { tsxCheckPath: join(__dirname, 'tsx-check.js') }),
}).then((code) => {
  process.exitCode = code;
});
