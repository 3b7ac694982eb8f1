// The command line of `wsa` (dist/cli.js): its commands and flags, declared once in CLI_FLAGS, which
// the parser reads, --help prints and docs/cli.md names (test/unit/docCoverage.test.ts holds them
// together). The key is never an argument: it comes from the environment only, so that it stays
// out of shell history and `ps`; an argument that looks like it carries one is refused without
// being printed. The key goes over plain http only to loopback, or where the user allowed it.
import * as l10n from '@vscode/l10n';
import { DEFAULT_CONNECTION } from '../../api';
import { isPlainHttpRisk } from '../../connection/model/origins';
import { KINDS, RESOURCE_KINDS, type ResourceKind } from '../../kinds/resourceKinds';
import { baseUrlProblem } from '../../localFolders/engine/folderChecks';

export const KEY_VARIABLE = 'WORKSPACE_AUTOMATION_API_KEY';
/** The key's own origin, as for the extension (src/connection/model/keyPolicy.ts). */
export const BASE_URL_VARIABLE = 'WORKSPACE_AUTOMATION_BASE_URL';
/** The header names the key and the workspace are sent in, given with the key (the flags win). */
export const CARRIER_VARIABLES = {
  authHeader: 'WORKSPACE_AUTOMATION_AUTH_HEADER',
  authScheme: 'WORKSPACE_AUTOMATION_AUTH_SCHEME',
  workspaceHeader: 'WORKSPACE_AUTOMATION_WORKSPACE_HEADER',
} as const;
/** Set (1, true, yes) it allows what --allow-plain-http allows. */
export const PLAIN_HTTP_VARIABLE = 'WORKSPACE_AUTOMATION_ALLOW_PLAIN_HTTP';
/** The flag that confirms each carrier. */
export const CARRIER_FLAGS = { authHeader: '--auth-header', authScheme: '--auth-scheme', workspaceHeader: '--workspace-header' } as const;

export const CLI_COMMANDS = ['pull', 'status', 'push'] as const;
export type Command = (typeof CLI_COMMANDS)[number];

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
  allowPlainHttp?: boolean;
}

/** One flag: its name, the value it takes (none for a switch), the commands that take it, its help. */
export interface CliFlag {
  readonly name: `--${string}`;
  readonly alias?: `-${string}`;
  /** As --help writes it: `<url>`. */
  readonly value?: string;
  /** The commands that take it; empty for the flags that stand alone (--help, --version). */
  readonly commands: readonly Command[];
  readonly repeatable?: boolean;
  readonly help: string;
  readonly apply?: (args: CliArgs, value: string) => void;
}

const ALL: readonly Command[] = CLI_COMMANDS;
/** What each carrier flag takes and says, beside its default and its variable. */
const CARRIER_HELP: Record<keyof typeof CARRIER_FLAGS, { value: string; what: string }> = {
  authHeader: { value: '<name>', what: 'header carrying the key' },
  authScheme: { value: '<scheme>', what: 'written before the key' },
  workspaceHeader: { value: '<name>', what: 'header carrying the workspace' },
};
const kindFolders = KINDS.map((k) => RESOURCE_KINDS[k].files[0].folder).join(', ');

export const CLI_FLAGS: readonly CliFlag[] = [
  {
    name: '--base-url',
    value: '<url>',
    commands: ALL,
    help: `the service, e.g. https://automation.example.com: a first pull's, or the one a pulled folder's state names, confirmed (then ${BASE_URL_VARIABLE} may confirm it instead)`,
    apply: (a, v) => (a.baseUrl = v),
  },
  {
    name: '--workspace',
    value: '<id>',
    commands: ['pull'],
    help: 'the workspace id, wksp_… (a first pull only)',
    apply: (a, v) => (a.workspace = v),
  },
  {
    name: '--id',
    value: '<id>',
    commands: ['pull'],
    repeatable: true,
    help: 'pull only this resource (repeatable); default: all the service lists',
    apply: (a, v) => void a.ids.push(v),
  },
  {
    name: '--kind',
    value: '<kind>',
    commands: ['pull'],
    repeatable: true,
    help: `pull every resource of this kind (repeatable; with --id: both), one of ${KINDS.join(', ')} (or its folder: ${kindFolders})`,
    apply: (a, v) => void a.kinds.push(parseKind(v)),
  },
  ...(Object.keys(CARRIER_FLAGS) as (keyof typeof CARRIER_FLAGS)[]).map((field): CliFlag => ({
    name: CARRIER_FLAGS[field],
    value: CARRIER_HELP[field].value,
    commands: ALL,
    help: `${CARRIER_HELP[field].what} (default ${DEFAULT_CONNECTION[field]}${field === 'authScheme' ? "; '' = bare key" : ''}; or ${CARRIER_VARIABLES[field]})`,
    apply: (a, v) => (a[field] = v),
  })),
  {
    name: '--local',
    commands: ['status'],
    help: 'status of local edits only: no key needed, nothing sent',
    apply: (a) => (a.local = true),
  },
  { name: '--json', commands: ALL, help: 'print the report as JSON (with its exitCode)', apply: (a) => (a.json = true) },
  {
    name: '--allow-plain-http',
    commands: ALL,
    help: `send the key over http:// to a host that is not loopback, unencrypted (or ${PLAIN_HTTP_VARIABLE}=1)`,
    apply: (a) => (a.allowPlainHttp = true),
  },
  { name: '--help', alias: '-h', commands: [], help: 'this text' },
  { name: '--version', commands: [], help: 'the version of wsa' },
];

const FLAGS = new Map<string, CliFlag>(CLI_FLAGS.flatMap((f) => [[f.name, f] as const, ...(f.alias ? [[f.alias, f] as const] : [])]));

/** A flag's lines in --help: the flag, then its help wrapped at 100 columns beside it. */
function flagLine(f: CliFlag): string {
  const left = `  ${f.alias ? `${f.alias}, ` : ''}${f.name}${f.value ? ` ${f.value}` : ''}`.padEnd(29);
  const lines = [''];
  for (const word of f.help.split(' ')) {
    if (lines.at(-1)!.length && left.length + lines.at(-1)!.length + word.length >= 100) lines.push('');
    lines[lines.length - 1] += `${lines.at(-1)!.length ? ' ' : ''}${word}`;
  }
  return lines.map((line, i) => `${i ? ' '.repeat(left.length) : left}${line}`).join('\n');
}

export const CLI_HELP = `wsa: Workspace Automation local folders, pulled into ordinary files and pushed back

Usage:
  wsa pull <folder> --base-url <url> --workspace <wksp_…> [--id <id>]… [--kind <kind>]… [<headers>] [--json]
        a first pull into a new (or empty) folder
  wsa pull <folder> --base-url <url> [--id <id>]… [--kind <kind>]… [<headers>] [--json]
        a pulled folder again: its state names the service, --base-url confirms it
  wsa status <folder> --base-url <url> [<headers>] [--json]
  wsa status <folder> --local [--json]
  wsa push <folder> [<file>…] --base-url <url> [<headers>] [--json]
  wsa mcp --base-url <url> --workspace <wksp_…> [<headers>] [--allow-writes]
        the agent tools over stdio for an MCP client (wsa mcp --help)
  wsa --help | -h
  wsa --version

  <headers> is [--auth-header <name>] [--auth-scheme <scheme>] [--workspace-header <name>].
  On a pulled folder --base-url may be left out when ${BASE_URL_VARIABLE} is set.
  From a checkout, wsa is \`node dist/cli.js\`.

Options:
${CLI_FLAGS.map(flagLine).join('\n')}

The API key is read from the ${KEY_VARIABLE} environment variable, never from an argument;
it is not written to the folder and not printed. It is sent only to its own service:
${BASE_URL_VARIABLE} when set, else the --base-url on the command line. A pulled folder's state
file (committed, maybe cloned from someone else) names its service and the header names; the key
goes there only when one of those two names the same base URL, path included, and in the headers
given with the key (the flags above, their environment variables, or the defaults): a state file
that names other headers is refused, and nothing is sent. A header HTTP interprets (Host,
Content-Length, Proxy-*...) never carries the key. Over plain http the key goes only to loopback,
unless --allow-plain-http (or ${PLAIN_HTTP_VARIABLE}=1) allows another host.

Exit codes: 0 done; 1 a conflict, or a clean merge written into a file to look at and push again
(nothing stale was sent, no local text lost); 2 a file refused, or an error.
`;

/** A command line the CLI does not take: printed, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Whether an argument looks like it carries a key: a flag named so, a value with the key's prefix or the key itself. */
export function looksLikeKey(arg: string, env: Record<string, string | undefined> = {}): boolean {
  const name = arg.startsWith('-') ? arg.split('=')[0]! : '';
  const key = env[KEY_VARIABLE];
  return (
    /key|token|secret|passw|credential|bearer/i.test(name) ||
    /apik_/i.test(arg) ||
    (key !== undefined && key.length >= 8 && arg.includes(key))
  );
}

/** Refuses an argument that looks like it carries a key, without printing it (a usage error is printed, logged, kept). */
export function refuseKeyArguments(argv: readonly string[], env: Record<string, string | undefined> = {}): void {
  if (argv.some((arg) => looksLikeKey(arg, env)))
    throw new UsageError(
      l10n.t(
        'The key is not taken as an argument: set the {0} environment variable. An argument looks like it carries one, so it is not printed; nothing was sent.',
        KEY_VARIABLE,
      ),
    );
}

/** Whether the key may go over plain http to a host that is not loopback: the flag, or its variable. */
export function plainHttpAllowed(flag: boolean | undefined, env: Record<string, string | undefined>): boolean {
  return flag === true || /^(1|true|yes)$/i.test(env[PLAIN_HTTP_VARIABLE]?.trim() ?? '');
}

/** Throws UsageError, before anything connects, for a key that would cross a network unencrypted without the user's say. */
export function checkKeyTransport(baseUrl: string, allowed: boolean): void {
  if (!allowed && isPlainHttpRisk(baseUrl))
    throw new UsageError(
      l10n.t(
        '{0} is plain http to a host that is not loopback: the key would cross the network unencrypted, so nothing was sent. Use https, or allow it with --allow-plain-http (or {1}=1).',
        new URL(baseUrl).origin,
        PLAIN_HTTP_VARIABLE,
      ),
    );
}

export function parseCliArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): CliArgs | 'help' | 'version' {
  refuseKeyArguments(argv, env);
  if (argv.includes('--help') || argv.includes('-h') || argv.length === 0) return 'help';
  if (argv.includes('--version')) return 'version';
  const [command, ...rest] = argv;
  if (!(CLI_COMMANDS as readonly string[]).includes(command!))
    throw new UsageError(l10n.t('Unknown command {0}: use pull, status, push or mcp (--help).', JSON.stringify(command)));
  const args: CliArgs = { command: command as Command, folder: '', files: [], ids: [], kinds: [], local: false, json: false };
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (!name.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const flag = FLAGS.get(name);
    if (!flag?.apply || !flag.commands.includes(args.command))
      throw new UsageError(l10n.t('{0} does not take {1} (--help).', command!, name));
    let value = '';
    if (flag.value) {
      const next = eq !== -1 ? arg.slice(eq + 1) : rest[++i];
      if (next === undefined) throw new UsageError(l10n.t('{0} needs a value.', name));
      value = next;
    }
    flag.apply(args, value);
  }
  const [folder, ...files] = positional;
  if (!folder) throw new UsageError(l10n.t('{0} needs a folder (--help).', command!));
  if (files.length && args.command !== 'push') throw new UsageError(l10n.t('{0} takes one folder, not {1}.', command!, files.join(' ')));
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
