// The emulator CLI's flags, declared once: the parser (src/cli/args/flags.ts, as `wsa`'s) reads them
// and --help is written from them (main.ts runs both).
import { flagLines, parseFlags, UsageError, wantsHelp, type FlagSpec } from '../cli/args/flags';
import { DEFAULT_DEPLOY_DELAY_MS, type EmulatorOptions } from './server';
import { parseVariantNames, UnknownVariantError, VARIANTS, VARIANT_NAMES } from './core/variants';

const FLAGS = [
  { name: '--port', value: '<n>', help: 'public API port (default 0 = any free port)' },
  { name: '--host', value: '<addr>', help: 'address to bind (default 127.0.0.1; anything else exposes demo keys)' },
  {
    name: '--admin-port',
    value: '<n>',
    help: 'admin surface port, always bound to 127.0.0.1 (default 0); its requests need the WSA_ADMIN_TOKEN the emulator prints',
  },
  {
    name: '--data',
    value: '<dir>',
    help: 'persist state in <dir>/state.json and reload it on start (once it holds state, it wins over --seed and --large)',
  },
  { name: '--seed', value: '<file>', help: 'start from a state snapshot (admin GET /snapshot writes one)' },
  { name: '--large', value: '<n>', help: 'add n generated operations and a dashboard with max(5,000, n) revisions' },
  { name: '--auth-header', value: '<name>', help: 'header carrying the API key (default Authorization)' },
  { name: '--auth-scheme', value: '<scheme>', help: "scheme before the key (default Bearer; '' = bare key)" },
  {
    name: '--workspace-header',
    value: '<name>',
    help: 'header carrying the workspace id (default X-Workspace-Id); these three win over the alt-carriers variant',
  },
  {
    name: '--variant',
    value: '<name>[,…]',
    repeatable: true,
    help: 'play another legitimate choice where the spec leaves one open; repeatable, profiles combine (the variants below)',
  },
  { name: '--deploy-delay-ms', value: '<n>', help: `time until the seeded deploying app is live (default ${DEFAULT_DEPLOY_DELAY_MS})` },
  { name: '--quiet', help: 'no request errors on stderr' },
  { name: '--help', alias: '-h', help: 'this text' },
] as const satisfies readonly FlagSpec[];

export const HELP = `Workspace Automation Service emulator

Usage: node dist/emulator.js [options]

${FLAGS.map((f: FlagSpec) => flagLines(f)).join('\n')}

Variants:
${VARIANT_NAMES.map((n) => `    ${n.padEnd(17)}${VARIANTS[n]}`).join('\n')}

Prints WSA_EMULATOR_URL, WSA_API_KEY, WSA_WORKSPACE_ID, WSA_ADMIN_URL and WSA_ADMIN_TOKEN as its
first five lines. The admin surface answers only requests that send
"Authorization: Bearer <WSA_ADMIN_TOKEN>" (a new random token at each start); any other request
gets 401 and changes nothing.
Stop it with Ctrl+C (SIGINT) or SIGTERM.
`;

/** A whole number a flag was given, or a UsageError naming the flag. */
function int(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${name} needs a whole number, got ${JSON.stringify(value)}.`);
  return Number(value);
}

export function parseArgs(argv: readonly string[]): EmulatorOptions | 'help' {
  if (wantsHelp(argv)) return 'help';
  const unknown = (name: string) => `Unknown option ${name}. Try --help.`;
  const { flags, positionals } = parseFlags(argv, FLAGS, unknown);
  if (positionals.length) throw new UsageError(unknown(positionals[0]!));
  const given: EmulatorOptions = {
    port: int('--port', flags['--port']),
    host: flags['--host'],
    adminPort: int('--admin-port', flags['--admin-port']),
    dataDir: flags['--data'],
    seedFile: flags['--seed'],
    large: int('--large', flags['--large']),
    authHeader: flags['--auth-header'],
    authScheme: flags['--auth-scheme'],
    workspaceHeader: flags['--workspace-header'],
    deployDelayMs: int('--deploy-delay-ms', flags['--deploy-delay-ms']),
    ...(flags['--quiet'] ? { quiet: true } : {}),
  };
  // What was not given stays out: the server's defaults apply (a test compares the options whole).
  const options = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as EmulatorOptions;
  if (flags['--variant'].length) {
    try {
      options.variants = parseVariantNames(flags['--variant']);
    } catch (e) {
      if (e instanceof UnknownVariantError) throw new UsageError(e.message);
      throw e;
    }
  }
  return options;
}
