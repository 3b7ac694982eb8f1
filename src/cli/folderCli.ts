// What `wsa` (dist/cli.js) does: parse, connect with the key from the environment, run the engine,
// print a short summary (or JSON) and answer the exit code. vscode-free.
import * as l10n from '@vscode/l10n';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { createClient, DEFAULT_CONNECTION, isIdOf, type ServiceClient } from '../api';
import { carriersProblem, type Carriers } from '../api/carriers';
import type { FileView } from '../kinds/resourcePath';
import type { TextProblem } from '../documents/model/saveTypes';
import {
  BASE_URL_VARIABLE,
  CARRIER_FLAGS,
  CARRIER_VARIABLES,
  checkBaseUrl,
  checkKeyTransport,
  CLI_HELP,
  KEY_VARIABLE,
  parseCliArgs,
  plainHttpAllowed,
  UsageError,
  type CliArgs,
} from './args/connectionFlags';
import { inertJson, inertLines, visible } from '../util/visibleText';
import {
  describeFailure,
  LocalFolder,
  readState,
  type FolderConnection,
  type FolderState,
  type FolderStatus,
  type PullReport,
  type PushReport,
} from '../localFolders/engine/engineApi';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** What `--version` prints (package.json's, built into dist/cli.js). */
  version?: string;
  /** Local checks before a push (the TSX parser bundle beside dist/cli.js). */
  validate?: (view: FileView, text: string) => Promise<TextProblem[]>;
}

export const EXIT = { done: 0, conflict: 1, error: 2 } as const;

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

/**
 * The headers the key and the workspace go in, as given with the key: each flag, else its
 * environment variable, else the default. A state file never chooses them (it is committed, maybe
 * from someone else's fork): it must name these, or nothing is sent.
 */
function confirmedCarriers(args: CliArgs, env: CliIo['env']): Carriers {
  const pick = (name: keyof Carriers) => args[name] ?? env[CARRIER_VARIABLES[name]] ?? DEFAULT_CONNECTION[name];
  const carriers = { authHeader: pick('authHeader'), authScheme: pick('authScheme'), workspaceHeader: pick('workspaceHeader') };
  const bad = carriersProblem(carriers);
  if (bad) throw new UsageError(l10n.t('{0} cannot be used: {1}.', CARRIER_FLAGS[bad.setting], bad.problem));
  return carriers;
}

interface CliConnection {
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
    ...confirmedCarriers(args, env),
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
  const confirmed = confirmedCarriers(args, env);
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

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let client: ServiceClient | undefined;
  let json = argv.includes('--json');
  // Paths, names and messages come from the folder and the service: no ESC sequence, line break or
  // CI workflow command (`::error::`, `##vso[`) in them may act on a terminal or a CI log.
  const fail = (message: string) => {
    if (json) io.out(inertJson(JSON.stringify({ error: message, exitCode: EXIT.error })));
    io.err(inertLines(visible(message)));
    return EXIT.error;
  };
  try {
    const args = parseCliArgs(argv, io.env);
    if (args === 'help' || args === 'version') {
      io.out(args === 'help' ? CLI_HELP : (io.version ?? 'unknown'));
      return EXIT.done;
    }
    json = args.json;
    const folder = resolve(io.cwd, args.folder);
    const key = io.env[KEY_VARIABLE];
    // A local status sends nothing: it needs no key and confirms nothing.
    const sends = !(args.command === 'status' && args.local);
    if (sends && !key) throw new UsageError(l10n.t('Set the {0} environment variable to the API key.', KEY_VARIABLE));
    const { connection, first, state } = await connectionFor(args, folder, io.env);
    if (sends) {
      confirmConnection(args, io.env, connection);
      // A pulled folder named again on the command line: its state's service and headers must be confirmed too.
      if (state && state.connection !== connection) confirmConnection(args, io.env, state.connection);
    }
    const c = createClient({ ...DEFAULT_CONNECTION, ...connection, apiKey: sends ? key! : '' });
    client = c;
    const engine = new LocalFolder({ folder, client: () => c, ...(io.validate ? { validate: io.validate } : {}) });
    let report: PullReport | FolderStatus | PushReport;
    let code: number;
    let lines: string[];
    if (args.command === 'pull') {
      const r = await engine.pull({
        ...(first ? { connection } : {}),
        ...(args.ids.length ? { ids: args.ids } : {}),
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
