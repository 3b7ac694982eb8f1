// `wsa pull`, `wsa status` and `wsa push` (the table, src/cli/subcommands.ts, calls runFolderCommand
// with what its parser read): check the connection with the key from the environment, run the
// engine, print a short summary (or JSON) and answer the exit code. vscode-free.
import * as l10n from '@vscode/l10n';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { createClient, DEFAULT_CONNECTION, isIdOf, type ServiceClient } from '../api';
import type { FileView } from '../kinds/resourcePath';
import { KINDS, RESOURCE_KINDS, type ResourceKind } from '../kinds/resourceKinds';
import type { TextProblem } from '../documents/model/saveTypes';
import {
  BASE_URL_FLAG,
  BASE_URL_VARIABLE,
  CARRIER_FLAG_SPECS,
  CARRIER_FLAGS,
  CARRIER_VARIABLES,
  checkBaseUrl,
  checkKeyTransport,
  KEY_VARIABLE,
  pickCarriers,
  PLAIN_HTTP_FLAG,
  PLAIN_HTTP_VARIABLE,
  plainHttpAllowed,
  WORKSPACE_FLAG,
  type CarrierFlags,
} from './args/connectionFlags';
import { UsageError, type FlagSpec, type FlagValues } from './args/flags';
import { inertJson, inertLines, visible } from '../util/visibleText';
import {
  describeFailure,
  LocalFolder,
  readState,
  type FolderConnection,
  type FolderLayout,
  type FolderState,
  type FolderStatus,
  type PullReport,
  type PushReport,
} from '../localFolders/engine/engineApi';

export type FolderCommand = 'pull' | 'status' | 'push';

const kindFolders = KINDS.map((k) => RESOURCE_KINDS[k].files[0].folder).join(', ');

export const ID_FLAG = {
  name: '--id',
  value: '<id>',
  repeatable: true,
  help: 'pull only this resource (repeatable; an id brings every kind it names); default: all the service lists. Needed where the service offers no list endpoints',
} as const satisfies FlagSpec;

export const KIND_FLAG = {
  name: '--kind',
  value: '<kind>',
  repeatable: true,
  help: `pull every resource of this kind the service lists, all its pages (repeatable; with --id: both), one of ${KINDS.join(', ')} (or its folder: ${kindFolders}), in any case`,
} as const satisfies FlagSpec;

export const LOCAL_FLAG = { name: '--local', help: 'status of local edits only: no key needed, nothing sent' } as const satisfies FlagSpec;

export const JSON_FLAG = { name: '--json', help: 'print the report as JSON (with its exitCode)' } as const satisfies FlagSpec;

/** Every flag a folder command may take; each command's entry in the table names its own. */
type FolderFlags = Partial<
  FlagValues<
    [
      typeof BASE_URL_FLAG,
      typeof WORKSPACE_FLAG,
      typeof ID_FLAG,
      typeof KIND_FLAG,
      ...typeof CARRIER_FLAG_SPECS,
      typeof LOCAL_FLAG,
      typeof JSON_FLAG,
      typeof PLAIN_HTTP_FLAG,
    ]
  >
>;

/** A folder command as the table's parser read it. */
export interface FolderCall {
  readonly flags: FolderFlags;
  readonly positionals: readonly string[];
}

export interface CliArgs {
  command: FolderCommand;
  folder: string;
  files: readonly string[];
  ids: readonly string[];
  kinds: ResourceKind[];
  baseUrl: string | undefined;
  workspace: string | undefined;
  carriers: CarrierFlags;
  local: boolean;
  allowPlainHttp: boolean;
}

/** A kind as `--kind` takes it: its name (`writeSync`) or its folder (`write-syncs`), in any case. */
export function parseKind(raw: string): ResourceKind {
  const key = raw.trim().toLowerCase();
  const kind = KINDS.find((k) => k.toLowerCase() === key || RESOURCE_KINDS[k].files[0].folder === key);
  if (!kind) throw new UsageError(l10n.t('--kind {0} is not a kind: use one of {1}.', JSON.stringify(raw), KINDS.join(', ')));
  return kind;
}

export function folderArgs(command: FolderCommand, { flags, positionals }: FolderCall): CliArgs {
  const kinds = (flags['--kind'] ?? []).map(parseKind);
  const [folder, ...files] = positionals;
  if (!folder) throw new UsageError(l10n.t('{0} needs a folder (--help).', command));
  // Only a push names files after its folder.
  if (files.length && command !== 'push') throw new UsageError(l10n.t('{0} takes one folder, not {1}.', command, files.join(' ')));
  return {
    command,
    folder,
    files,
    ids: flags['--id'] ?? [],
    kinds,
    baseUrl: flags['--base-url'],
    workspace: flags['--workspace'],
    carriers: {
      '--auth-header': flags['--auth-header'],
      '--auth-scheme': flags['--auth-scheme'],
      '--workspace-header': flags['--workspace-header'],
    },
    local: flags['--local'] === true,
    allowPlainHttp: flags['--allow-plain-http'] === true,
  };
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Local checks before a push (the TSX parser bundle beside dist/cli.js). */
  validate?: (view: FileView, text: string) => Promise<TextProblem[]>;
}

/** `declined`: a write to a protected target that was not confirmed (targetCli.ts), before anything was sent. */
export const EXIT = { done: 0, conflict: 1, error: 2, declined: 3 } as const;

/** What --help says below the folder commands' flags: where the key goes, and the exit codes. */
export const FOLDER_NOTES = `The API key is read from the ${KEY_VARIABLE} environment variable, never from an argument;
it is not written to the folder and not printed. It is sent only to its own service:
${BASE_URL_VARIABLE} when set, else the --base-url on the command line. A pulled folder's state
file (committed, maybe cloned from someone else) names its service and the header names; the key
goes there only when one of those two names the same base URL, path included, and in the headers
given with the key (the flags above, their environment variables, or the defaults): a state file
that names other headers is refused, and nothing is sent. A header HTTP interprets (Host,
Content-Length, Proxy-*...) never carries the key. Over plain http the key goes only to loopback,
unless --allow-plain-http (or ${PLAIN_HTTP_VARIABLE}=1) allows another host.

Exit codes: ${EXIT.done} done; ${EXIT.conflict} a conflict, or a clean merge written into a file to look at and push again
(nothing stale was sent, no local text lost); ${EXIT.error} a file refused, or an error; ${EXIT.declined} a push to a
protected target (--target) not confirmed: nothing was sent.`;

function count(items: readonly { outcome?: string; state?: string }[]): string {
  const n = new Map<string, number>();
  for (const i of items) {
    const k = i.outcome ?? i.state ?? '';
    n.set(k, (n.get(k) ?? 0) + 1);
  }
  return [...n].map(([k, v]) => `${v} ${k}`).join(', ') || l10n.t('no files');
}

function problemLines(path: string, problems: readonly TextProblem[] = []): string[] {
  return problems.map((p) => `    ${visible(path)}:${p.line}:${p.column}: ${p.severity}: ${visible(p.message)}`);
}

/** ` — message`, seen as text (a path or a message from the folder or the service may hold an ESC or a line break). */
const said = (message: string | undefined) => (message ? ` — ${visible(message)}` : '');

export function pullExit(report: PullReport): number {
  if (report.overLimit || report.files.some((f) => f.outcome === 'failed' || f.outcome === 'notRegular')) return EXIT.error;
  return report.files.some((f) => f.outcome === 'conflict') ? EXIT.conflict : EXIT.done;
}

export function pushExit(report: PushReport): number {
  if (report.files.some((f) => f.outcome === 'refused' || f.outcome === 'failed' || f.outcome === 'readOnly' || f.outcome === 'notRegular'))
    return EXIT.error;
  return report.files.some((f) => f.outcome === 'conflict' || f.outcome === 'merged') ? EXIT.conflict : EXIT.done;
}

export function statusExit(status: FolderStatus): number {
  // A status that could not ask the service about a file is no answer for a script.
  if (status.files.some((f) => f.remoteError !== undefined || f.localError !== undefined)) return EXIT.error;
  return status.files.some((f) => f.state === 'conflict') ? EXIT.conflict : EXIT.done;
}

function humanPull(report: PullReport): string[] {
  const lines = report.files
    .filter((f) => f.outcome !== 'unchanged')
    .map((f) => `  ${f.outcome.padEnd(14)} ${visible(f.path || f.id)}${said(f.message)}`);
  return [...lines, ...report.notes.map((n) => `  ${visible(n)}`), l10n.t('Pulled: {0}.', count(report.files))];
}

function humanStatus(status: FolderStatus): string[] {
  const lines = status.files
    .filter((f) => f.state !== 'unchanged' || f.remoteError)
    .map((f) => `  ${f.state.padEnd(14)} ${visible(f.path)}${said(f.localError ?? f.remoteError)}`);
  return [...lines, ...status.notes.map((n) => `  ${visible(n)}`), l10n.t('Status: {0}.', count(status.files))];
}

function humanPush(report: PushReport): string[] {
  const lines = report.files
    .filter((f) => f.outcome !== 'unchanged')
    .flatMap((f) => [`  ${f.outcome.padEnd(14)} ${visible(f.path)}${said(f.message)}`, ...problemLines(f.path, f.problems)]);
  return [...lines, ...(report.notes ?? []).map((n) => `  ${visible(n)}`), l10n.t('Pushed: {0}.', count(report.files))];
}

/** A path given on the command line as the state names it: relative to the folder, with `/`. */
function folderPath(folder: string, cwd: string, file: string): string {
  const fromCwd = relative(folder, resolve(cwd, file));
  const rel = !fromCwd.startsWith('..') && !isAbsolute(fromCwd) ? fromCwd : file;
  return rel.split(sep).join('/');
}

/** A base URL as compared: without trailing slashes. */
const trimmed = (url: string) => url.replace(/\/+$/, '');

export interface CliConnection {
  connection: FolderConnection;
  /** The connection is the command line's, for a first pull (or checked against the state's by the engine). */
  first: boolean;
  state?: FolderState;
}

async function connectionFor(args: CliArgs, folder: string, env: CliIo['env']): Promise<CliConnection> {
  const state = await readState(folder);
  if (state && !args.workspace) return { connection: state.connection, first: false, state };
  if (!state && args.command !== 'pull')
    throw new UsageError(l10n.t('{0} is not a pulled folder: it has no .wsa/state.json. Pull into it first.', folder));
  if (!args.baseUrl || !args.workspace) {
    throw new UsageError(
      state
        ? l10n.t('Give both --base-url and --workspace, or neither.')
        : l10n.t('{0} was never pulled: give --base-url and --workspace.', folder),
    );
  }
  if (!isIdOf('workspace', args.workspace))
    throw new UsageError(l10n.t('--workspace {0} is not a workspace id (wksp_…).', JSON.stringify(args.workspace)));
  const connection: FolderConnection = {
    baseUrl: checkBaseUrl(args.baseUrl),
    workspaceId: args.workspace,
    ...pickCarriers(args.carriers, env),
  };
  // Given on the command line: the engine checks it against a pulled folder's state.
  return { connection, first: true, ...(state ? { state } : {}) };
}

/**
 * The environment key goes only to its own service, as in the extension: WORKSPACE_AUTOMATION_BASE_URL
 * when set, else a --base-url typed on this command line; the whole base URL, path included (a path
 * may choose the tenant behind a shared front). And only in the headers given with the key. A state
 * file is committed and cloned: the service and headers it names are used only when these confirm
 * them; otherwise nothing is sent, and the message says which flag confirms them.
 */
function confirmConnection(args: CliArgs, env: CliIo['env'], connection: FolderConnection): void {
  const own = env[BASE_URL_VARIABLE] || args.baseUrl;
  if (!own)
    throw new UsageError(
      l10n.t(
        'The folder’s state names the service {0}; to send it the key in {1}, confirm that base URL with {2} or --base-url.',
        connection.baseUrl,
        KEY_VARIABLE,
        BASE_URL_VARIABLE,
      ),
    );
  if (trimmed(own) !== trimmed(connection.baseUrl))
    throw new UsageError(
      l10n.t('The folder’s service is {0}, but the key in {1} belongs to {2}: nothing was sent.', connection.baseUrl, KEY_VARIABLE, own),
    );
  checkKeyTransport(connection.baseUrl, plainHttpAllowed(args.allowPlainHttp, env));
  const confirmed = pickCarriers(args.carriers, env);
  for (const name of ['authHeader', 'authScheme', 'workspaceHeader'] as const)
    if (confirmed[name] !== connection[name])
      throw new UsageError(
        l10n.t(
          'The folder’s state sends the key with {0} {1}, not {2}: nothing was sent. If that is your service’s, confirm it with {3} {1} (or {4}).',
          name,
          JSON.stringify(connection[name]),
          JSON.stringify(confirmed[name]),
          CARRIER_FLAGS[name],
          CARRIER_VARIABLES[name],
        ),
      );
}

/** A target of wsa.targets.json (targetCli.ts): its connection and state, confirmed there, its key, where its state is. */
export interface TargetRun extends CliConnection {
  key: string | undefined;
  layout: FolderLayout;
}

/**
 * An error as the folder commands print it: one sentence on stderr, and JSON on stdout with --json.
 * Paths, names and messages come from the folder and the service: no ESC sequence, line break or
 * CI workflow command (`::error::`, `##vso[`) in them may act on a terminal or a CI log.
 */
export function printFailure(io: Pick<CliIo, 'out' | 'err'>, json: boolean, message: string, code: number = EXIT.error): number {
  if (json) io.out(inertJson(JSON.stringify({ error: message, exitCode: code })));
  io.err(inertLines(visible(message)));
  return code;
}

export async function runFolderCommand(command: FolderCommand, call: FolderCall, io: CliIo, target?: TargetRun): Promise<number> {
  let client: ServiceClient | undefined;
  const json = call.flags['--json'] === true;
  const fail = (message: string) => printFailure(io, json, message);
  try {
    const args = folderArgs(command, call);
    const folder = resolve(io.cwd, args.folder);
    const key = target ? target.key : io.env[KEY_VARIABLE];
    // A local status sends nothing: it needs no key and confirms nothing.
    const sends = !(args.command === 'status' && args.local);
    if (sends && !key) throw new UsageError(l10n.t('Set the {0} environment variable to the API key.', KEY_VARIABLE));
    // A target's connection and state were confirmed where they were read (targetCli.ts).
    const { connection, first, state } = target ?? (await connectionFor(args, folder, io.env));
    if (sends && !target) {
      confirmConnection(args, io.env, connection);
      // A pulled folder named again on the command line: its state's service and headers must be confirmed too.
      if (state && state.connection !== connection) confirmConnection(args, io.env, state.connection);
    }
    const c = createClient({ ...DEFAULT_CONNECTION, ...connection, apiKey: sends ? key! : '' });
    client = c;
    const engine = new LocalFolder({
      folder,
      client: () => c,
      ...(io.validate ? { validate: io.validate } : {}),
      ...(target ? { layout: target.layout } : {}),
    });
    let report: PullReport | FolderStatus | PushReport;
    let code: number;
    let lines: string[];
    if (args.command === 'pull') {
      const r = await engine.pull({
        ...(first ? { connection } : {}),
        ...(args.ids.length ? { ids: [...args.ids] } : {}),
        ...(args.kinds.length ? { kinds: args.kinds } : {}),
      });
      [report, code, lines] = [r, pullExit(r), humanPull(r)];
    } else if (args.command === 'status') {
      const r = await engine.status({ remote: !args.local });
      [report, code, lines] = [r, statusExit(r), humanStatus(r)];
    } else {
      const r = await engine.push(args.files.length ? { files: args.files.map((f) => folderPath(folder, io.cwd, f)) } : {});
      [report, code, lines] = [r, pushExit(r), humanPush(r)];
    }
    io.out(json ? inertJson(JSON.stringify({ ...report, exitCode: code }, null, 2)) : inertLines(lines.join('\n')));
    return code;
  } catch (e) {
    return fail(e instanceof UsageError ? e.message : describeFailure(e));
  } finally {
    await client?.close();
  }
}
