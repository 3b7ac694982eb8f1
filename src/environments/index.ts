// The environments feature's production guard: which connection is production (the user's
// `workspaceAutomation.connections`), the modal question before a write to a protected one (every
// write path asks the WriteGuard this returns, passed in by the composition root), the marks that
// show it (file badges, the connection's status bar colour), documents pinned to their connection,
// Set Connection Stage…; the comparisons across environments (Compare with Another Environment…,
// Compare Environments…), Promote to Another Environment… and Add Environments from
// wsa.targets.json…, whose modules and the engine under them load on first use. Cheap at
// activation: a settings read on first need, one decoration provider and one editor listener.
import type * as vscode from 'vscode';
import { BINDINGS_STATE_KEY } from '../manifest/config';
import { COMMANDS } from '../manifest/contributions';
import { registerCommand } from '../ui/registerCommand';
import { ownedBy } from '../util/lifecycle';
import type { WriteGuard } from './api';
import type { CompareCommands, CompareConnections } from './vscode/compareCommands';
import type { CompareDocuments } from './vscode/compareDocuments';
import type { CompareDialogs } from './vscode/comparePicks';
import type { PromoteCommands } from './vscode/promoteCommands';
import type { PromoteDialogs } from './vscode/promotePicks';
import type { AskKey } from '../connection/api';
import type { ConnectionEntry } from './model/connections';
import { DocumentPins } from './vscode/documentPins';
import { ProtectedMarks, type ProtectedHighlight } from './vscode/protectedMarks';
import { ProductionGuard, VSCODE_GUARD_DIALOGS, type ConnectionsSetting, type GuardDialogs, type GuardSource } from './vscode/writeGuard';

export interface EnvironmentsOptions {
  /** The guard's modal question; read at each question, so that tests answer in the user's place. */
  dialogs: GuardDialogs;
  /** The comparisons' questions (which connection, sign in, the key, the list); unset: VS Code's. */
  compare?: CompareDialogs;
  /** A promotion's questions (which connection, sign in, the key, the plan); unset: VS Code's. */
  promote?: PromoteDialogs;
}

export interface EnvironmentsDeps {
  log: vscode.LogOutputChannel;
  config: ConnectionsSetting;
  /** Fires when the extension's settings change (the connections among them). */
  connectionsChanged: vscode.Event<unknown>;
  /** What a client of another connection is made with besides its key: the user's headers and time limit. */
  clientSettings: () => unknown;
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
  /** Documents pinned to the connection they were opened with. */
  readonly pins: DocumentPins;
  /** The bindings kept without a targets file (this machine's VS Code state): read as stored, or forgotten. */
  readonly keptBindings: { get(): unknown; forget(): Thenable<void> };
}

export function registerEnvironments(context: vscode.ExtensionContext, deps: EnvironmentsDeps): EnvironmentsFeature {
  const own = ownedBy(context.subscriptions);
  const pins = own(
    new DocumentPins(
      deps.connection,
      deps.config,
      context.globalState,
      deps.compare.connection,
      [deps.connection.onDidChangeConnection, context.secrets.onDidChange],
      {
        onDidChange: deps.connectionsChanged,
        key: () => JSON.stringify([deps.config.connectionsByScope().user, deps.clientSettings()]),
      },
    ),
  );
  const production = own(
    new ProductionGuard(
      deps.connection,
      deps.config,
      deps.log,
      () => deps.options?.dialogs ?? VSCODE_GUARD_DIALOGS,
      (uri) => pins.otherEntry(uri),
    ),
  );
  const marks = own(new ProtectedMarks(production, deps.statusBar));
  own(
    registerCommand(deps.log, COMMANDS.setConnectionStage, async (arg?: unknown) =>
      (await import('./vscode/stageCommand')).setConnectionStage(deps.connection.current, deps.log, undefined, arg),
    ),
  );
  // One provider of the diffs' texts, for the comparisons and the promotion's plan.
  let diffs: Promise<CompareDocuments> | undefined;
  const documents = () => (diffs ??= import('./vscode/compareDocuments').then(({ CompareDocuments }) => own(new CompareDocuments())));
  const sides = {
    log: deps.log,
    settings: deps.config,
    connection: deps.compare.connection,
    signIn: deps.compare.signIn,
    globalState: context.globalState,
  };
  let compare: Promise<CompareCommands> | undefined;
  const comparisons = () =>
    (compare ??= (async () => {
      const [{ CompareCommands }, { VSCODE_COMPARE_DIALOGS }] = await Promise.all([
        import('./vscode/compareCommands'),
        import('./vscode/comparePicks'),
      ]);
      return new CompareCommands({
        ...sides,
        documents: await documents(),
        dialogs: () => deps.options?.compare ?? VSCODE_COMPARE_DIALOGS,
      });
    })());
  let promote: Promise<PromoteCommands> | undefined;
  const promotions = () =>
    (promote ??= (async () => {
      const [{ PromoteCommands }, { VSCODE_PROMOTE_DIALOGS }] = await Promise.all([
        import('./vscode/promoteCommands'),
        import('./vscode/promotePicks'),
      ]);
      return new PromoteCommands({
        ...sides,
        documents: await documents(),
        dialogs: () => deps.options?.promote ?? VSCODE_PROMOTE_DIALOGS,
        confirm: (target, plan) => production.confirmPromotion(target, plan),
      });
    })());
  own(
    registerCommand(deps.log, COMMANDS.compareWithEnvironment, async (arg?: unknown, options?: unknown) =>
      (await comparisons()).compareWith(arg, options),
    ),
  );
  own(registerCommand(deps.log, COMMANDS.compareEnvironments, async (options?: unknown) => (await comparisons()).compareAll(options)));
  own(
    registerCommand(deps.log, COMMANDS.addFolderEnvironments, async (arg?: unknown) =>
      (await import('./vscode/addEnvironments')).addFolderEnvironments(deps.log, arg),
    ),
  );
  own(
    registerCommand(deps.log, COMMANDS.signInToConnection, async (arg?: unknown) => {
      const [{ signInToConnection }, { VSCODE_COMPARE_DIALOGS }] = await Promise.all([
        import('./vscode/connectionSignIn'),
        import('./vscode/comparePicks'),
      ]);
      const dialogs = deps.options?.compare ?? VSCODE_COMPARE_DIALOGS;
      return signInToConnection(
        {
          user: deps.config.connectionsByScope().user,
          signIn: deps.compare.signIn,
          askKey: dialogs.askKey,
          pick: (entries, placeHolder) => dialogs.pickConnection(entries, placeHolder),
        },
        arg,
      );
    }),
  );
  own(registerCommand(deps.log, COMMANDS.promote, async (arg?: unknown, second?: unknown) => (await promotions()).promote(arg, second)));
  const guard: WriteGuard = {
    confirmWrite: (kind, uri) => production.confirmWrite(kind, uri),
    protectedLabel: (uri) => production.protectedConnection(uri)?.label,
  };
  const keptBindings = {
    get: () => context.globalState.get<unknown>(BINDINGS_STATE_KEY),
    forget: () => context.globalState.update(BINDINGS_STATE_KEY, undefined),
  };
  return { guard, production, marks, keptBindings, pins };
}
