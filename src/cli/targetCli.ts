// `wsa pull|status|push <folder> --target <name>`: a folder pulled from one target of its
// wsa.targets.json (dev) and pushed to another (prod), each target's tokens in its own state file,
// `.wsa/targets/<name>.json` (src/localFolders/engine/folderLayout.ts). The target is resolved and
// confirmed (src/environments/model/targetResolution.ts) and a push to a protected one confirmed,
// all before the first request; then the folder commands run as without a target (folderCli.ts).
// A folder of one connection (`.wsa/state.json`) that matches the target becomes that target's on
// its first use with --target. Without --target, everything is folderCli.ts's, as before. vscode-free.
import * as l10n from '@vscode/l10n';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import {
  BASE_URL_VARIABLE,
  CARRIER_FLAGS,
  CARRIER_VARIABLES,
  KEY_VARIABLE,
  pickCarriers,
  refuseKeyArguments,
} from './args/connectionFlags';
import { UsageError, type FlagSpec, type FlagValues } from './args/flags';
import {
  EXIT,
  folderArgs,
  printFailure,
  runFolderCommand,
  type CliArgs,
  type CliIo,
  type FolderCall,
  type FolderCommand,
  type TargetRun,
} from './folderCli';
import {
  confirmProtectedWrite,
  confirmsBaseUrl,
  lookupTarget,
  ProtectedTargetError,
  resolveTarget,
  type ConfirmIo,
} from '../environments/model/targetResolution';
import { readTargetsFile, TARGETS_FILE, TargetsFileError, type TargetDef } from '../environments/model/targets';
import type { FolderConnection } from '../localFolders/engine/folderChecks';
import {
  DEFAULT_LAYOUT,
  describeFailure,
  FolderStateError,
  moveState,
  readState,
  targetLayout,
  type FolderState,
} from '../localFolders/engine/engineApi';

export const TARGET_FLAG = {
  name: '--target',
  value: '<name>',
  help: `a target of the folder's ${TARGETS_FILE} (dev, prod…): its service and workspace from that file, sent to only when --base-url or ${BASE_URL_VARIABLE} with the target's name added (…_BASE_URL_PROD for prod) names the same origin; its key from ${KEY_VARIABLE} with the name added (…_API_KEY_PROD), or as it is when the file names one target; its tokens in .wsa/targets/prod.json`,
} as const satisfies FlagSpec;

export const YES_FLAG = {
  name: '--yes',
  help: 'write to a protected target (production, or protected in the file) without being asked: a push with --target, or a promotion; without it such a write asks in a terminal, and elsewhere exits 3 before anything is sent',
} as const satisfies FlagSpec;

/** A folder command as the table's parser read it, with the target flags of the commands that take them. */
export interface TargetCall extends FolderCall {
  readonly flags: FolderCall['flags'] & Partial<FlagValues<[typeof TARGET_FLAG, typeof YES_FLAG]>>;
}

/** What a folder command with a target uses of the process: a terminal to ask in, where there is one. */
export type TargetIo = CliIo & ConfirmIo;

/** A question asked on `output` and answered on `input` (a terminal's: dist/cli.js passes them only when stdin is one). */
export function terminalAsk(input: Readable, output: Writable): (question: string) => Promise<string> {
  return async (question) => {
    const rl = createInterface({ input, output });
    try {
      return await rl.question(`${question} `);
    } finally {
      rl.close();
    }
  };
}

/** The state and base URL of a target agree with the file's target: the same origin and path, the same workspace. */
function matches(connection: FolderConnection, target: TargetDef): boolean {
  return (
    connection.workspaceId === target.workspace &&
    confirmsBaseUrl(connection.baseUrl, target.baseUrl) &&
    confirmsBaseUrl(target.baseUrl, connection.baseUrl)
  );
}

/**
 * The target's state, read from `.wsa/targets/<name>.json`; a folder of one connection whose
 * `.wsa/state.json` is this target's (same service and workspace) has it moved there first, once.
 */
async function targetState(folder: string, target: TargetDef): Promise<FolderState | undefined> {
  const layout = targetLayout(target.name);
  const own = await readState(folder, layout.stateFile);
  if (own) return own;
  const single = await readState(folder).catch((e: unknown) => {
    // A state file that cannot be read is left to the folder's own commands.
    if (e instanceof FolderStateError) return undefined;
    throw e;
  });
  if (!single || !matches(single.connection, target) || !(await moveState(folder, DEFAULT_LAYOUT, layout))) return undefined;
  return readState(folder, layout.stateFile);
}

/** The target's connection and state for runFolderCommand, the state checked against the target and the headers given. */
async function targetRun(args: CliArgs, folder: string, target: TargetDef, key: string | undefined, io: CliIo): Promise<TargetRun> {
  if (args.workspace && args.workspace !== target.workspace)
    throw new UsageError(
      l10n.t('--workspace {0} is not the workspace of the target {1}: leave it out.', JSON.stringify(args.workspace), target.name),
    );
  const carriers = pickCarriers(args.carriers, io.env);
  const connection: FolderConnection = { baseUrl: target.baseUrl, workspaceId: target.workspace, ...carriers };
  const layout = targetLayout(target.name);
  const state = await targetState(folder, target);
  if (state && !matches(state.connection, target))
    throw new UsageError(
      l10n.t(
        '{0} holds workspace {1} of {2}, but {3} names workspace {4} of {5} for the target {6}: nothing was sent.',
        layout.stateFile,
        state.connection.workspaceId,
        state.connection.baseUrl,
        TARGETS_FILE,
        target.workspace,
        target.baseUrl,
        target.name,
      ),
    );
  if (!state && args.command !== 'pull')
    throw new UsageError(l10n.t('{0} was never pulled from the target {1}: pull it with --target {1} first.', folder, target.name));
  for (const name of ['authHeader', 'authScheme', 'workspaceHeader'] as const)
    if (state && state.connection[name] !== carriers[name])
      throw new UsageError(
        l10n.t(
          'The state of the target {0} sends the key with {1} {2}, not {3}: nothing was sent. If that is your service’s, confirm it with {4} {2} (or {5}).',
          target.name,
          name,
          JSON.stringify(state.connection[name]),
          JSON.stringify(carriers[name]),
          CARRIER_FLAGS[name],
          CARRIER_VARIABLES[name],
        ),
      );
  return { connection, first: !state, ...(state ? { state } : {}), key, layout };
}

/**
 * `wsa pull|status|push`: with --target, the target resolved, confirmed, and a push to a protected
 * one asked for, before the first request; then the folder command on the target's state. Exit 2
 * for an unknown target (the message lists the file's), 3 for a push to a protected target not
 * confirmed; without --target, the folder command as it always was.
 */
export async function runTargetable(command: FolderCommand, call: TargetCall, io: TargetIo): Promise<number> {
  const name = call.flags['--target'];
  const json = call.flags['--json'] === true;
  if (name === undefined) {
    if (call.flags['--yes']) return printFailure(io, json, l10n.t('--yes confirms a push to a protected target: give it with --target.'));
    return runFolderCommand(command, call, io);
  }
  try {
    const args = folderArgs(command, call);
    const folder = resolve(io.cwd, args.folder);
    const file = await readTargetsFile(folder);
    if (!file) throw new UsageError(l10n.t('{0} has no {1}: --target names one of its targets.', folder, TARGETS_FILE));
    const sends = !(command === 'status' && args.local);
    // A local status sends nothing: it needs the target's name only, no key and no confirmation.
    const target = sends
      ? resolveTarget(file, name, io.env, { baseUrl: args.baseUrl, carriers: args.carriers, allowPlainHttp: args.allowPlainHttp })
      : lookupTarget(file, name);
    const key = 'key' in target ? (target.key as string) : undefined;
    // The target's key is refused as an argument too, as the unnamed one is by the parser.
    const given = [...call.positionals, ...Object.values(call.flags).flat()].filter((v): v is string => typeof v === 'string');
    if (key) refuseKeyArguments(given, { [KEY_VARIABLE]: key });
    // Only a write asks: a pull or a status of a protected target changes nothing on it.
    if (command === 'push') await confirmProtectedWrite(target, io, call.flags['--yes'] === true, l10n.t('Push'));
    const run = await targetRun(args, folder, target, key, io);
    return await runFolderCommand(command, call, io, run);
  } catch (e) {
    if (e instanceof ProtectedTargetError) return printFailure(io, json, e.message, EXIT.declined);
    if (e instanceof UsageError || e instanceof TargetsFileError || e instanceof FolderStateError) return printFailure(io, json, e.message);
    return printFailure(io, json, describeFailure(e));
  }
}
