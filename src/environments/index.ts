// The environments feature's production guard: which connection is production (the user's
// `workspaceAutomation.connections`), the modal question before a write to a protected one (every
// write path asks the WriteGuard this returns, passed in by the composition root), the marks that
// show it (file badges, the connection's status bar colour) and Set Connection Stage…; and the
// comparisons across environments (Compare with Another Environment…, Compare Environments…),
// whose modules and the engine under them load on first use. Cheap at activation: a settings read
// on first need, one decoration provider and one editor listener.
import type * as vscode from 'vscode';
import { COMMANDS } from '../manifest/contributions';
import { registerCommand } from '../ui/registerCommand';
import { isRecord } from '../util/isRecord';
import { ownedBy } from '../util/lifecycle';
import { STAGES, type Stage } from './model/connections';
import type { WriteGuard } from './api';
import type { CompareCommands, CompareConnections } from './vscode/compareCommands';
import type { CompareDialogs } from './vscode/comparePicks';
import type { AskKey } from '../connection/api';
import type { ConnectionEntry } from './model/connections';
import { ProtectedMarks, type ProtectedHighlight } from './vscode/protectedMarks';
import { setConnectionStage } from './vscode/stageCommand';
import { ProductionGuard, VSCODE_GUARD_DIALOGS, type ConnectionsSetting, type GuardDialogs, type GuardSource } from './vscode/writeGuard';

export interface EnvironmentsOptions {
  /** The guard's modal question; read at each question, so that tests answer in the user's place. */
  dialogs: GuardDialogs;
  /** The comparisons' questions (which connection, sign in, the key, the list); unset: VS Code's. */
  compare?: CompareDialogs;
}

export interface EnvironmentsDeps {
  log: vscode.LogOutputChannel;
  config: ConnectionsSetting;
  connection: GuardSource;
  /** The connection's status bar item, coloured while a protected connection's file is active. */
  statusBar: ProtectedHighlight;
  options?: EnvironmentsOptions;
  /** What the comparisons read each side through: the connection, a client of another, a sign-in to another's service. */
  compare: {
    connection: CompareConnections;
    signIn: (target: ConnectionEntry, ask: AskKey) => Promise<boolean>;
  };
}

export interface EnvironmentsFeature {
  readonly guard: WriteGuard;
  /** The guard itself: the resolved connection, allowances, raiseForWindow (tests and agents). */
  readonly production: ProductionGuard;
  readonly marks: ProtectedMarks;
}

export function registerEnvironments(context: vscode.ExtensionContext, deps: EnvironmentsDeps): EnvironmentsFeature {
  const own = ownedBy(context.subscriptions);
  const production = own(new ProductionGuard(deps.connection, deps.config, deps.log, () => deps.options?.dialogs ?? VSCODE_GUARD_DIALOGS));
  const marks = own(new ProtectedMarks(production, deps.statusBar));
  own(
    registerCommand(deps.log, COMMANDS.setConnectionStage, (arg?: unknown) =>
      setConnectionStage(deps.connection.current, deps.log, undefined, stageArgument(arg)),
    ),
  );
  let compare: Promise<CompareCommands> | undefined;
  const comparisons = () =>
    (compare ??= (async () => {
      const [{ CompareCommands }, { CompareDocuments }, { VSCODE_COMPARE_DIALOGS }] = await Promise.all([
        import('./vscode/compareCommands'),
        import('./vscode/compareDocuments'),
        import('./vscode/comparePicks'),
      ]);
      return new CompareCommands({
        log: deps.log,
        settings: deps.config,
        connection: deps.compare.connection,
        signIn: deps.compare.signIn,
        documents: own(new CompareDocuments()),
        dialogs: () => deps.options?.compare ?? VSCODE_COMPARE_DIALOGS,
      });
    })());
  own(
    registerCommand(deps.log, COMMANDS.compareWithEnvironment, async (arg?: unknown, options?: unknown) =>
      (await comparisons()).compareWith(
        arg,
        isRecord(options) && typeof options.connection === 'string' ? { connection: options.connection } : undefined,
      ),
    ),
  );
  own(
    registerCommand(deps.log, COMMANDS.compareEnvironments, async (options?: unknown) =>
      (await comparisons()).compareAll(isRecord(options) ? compareAllArgument(options) : undefined),
    ),
  );
  const guard: WriteGuard = {
    confirmWrite: (kind, uri) => production.confirmWrite(kind, uri),
    protectedLabel: () => production.protectedConnection()?.label,
  };
  return { guard, production, marks };
}

/** A script's choice (`{ stage, protected }`) instead of the quick pick; anything else asks. */
function stageArgument(arg: unknown): { stage: Stage; protected: boolean } | undefined {
  if (!isRecord(arg) || typeof arg.protected !== 'boolean') return undefined;
  const stage = STAGES.find((s) => s === arg.stage);
  return stage ? { stage, protected: arg.protected } : undefined;
}

/** A script's choice of the two connections (entries' ids) and whether to show the list. */
function compareAllArgument(o: Record<string, unknown>): { first?: string; second?: string; show?: boolean } {
  return {
    ...(typeof o.first === 'string' ? { first: o.first } : {}),
    ...(typeof o.second === 'string' ? { second: o.second } : {}),
    ...(typeof o.show === 'boolean' ? { show: o.show } : {}),
  };
}
