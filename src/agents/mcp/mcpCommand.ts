// `wsa mcp` (`node dist/cli.js mcp`): the agent tools served over stdio to an MCP client. Its flags
// are declared here, where the table of subcommands (src/cli/subcommands.ts) reads them without
// loading the MCP SDK; what they and the environment give is checked here. The connection comes
// from the command line and the environment, never from a tool's arguments: the key from
// WORKSPACE_AUTOMATION_API_KEY only, sent only to its own service (WORKSPACE_AUTOMATION_BASE_URL,
// else --base-url; both given, they must agree), in the headers given with it (the same flags and
// variables as the local-folders CLI, checked by src/api/carriers.ts), over plain http only to
// loopback unless --allow-plain-http. Read-only unless --allow-writes; write syncs and facts, whose
// saves take effect at once, only with --allow-live-writes besides. An argument that looks like it
// carries a key is refused by the table's parser, before this reads anything. stdout carries the
// protocol alone; the log goes to stderr. vscode-free.
import * as l10n from '@vscode/l10n';
import { isIdOf } from '../../api';
import type { Carriers } from '../../api/carriers';
import {
  BASE_URL_FLAG,
  BASE_URL_VARIABLE,
  CARRIER_FLAG_SPECS,
  checkBaseUrl,
  checkKeyTransport,
  KEY_VARIABLE,
  pickCarriers,
  PLAIN_HTTP_FLAG,
  plainHttpAllowed,
  WORKSPACE_FLAG,
  WORKSPACE_VARIABLE,
} from '../../cli/args/connectionFlags';
import { UsageError, type FlagSpec, type ParsedArgs } from '../../cli/args/flags';

/** Every flag `wsa mcp` takes, in the order its --help lists them (its entry in src/cli/subcommands.ts names these). */
export const MCP_FLAGS = [
  BASE_URL_FLAG,
  WORKSPACE_FLAG,
  {
    name: '--allow-writes',
    help: 'offer save_resource (one guarded save per call); without it the server is read-only and save_resource does not exist',
  },
  {
    name: '--allow-live-writes',
    help: 'with --allow-writes: save write syncs and facts too, whose saves take effect at once and keep no revision to go back to; alone, it is a usage error',
  },
  ...CARRIER_FLAG_SPECS,
  PLAIN_HTTP_FLAG,
] as const satisfies readonly FlagSpec[];

/** What --help says below the flags of `wsa mcp`. */
export const MCP_NOTES = `wsa mcp reads the API key from ${KEY_VARIABLE} only, never from an argument or a
tool call; no answer, error or log line holds it. Its protocol runs on stdin/stdout; its log is on stderr.`;

export interface McpArgs {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly apiKey: string;
  readonly carriers: Carriers;
  readonly allowWrites: boolean;
  readonly allowLiveWrites: boolean;
}

/** What `mcp` is to run with; throws UsageError for a command line or environment it cannot use. */
export function mcpArgs({ flags, positionals }: ParsedArgs<typeof MCP_FLAGS>, env: Record<string, string | undefined>): McpArgs {
  // Not printed: an argument of its own could be anything, a key pasted in the wrong place too.
  if (positionals.length) throw new UsageError(l10n.t('{0} takes flags only (--help).', 'mcp'));
  const allowWrites = flags['--allow-writes'];
  const allowLiveWrites = flags['--allow-live-writes'];
  if (allowLiveWrites && !allowWrites) throw new UsageError(l10n.t('--allow-live-writes is a second opt-in: give --allow-writes too.'));
  const apiKey = env[KEY_VARIABLE];
  if (!apiKey) throw new UsageError(l10n.t('Set the {0} environment variable to the API key.', KEY_VARIABLE));
  // The key belongs to its own service: the environment's base URL when set, else the command line's.
  const envUrl = env[BASE_URL_VARIABLE]?.trim() || undefined;
  const flagUrl = flags['--base-url']?.trim() || undefined;
  const raw = envUrl ?? flagUrl;
  if (!raw) throw new UsageError(l10n.t('Give --base-url (or set {0}): the service the key belongs to.', BASE_URL_VARIABLE));
  const baseUrl = checkBaseUrl(raw);
  if (envUrl && flagUrl && checkBaseUrl(flagUrl) !== baseUrl)
    throw new UsageError(
      l10n.t('--base-url {0} is not {1}, the service {2} belongs to: nothing was sent.', flagUrl, baseUrl, KEY_VARIABLE),
    );
  checkKeyTransport(baseUrl, plainHttpAllowed(flags['--allow-plain-http'], env));
  const workspaceId = flags['--workspace']?.trim() || env[WORKSPACE_VARIABLE]?.trim() || '';
  if (!workspaceId) throw new UsageError(l10n.t('Give --workspace (or set {0}).', WORKSPACE_VARIABLE));
  if (!isIdOf('workspace', workspaceId))
    throw new UsageError(l10n.t('--workspace {0} is not a workspace id (wksp_…).', JSON.stringify(workspaceId)));
  return { baseUrl, workspaceId, apiKey, carriers: pickCarriers(flags, env), allowWrites, allowLiveWrites };
}
