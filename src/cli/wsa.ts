// `wsa` (dist/cli.js, package.json's `bin`): local folders from a terminal or CI, on the same engine
// as the extension (src/localFolders/engine), and `wsa mcp`, the agent tools served to an MCP client
// over stdio (src/agents/mcp). `--help` says how (docs/cli.md in full); the key comes from
// WORKSPACE_AUTOMATION_API_KEY only.
import { join } from 'node:path';
import { runCli } from './folderCli';
import { validateText } from '../documents/validation/validate';

/** package.json's version, written in by esbuild.mjs (`define`). */
declare const WSA_VERSION: string;

// The TSX parser is the bundle beside this one, as for the extension.
const validate = (view: Parameters<typeof validateText>[0], text: string) =>
  validateText(view, text, { tsxCheckPath: join(__dirname, 'tsx-check.js') });
const argv = process.argv.slice(2);

const run =
  argv[0] === 'mcp'
    ? // Loaded only for `mcp`: the folder commands never start the MCP SDK.
      import('../agents/mcp').then(({ runMcp }) =>
        runMcp(argv.slice(1), {
          env: process.env,
          stdin: process.stdin,
          stdout: process.stdout,
          err: (text) => process.stderr.write(`${text}\n`),
          distDir: __dirname,
          validate,
        }),
      )
    : runCli(argv, {
        out: (text) => process.stdout.write(`${text}\n`),
        err: (text) => process.stderr.write(`${text}\n`),
        env: process.env,
        cwd: process.cwd(),
        version: WSA_VERSION,
        validate,
      });
void run.then((code) => {
  process.exitCode = code;
});
