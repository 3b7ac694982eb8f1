// CLI: `node dist/emulator.js [--port 0] ...`. The first four stdout lines are machine-readable
// (scripts parse them); the rest is for people.
import { isIP } from 'node:net';
import { startEmulator, DEFAULT_DEPLOY_DELAY_MS, type EmulatorOptions, type RunningEmulator } from './server';
import { bannerLines } from './banner';

const HELP = `Workspace Automation Service emulator

Usage: node dist/emulator.js [options]

  --port <n>               public API port (default 0 = any free port)
  --host <addr>            address to bind (default 127.0.0.1; anything else exposes demo keys)
  --admin-port <n>         admin surface port, always bound to 127.0.0.1 (default 0)
  --data <dir>             persist state in <dir>/state.json and reload it on start
                           (once it holds state, it wins over --seed and --large)
  --seed <file>            start from a state snapshot (admin GET /snapshot writes one)
  --large <n>              add n generated operations and a dashboard with 5,000 revisions
  --auth-header <name>     header carrying the API key (default Authorization)
  --auth-scheme <scheme>   scheme before the key (default Bearer; '' = bare key)
  --workspace-header <n>   header carrying the workspace id (default X-Workspace-Id)
  --deploy-delay-ms <n>    time until the seeded deploying app is live (default ${DEFAULT_DEPLOY_DELAY_MS})
  --quiet                  no request errors on stderr
  --help                   this text

Prints WSA_EMULATOR_URL, WSA_API_KEY, WSA_WORKSPACE_ID and WSA_ADMIN_URL as its first four lines.
Stop it with Ctrl+C (SIGINT) or SIGTERM.
`;

class UsageError extends Error {}

export function parseArgs(argv: readonly string[]): EmulatorOptions | 'help' {
  const options: EmulatorOptions = {};
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
      case '--port': options.port = int(); break;
      case '--host': options.host = value(); break;
      case '--admin-port': options.adminPort = int(); break;
      case '--data': options.dataDir = value(); break;
      case '--seed': options.seedFile = value(); break;
      case '--large': options.large = int(); break;
      case '--auth-header': options.authHeader = value(); break;
      case '--auth-scheme': options.authScheme = value(); break;
      case '--workspace-header': options.workspaceHeader = value(); break;
      case '--deploy-delay-ms': options.deployDelayMs = int(); break;
      default: throw new UsageError(`Unknown option ${arg}. Try --help.`);
    }
  }
  return options;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

function summary(emu: RunningEmulator): string {
  const d = emu.demo;
  const lines = [
    '',
    'Workspace Automation emulator is running.',
    `  Other workspace:           ${d.otherWorkspaceId}`,
    `  Organization:              ${d.organizationId}`,
    `  Read-only key:             ${d.readOnlyApiKey}`,
    `  Dashboard editor key:      ${d.editorApiKey}`,
    `  Other-workspace-only key:  ${d.otherWorkspaceOnlyApiKey}`,
    '  Well-known ids:',
    ...Object.entries(d.ids).map(([k, v]) => `    ${k.padEnd(32)} ${v}`),
    `  Try: curl -H "Authorization: Bearer ${d.apiKey}" -H "X-Workspace-Id: ${d.workspaceId}" ${emu.url}/v1/operations`,
    `  Admin: ${emu.adminUrl}/health, /requests, /faults, /reset, /snapshot`,
    '  Stop with Ctrl+C.',
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  let parsed: EmulatorOptions | 'help';
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  if (parsed === 'help') {
    process.stdout.write(HELP);
    return;
  }
  const host = parsed.host ?? '127.0.0.1';
  if (!isLoopback(host)) {
    process.stderr.write(
      `\n!!! WARNING: binding ${host}, which is not a loopback address. The demo API keys are public;\n` +
        `!!! anyone who can reach this machine can read and change the emulator's data.\n\n`,
    );
  }
  const emu = await startEmulator(parsed);
  process.stdout.write(bannerLines({ url: emu.url, apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId, adminUrl: emu.adminUrl }));
  process.stdout.write(summary(emu));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[emulator] ${signal}: shutting down\n`);
    emu.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`[emulator] failed to close cleanly: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`[emulator] failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
