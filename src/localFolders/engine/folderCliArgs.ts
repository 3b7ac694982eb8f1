// The command line of `node dist/cli.js`: its --help text and the parser. The key is never an
// argument: it comes from the environment only, so that it stays out of shell history and `ps`.
import * as l10n from '@vscode/l10n';
import { DEFAULT_CONNECTION } from '../../api';
import { KINDS, RESOURCE_KINDS, type ResourceKind } from '../../kinds/resourceKinds';
import { baseUrlProblem } from './folderChecks';

export const KEY_VARIABLE = 'WORKSPACE_AUTOMATION_API_KEY';
/** The key's own origin, as for the extension (src/connection/keyPolicy.ts). */
export const BASE_URL_VARIABLE = 'WORKSPACE_AUTOMATION_BASE_URL';
/** The header names the key and the workspace are sent in, given with the key (the flags win). */
export const CARRIER_VARIABLES = {
  authHeader: 'WORKSPACE_AUTOMATION_AUTH_HEADER',
  authScheme: 'WORKSPACE_AUTOMATION_AUTH_SCHEME',
  workspaceHeader: 'WORKSPACE_AUTOMATION_WORKSPACE_HEADER',
} as const;
/** The flag that confirms each carrier. */
export const CARRIER_FLAGS = { authHeader: '--auth-header', authScheme: '--auth-scheme', workspaceHeader: '--workspace-header' } as const;

export const CLI_HELP = `Workspace Automation local folders

Usage:
  node dist/cli.js pull <folder> --base-url <url> --workspace <wksp_…> [--id <id>]… [--kind <kind>]…
  node dist/cli.js pull <folder> [--id <id>]… [--kind <kind>]…   (a pulled folder: its state names the service)
  node dist/cli.js status <folder> [--local]
  node dist/cli.js push <folder> [<file>…]
  node dist/cli.js mcp --base-url <url> --workspace <wksp_…> [--allow-writes]   (the agent tools over stdio: mcp --help)

  --base-url <url>           the service, e.g. https://automation.example.com (a first pull);
                             for a pulled folder it confirms the origin its state names
  --workspace <id>           the workspace id, wksp_… (first pull only)
  --id <id>                  pull only this resource (repeatable); default: all the service lists
  --kind <kind>              pull every resource of this kind (repeatable; with --id: both), one of
                             ${KINDS.join(', ')} (or its folder: ${KINDS.map((k) => RESOURCE_KINDS[k].files[0].folder).join(', ')})
  --auth-header <name>       header carrying the key (default ${DEFAULT_CONNECTION.authHeader}; or ${CARRIER_VARIABLES.authHeader})
  --auth-scheme <scheme>     written before the key (default ${DEFAULT_CONNECTION.authScheme}; '' = bare key; or ${CARRIER_VARIABLES.authScheme})
  --workspace-header <name>  header carrying the workspace (default ${DEFAULT_CONNECTION.workspaceHeader}; or ${CARRIER_VARIABLES.workspaceHeader})
  --local                    status of local edits only, without asking the service
  --json                     print the report as JSON
  --help                     this text

The API key is read from the ${KEY_VARIABLE} environment variable, never from an argument;
it is not written to the folder and not printed. It is sent only to its own service:
${BASE_URL_VARIABLE} when set, else the --base-url on the command line. A pulled folder's state
file (committed, maybe cloned from someone else) names its service and the header names; the key
goes there only when one of those two names the same base URL, path included, and in the headers
given with the key (the flags above, their environment variables, or the defaults): a state file
that names other headers is refused, and nothing is sent. A header HTTP interprets (Host,
Content-Length, Proxy-*...) never carries the key.

Exit codes: 0 done; 1 a conflict, or a clean merge written into a file to look at and push again
(nothing stale was sent, no local text lost); 2 a file refused, or an error.
`;

export type Command = 'pull' | 'status' | 'push';

export interface CliArgs {
  command: Command;
  folder: string;
  files: string[];
  ids: string[];
  kinds: ResourceKind[];
  baseUrl?: string;
  workspace?: string;
  authHeader?: string;
  authScheme?: string;
  workspaceHeader?: string;
  local: boolean;
  json: boolean;
}

/** A command line the CLI does not take: printed, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const VALUE_FLAGS: Record<string, keyof CliArgs> = {
  '--base-url': 'baseUrl',
  '--workspace': 'workspace',
  '--auth-header': 'authHeader',
  '--auth-scheme': 'authScheme',
  '--workspace-header': 'workspaceHeader',
};

export function parseCliArgs(argv: readonly string[]): CliArgs | 'help' {
  if (argv.includes('--help') || argv.includes('-h') || argv.length === 0) return 'help';
  const [command, ...rest] = argv;
  if (command !== 'pull' && command !== 'status' && command !== 'push')
    throw new UsageError(l10n.t('Unknown command {0}: use pull, status, push or mcp (--help).', JSON.stringify(command)));
  const args: CliArgs = { command, folder: '', files: [], ids: [], kinds: [], local: false, json: false };
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const value = (): string => {
      if (eq !== -1) return arg.slice(eq + 1);
      const next = rest[++i];
      if (next === undefined) throw new UsageError(l10n.t('{0} needs a value.', name));
      return next;
    };
    if (name === '--json') args.json = true;
    else if (name === '--local' && command === 'status') args.local = true;
    else if (name === '--id' && command === 'pull') args.ids.push(value());
    else if (name === '--kind' && command === 'pull') args.kinds.push(parseKind(value()));
    else if (/^--(api-)?key$/.test(name) || name === '--token')
      throw new UsageError(l10n.t('The key is not taken as an argument: set the {0} environment variable.', KEY_VARIABLE));
    else if (name === '--base-url') args.baseUrl = value();
    else if (Object.hasOwn(VALUE_FLAGS, name) && (command === 'pull' || name !== '--workspace'))
      (args as unknown as Record<string, string>)[VALUE_FLAGS[name]!] = value();
    else if (name.startsWith('--')) throw new UsageError(l10n.t('{0} does not take {1} (--help).', command, name));
    else positional.push(arg);
  }
  const [folder, ...files] = positional;
  if (!folder) throw new UsageError(l10n.t('{0} needs a folder (--help).', command));
  if (files.length && command !== 'push') throw new UsageError(l10n.t('{0} takes one folder, not {1}.', command, files.join(' ')));
  return { ...args, folder, files };
}

/** A kind as `--kind` takes it: its name (`writeSync`) or its folder (`write-syncs`), in any case. */
export function parseKind(raw: string): ResourceKind {
  const key = raw.trim().toLowerCase();
  const kind = KINDS.find((k) => k.toLowerCase() === key || RESOURCE_KINDS[k].files[0].folder === key);
  if (!kind) throw new UsageError(l10n.t('--kind {0} is not a kind: use one of {1}.', JSON.stringify(raw), KINDS.join(', ')));
  return kind;
}

/** The base URL as given (without trailing slashes), when it is one a key may be sent to: http(s), no user or password, no query. */
export function checkBaseUrl(raw: string): string {
  const problem = baseUrlProblem(raw);
  // A key in the URL would land in the state file; it belongs in the environment.
  if (problem) throw new UsageError(l10n.t('--base-url cannot be used: {0}; the key goes in {1}.', problem, KEY_VARIABLE));
  return raw.replace(/\/+$/, '');
}
