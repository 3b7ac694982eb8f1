// `wsa mcp` (`node dist/cli.js mcp`): the agent tools served over stdio to an MCP client. The connection comes
// from the command line and the environment, never from a tool's arguments: the key from
// WORKSPACE_AUTOMATION_API_KEY only, sent only to its own service (WORKSPACE_AUTOMATION_BASE_URL,
// else --base-url; both given, they must agree), in the headers given with it (the same flags and
// variables as the local-folders CLI, checked by src/api/carriers.ts), over plain http only to
// loopback unless --allow-plain-http. Read-only unless --allow-writes; write syncs and facts, whose
// saves take effect at once, only with --allow-live-writes besides. An argument that looks like it
// carries a key is refused without being printed. stdout carries the protocol alone; the log goes
// to stderr. vscode-free.
import * as l10n from '@vscode/l10n';
import { DEFAULT_CONNECTION, isIdOf } from '../../api';
import { carriersProblem, type Carriers } from '../../api/carriers';
import {
  BASE_URL_VARIABLE,
  CARRIER_FLAGS,
  CARRIER_VARIABLES,
  checkBaseUrl,
  checkKeyTransport,
  KEY_VARIABLE,
  PLAIN_HTTP_VARIABLE,
  plainHttpAllowed,
  refuseKeyArguments,
  UsageError,
} from '../../cli/args/connectionFlags';

/** The workspace, where a client's configuration has no command line to give it on. */
export const WORKSPACE_VARIABLE = 'WORKSPACE_AUTOMATION_WORKSPACE_ID';

export const MCP_HELP = `Workspace Automation MCP server (stdio)

Usage:
  wsa mcp --base-url <url> --workspace <wksp_…> [--allow-writes [--allow-live-writes]]
          [--auth-header <name>] [--auth-scheme <scheme>] [--workspace-header <name>]
          [--allow-plain-http]

  --base-url <url>           the service (or ${BASE_URL_VARIABLE}; given both, they must agree)
  --workspace <id>           the workspace id, wksp_… (or ${WORKSPACE_VARIABLE})
  --allow-writes             offer save_resource (one guarded save per call); without it the
                             server is read-only and save_resource does not exist
  --allow-live-writes        with --allow-writes: save write syncs and facts too, whose saves
                             take effect at once and keep no revision to go back to
  --allow-plain-http         send the key over http:// to a host that is not loopback,
                             unencrypted (or ${PLAIN_HTTP_VARIABLE}=1)
  --auth-header, --auth-scheme, --workspace-header
                             the headers the key and workspace go in, as for pull (or
                             ${CARRIER_VARIABLES.authHeader}, ${CARRIER_VARIABLES.authScheme}, ${CARRIER_VARIABLES.workspaceHeader})
  --help                     this text

The API key is read from ${KEY_VARIABLE} only, never from an argument or a tool call;
no answer, error or log line holds it. The protocol runs on stdin/stdout; the log is on stderr.
`;

export interface McpArgs {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly apiKey: string;
  readonly carriers: Carriers;
  readonly allowWrites: boolean;
  readonly allowLiveWrites: boolean;
}

const FLAGS: Record<string, 'baseUrl' | 'workspace' | keyof Carriers> = {
  '--base-url': 'baseUrl',
  '--workspace': 'workspace',
  '--auth-header': 'authHeader',
  '--auth-scheme': 'authScheme',
  '--workspace-header': 'workspaceHeader',
};

/** Every flag `wsa mcp` takes (docs/cli.md's table names each). */
const SWITCHES = ['--allow-writes', '--allow-live-writes', '--allow-plain-http'] as const;

export const MCP_FLAGS: readonly string[] = [...Object.keys(FLAGS), ...SWITCHES, '--help', '-h'];

/** What `mcp` is to run with, or 'help'; throws UsageError for a command line or environment it cannot use. */
export function parseMcpArgs(argv: readonly string[], env: Record<string, string | undefined>): McpArgs | 'help' {
  refuseKeyArguments(argv, env);
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const given: Partial<Record<'baseUrl' | 'workspace' | keyof Carriers, string>> = {};
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if ((SWITCHES as readonly string[]).includes(name) && eq === -1) switches.add(name);
    else if (Object.hasOwn(FLAGS, name)) {
      const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(l10n.t('{0} needs a value.', name));
      given[FLAGS[name]!] = value;
      // The flag's name alone: what follows its `=` is not printed.
    } else throw new UsageError(l10n.t('{0} does not take {1} (--help).', 'mcp', name));
  }
  const allowWrites = switches.has('--allow-writes');
  const allowLiveWrites = switches.has('--allow-live-writes');
  if (allowLiveWrites && !allowWrites) throw new UsageError(l10n.t('--allow-live-writes is a second opt-in: give --allow-writes too.'));
  const apiKey = env[KEY_VARIABLE];
  if (!apiKey) throw new UsageError(l10n.t('Set the {0} environment variable to the API key.', KEY_VARIABLE));
  // The key belongs to its own service: the environment's base URL when set, else the command line's.
  const envUrl = env[BASE_URL_VARIABLE]?.trim() || undefined;
  const flagUrl = given.baseUrl?.trim() || undefined;
  const raw = envUrl ?? flagUrl;
  if (!raw) throw new UsageError(l10n.t('Give --base-url (or set {0}): the service the key belongs to.', BASE_URL_VARIABLE));
  const baseUrl = checkBaseUrl(raw);
  if (envUrl && flagUrl && checkBaseUrl(flagUrl) !== baseUrl)
    throw new UsageError(
      l10n.t('--base-url {0} is not {1}, the service {2} belongs to: nothing was sent.', flagUrl, baseUrl, KEY_VARIABLE),
    );
  checkKeyTransport(baseUrl, plainHttpAllowed(switches.has('--allow-plain-http'), env));
  const workspaceId = given.workspace?.trim() || env[WORKSPACE_VARIABLE]?.trim() || '';
  if (!workspaceId) throw new UsageError(l10n.t('Give --workspace (or set {0}).', WORKSPACE_VARIABLE));
  if (!isIdOf('workspace', workspaceId))
    throw new UsageError(l10n.t('--workspace {0} is not a workspace id (wksp_…).', JSON.stringify(workspaceId)));
  const pick = (name: keyof Carriers) => given[name] ?? env[CARRIER_VARIABLES[name]] ?? DEFAULT_CONNECTION[name];
  const carriers: Carriers = { authHeader: pick('authHeader'), authScheme: pick('authScheme'), workspaceHeader: pick('workspaceHeader') };
  const bad = carriersProblem(carriers);
  if (bad) throw new UsageError(l10n.t('{0} cannot be used: {1}.', CARRIER_FLAGS[bad.setting], bad.problem));
  return { baseUrl, workspaceId, apiKey, carriers, allowWrites, allowLiveWrites };
}
