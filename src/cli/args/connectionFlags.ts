// How a command line of `wsa` connects, written once for the folder commands and `wsa mcp`: the
// flags and environment variables of the service, the workspace and the headers, and the rules the
// key is sent by. The key is never an argument: it comes from the environment only, so that it
// stays out of shell history and `ps`; an argument that looks like it carries one is refused without
// being printed. It goes over plain http only to loopback, or where the user allowed it (as for the
// extension: src/connection/model/keyPolicy.ts).
import * as l10n from '@vscode/l10n';
import { DEFAULT_CONNECTION } from '../../api';
import { carriersProblem, type Carriers } from '../../api/carriers';
import { isPlainHttpRisk } from '../../connection/model/origins';
import { baseUrlProblem } from '../../localFolders/engine/folderChecks';
import { UsageError, type FlagSpec, type FlagValues } from './flags';

export const KEY_VARIABLE = 'WORKSPACE_AUTOMATION_API_KEY';
/** The key's own service. */
export const BASE_URL_VARIABLE = 'WORKSPACE_AUTOMATION_BASE_URL';
/** The header names the key and the workspace are sent in, given with the key (the flags win). */
export const CARRIER_VARIABLES = {
  authHeader: 'WORKSPACE_AUTOMATION_AUTH_HEADER',
  authScheme: 'WORKSPACE_AUTOMATION_AUTH_SCHEME',
  workspaceHeader: 'WORKSPACE_AUTOMATION_WORKSPACE_HEADER',
} as const;
/** Set (1, true, yes) it allows what --allow-plain-http allows. */
export const PLAIN_HTTP_VARIABLE = 'WORKSPACE_AUTOMATION_ALLOW_PLAIN_HTTP';
/** `wsa mcp`'s workspace, where a client's configuration has no command line to give it on. */
export const WORKSPACE_VARIABLE = 'WORKSPACE_AUTOMATION_WORKSPACE_ID';
/** The flag that confirms each carrier. */
export const CARRIER_FLAGS = { authHeader: '--auth-header', authScheme: '--auth-scheme', workspaceHeader: '--workspace-header' } as const;

export const BASE_URL_FLAG = {
  name: '--base-url',
  value: '<url>',
  help: `the service, e.g. https://automation.example.com (paths start at /v1 below it; http or https, no user, password, query or fragment): the one a first pull or mcp connects to, or the one a pulled folder's state names, confirmed. The key goes only to its own service: ${BASE_URL_VARIABLE} when set, which then confirms a pulled folder's and gives mcp's instead`,
} as const satisfies FlagSpec;

export const WORKSPACE_FLAG = {
  name: '--workspace',
  value: '<id>',
  help: `the workspace id, wksp_…: a first pull's (a pulled folder's state names it), or the one mcp's tools act in (for mcp, or ${WORKSPACE_VARIABLE})`,
} as const satisfies FlagSpec;

/** The three flags that name the headers the key and the workspace go in, in CARRIER_FLAGS' order. */
export const CARRIER_FLAG_SPECS = [
  {
    name: CARRIER_FLAGS.authHeader,
    value: '<name>',
    help: `the header that carries the key (default ${DEFAULT_CONNECTION.authHeader}; or ${CARRIER_VARIABLES.authHeader})`,
  },
  {
    name: CARRIER_FLAGS.authScheme,
    value: '<scheme>',
    help: `written before the key (default ${DEFAULT_CONNECTION.authScheme}; '' sends the bare key; or ${CARRIER_VARIABLES.authScheme})`,
  },
  {
    name: CARRIER_FLAGS.workspaceHeader,
    value: '<name>',
    help: `the header that carries the workspace id (default ${DEFAULT_CONNECTION.workspaceHeader}; or ${CARRIER_VARIABLES.workspaceHeader})`,
  },
] as const satisfies readonly FlagSpec[];

export const PLAIN_HTTP_FLAG = {
  name: '--allow-plain-http',
  help: `send the key over http:// to a host that is not loopback, unencrypted; without it (or ${PLAIN_HTTP_VARIABLE}=1) such a base URL is refused before anything connects`,
} as const satisfies FlagSpec;

/** The carrier flags as a command line gave them. */
export type CarrierFlags = Partial<FlagValues<typeof CARRIER_FLAG_SPECS>>;

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

/** The base URL as given (without trailing slashes), when it is one a key may be sent to: http(s), no user or password, no query. */
export function checkBaseUrl(raw: string): string {
  const problem = baseUrlProblem(raw);
  // A key in the URL would land in the state file; it belongs in the environment.
  if (problem) throw new UsageError(l10n.t('--base-url cannot be used: {0}; the key goes in {1}.', problem, KEY_VARIABLE));
  return raw.replace(/\/+$/, '');
}

/**
 * The headers the key and the workspace go in, as given with the key: each flag, else its
 * environment variable, else the default. A state file or a tool call never chooses them.
 */
export function pickCarriers(given: CarrierFlags, env: Record<string, string | undefined>): Carriers {
  const pick = (field: keyof Carriers) => given[CARRIER_FLAGS[field]] ?? env[CARRIER_VARIABLES[field]] ?? DEFAULT_CONNECTION[field];
  const carriers = { authHeader: pick('authHeader'), authScheme: pick('authScheme'), workspaceHeader: pick('workspaceHeader') };
  const bad = carriersProblem(carriers);
  if (bad) throw new UsageError(l10n.t('{0} cannot be used: {1}.', CARRIER_FLAGS[bad.setting], bad.problem));
  return carriers;
}
