// What `node dist/cli.js` does: parse, connect with the key from the environment, run the engine,
// print a short summary (or JSON) and answer the exit code. vscode-free.
import * as l10n from '@vscode/l10n';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { createClient, DEFAULT_CONNECTION, isIdOf, type ServiceClient } from '../api';
import type { FileView } from '../model/resourcePath';
import type { TextProblem } from '../model/saveTypes';
import { BASE_URL_VARIABLE, checkBaseUrl, CLI_HELP, KEY_VARIABLE, parseCliArgs, UsageError, type CliArgs } from './folderCliArgs';
import { describeFailure } from './folderMessages';
import { LocalFolder } from './folderPush';
import { readState, type FolderConnection } from './folderState';
import type { FolderStatus, PullReport, PushReport } from './folderTypes';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
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
  return problems.map((p) => `    ${path}:${p.line}:${p.column}: ${p.severity}: ${p.message}`);
}

export function pullExit(report: PullReport): number {
  if (report.files.some((f) => f.outcome === 'failed')) return EXIT.error;
  return report.files.some((f) => f.outcome === 'conflict') ? EXIT.conflict : EXIT.done;
}

export function pushExit(report: PushReport): number {
  if (report.files.some((f) => f.outcome === 'refused' || f.outcome === 'failed' || f.outcome === 'readOnly')) return EXIT.error;
  return report.files.some((f) => f.outcome === 'conflict' || f.outcome === 'merged') ? EXIT.conflict : EXIT.done;
}

export function statusExit(status: FolderStatus): number {
  // A status that could not ask the service about a file is no answer for a script.
  if (status.files.some((f) => f.remoteError !== undefined)) return EXIT.error;
  return status.files.some((f) => f.state === 'conflict') ? EXIT.conflict : EXIT.done;
}

function humanPull(report: PullReport): string[] {
  const lines = report.files
    .filter((f) => f.outcome !== 'unchanged')
    .map((f) => `  ${f.outcome.padEnd(14)} ${f.path || f.id}${f.message ? ` — ${f.message}` : ''}`);
  return [...lines, ...report.notes.map((n) => `  ${n}`), l10n.t('Pulled: {0}.', count(report.files))];
}

function humanStatus(status: FolderStatus): string[] {
  const lines = status.files
    .filter((f) => f.state !== 'unchanged' || f.remoteError)
    .map((f) => `  ${f.state.padEnd(14)} ${f.path}${f.remoteError ? ` — ${f.remoteError}` : ''}`);
  return [...lines, ...status.notes.map((n) => `  ${n}`), l10n.t('Status: {0}.', count(status.files))];
}

function humanPush(report: PushReport): string[] {
  const lines = report.files
    .filter((f) => f.outcome !== 'unchanged')
    .flatMap((f) => [`  ${f.outcome.padEnd(14)} ${f.path}${f.message ? ` — ${f.message}` : ''}`, ...problemLines(f.path, f.problems)]);
  return [...lines, l10n.t('Pushed: {0}.', count(report.files))];
}

/** A path given on the command line as the state names it: relative to the folder, with `/`. */
function folderPath(folder: string, cwd: string, file: string): string {
  const fromCwd = relative(folder, resolve(cwd, file));
  const rel = !fromCwd.startsWith('..') && !isAbsolute(fromCwd) ? fromCwd : file;
  return rel.split(sep).join('/');
}

async function connectionFor(args: CliArgs, folder: string): Promise<{ connection: FolderConnection; first: boolean }> {
  const state = await readState(folder);
  if (state && !args.workspace) return { connection: state.connection, first: false };
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
    authHeader: args.authHeader ?? DEFAULT_CONNECTION.authHeader,
    authScheme: args.authScheme ?? DEFAULT_CONNECTION.authScheme,
    workspaceHeader: args.workspaceHeader ?? DEFAULT_CONNECTION.workspaceHeader,
  };
  // Given on the command line: the engine checks it against a pulled folder's state.
  return { connection, first: true };
}

/** scheme://host:port of a URL, or the text itself when it is none. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * The environment key goes only to its own origin, as in the extension: WORKSPACE_AUTOMATION_BASE_URL
 * when set, else a --base-url typed on this command line. A state file is committed and cloned: the
 * origin it names is used only when one of those two confirms it.
 */
function checkKeyOrigin(args: CliArgs, env: CliIo['env'], connection: FolderConnection): void {
  const target = originOf(connection.baseUrl);
  const own = env[BASE_URL_VARIABLE] ? originOf(env[BASE_URL_VARIABLE]) : args.baseUrl ? originOf(args.baseUrl) : undefined;
  if (own === target) return;
  throw new UsageError(
    own
      ? l10n.t('The folder’s service is {0}, but the key in {1} belongs to {2}: nothing was sent.', target, KEY_VARIABLE, own)
      : l10n.t(
          'The folder’s state names the service {0}; to send it the key in {1}, confirm that origin with {2} or --base-url.',
          target,
          KEY_VARIABLE,
          BASE_URL_VARIABLE,
        ),
  );
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let client: ServiceClient | undefined;
  let json = argv.includes('--json');
  const fail = (message: string) => {
    if (json) io.out(JSON.stringify({ error: message, exitCode: EXIT.error }));
    io.err(message);
    return EXIT.error;
  };
  try {
    const args = parseCliArgs(argv);
    if (args === 'help') {
      io.out(CLI_HELP);
      return EXIT.done;
    }
    json = args.json;
    const folder = resolve(io.cwd, args.folder);
    const key = io.env[KEY_VARIABLE];
    if (!key && !(args.command === 'status' && args.local))
      throw new UsageError(l10n.t('Set the {0} environment variable to the API key.', KEY_VARIABLE));
    const { connection, first } = await connectionFor(args, folder);
    if (key) checkKeyOrigin(args, io.env, connection);
    const c = createClient({ ...DEFAULT_CONNECTION, ...connection, apiKey: key ?? '' });
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
    io.out(json ? JSON.stringify({ ...report, exitCode: code }, null, 2) : lines.join('\n'));
    return code;
  } catch (e) {
    return fail(e instanceof UsageError ? e.message : describeFailure(e));
  } finally {
    await client?.close();
  }
}
