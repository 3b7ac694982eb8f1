// The emulator CLI's options: its --help text and the parser (main.ts runs them).
import { DEFAULT_DEPLOY_DELAY_MS, type EmulatorOptions } from './server';
import { parseVariantNames, UnknownVariantError, VARIANTS, VARIANT_NAMES } from './core/variants';

const VARIANT_HELP = VARIANT_NAMES.map((n) => `    ${n.padEnd(17)}${VARIANTS[n]}`).join('\n');

export const HELP = `Workspace Automation Service emulator

Usage: node dist/emulator.js [options]

  --port <n>               public API port (default 0 = any free port)
  --host <addr>            address to bind (default 127.0.0.1; anything else exposes demo keys)
  --admin-port <n>         admin surface port, always bound to 127.0.0.1 (default 0);
                           its requests need the WSA_ADMIN_TOKEN the emulator prints
  --data <dir>             persist state in <dir>/state.json and reload it on start
                           (once it holds state, it wins over --seed and --large)
  --seed <file>            start from a state snapshot (admin GET /snapshot writes one)
  --large <n>              add n generated operations and a dashboard with 5,000 revisions
  --auth-header <name>     header carrying the API key (default Authorization)
  --auth-scheme <scheme>   scheme before the key (default Bearer; '' = bare key)
  --workspace-header <n>   header carrying the workspace id (default X-Workspace-Id)
                           (these three win over the alt-carriers variant)
  --variant <name>[,…]     play another legitimate choice where the spec leaves one open;
                           repeatable, profiles combine:
${VARIANT_HELP}
  --deploy-delay-ms <n>    time until the seeded deploying app is live (default ${DEFAULT_DEPLOY_DELAY_MS})
  --quiet                  no request errors on stderr
  --help                   this text

Prints WSA_EMULATOR_URL, WSA_API_KEY, WSA_WORKSPACE_ID, WSA_ADMIN_URL and WSA_ADMIN_TOKEN as its
first five lines. The admin surface answers only requests that send
"Authorization: Bearer <WSA_ADMIN_TOKEN>" (a new random token at each start); any other request
gets 401 and changes nothing.
Stop it with Ctrl+C (SIGINT) or SIGTERM.
`;

/** A command line this CLI does not take; the CLI prints the message and exits 2. */
export class UsageError extends Error {}

export function parseArgs(argv: readonly string[]): EmulatorOptions | 'help' {
  const options: EmulatorOptions = {};
  const variants: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--quiet') {
      options.quiet = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const value = (): string => {
      if (eq !== -1) return arg.slice(eq + 1);
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${name} needs a value.`);
      return next;
    };
    const int = (): number => {
      const v = value();
      if (!/^\d+$/.test(v)) throw new UsageError(`${name} needs a whole number, got ${JSON.stringify(v)}.`);
      return Number(v);
    };
    switch (name) {
      case '--port':
        options.port = int();
        break;
      case '--host':
        options.host = value();
        break;
      case '--admin-port':
        options.adminPort = int();
        break;
      case '--data':
        options.dataDir = value();
        break;
      case '--seed':
        options.seedFile = value();
        break;
      case '--large':
        options.large = int();
        break;
      case '--auth-header':
        options.authHeader = value();
        break;
      case '--auth-scheme':
        options.authScheme = value();
        break;
      case '--workspace-header':
        options.workspaceHeader = value();
        break;
      case '--deploy-delay-ms':
        options.deployDelayMs = int();
        break;
      case '--variant':
        variants.push(value());
        break;
      default:
        throw new UsageError(`Unknown option ${arg}. Try --help.`);
    }
  }
  if (variants.length) {
    try {
      options.variants = parseVariantNames(variants);
    } catch (e) {
      if (e instanceof UnknownVariantError) throw new UsageError(e.message);
      throw e;
    }
  }
  return options;
}
