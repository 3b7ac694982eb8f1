// `node dist/cli.js`: local folders from a terminal or CI, on the same engine as the extension
// (src/localFolders/engine). `--help` says how; the key comes from WORKSPACE_AUTOMATION_API_KEY only.
import { join } from 'node:path';
import { runCli } from './localFolders/engine/folderCli';
import { validateText } from './documents/validation/validate';

void runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  cwd: process.cwd(),
  // The TSX parser is the bundle beside this one, as for the extension.
  validate: (view, text) => validateText(view, text, { tsxCheckPath: join(__dirname, 'tsx-check.js') }),
}).then((code) => {
  process.exitCode = code;
});
