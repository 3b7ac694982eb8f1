// The two sides of a comparison or a promotion across environments, and the bindings between them.
// A side is one of the user's named connections (workspaceAutomation.connections) read through its
// own client with the key stored for its own origin: the window's client for the window's
// connection, else one made for that origin, after a sign-in to it when it has no key (nothing is
// sent there before). The bindings are the open folder's wsa.targets.json's (a connection named
// there by the target of its service and workspace, else by its id); without such a file they are
// kept in the extension's global state, so that a window with no folder binds as well.
import * as vscode from 'vscode';
import type { ServiceClient } from '../../api';
import type { AskKey, Connection, OtherClient } from '../../connection/api';
import { originOf } from '../../connection/model/origins';
import { readText, replaceFile } from '../../localFolders/engine/folderFiles';
import { BINDINGS_STATE_KEY } from '../../manifest/config';
import { bindingsFileText, parseBindings, type Bindings } from '../model/bindings';
import { environmentName } from '../model/compareText';
import { parseConnections, resolveConnection, type ConnectionEntry } from '../model/connections';
import { MAX_TARGETS_BYTES, readTargetsFile, TARGETS_FILE, type TargetsFile } from '../model/targets';

export interface SideConnections {
  readonly current: Connection | undefined;
  require(): Connection;
  clientFor(baseUrl: string, workspaceId: string): Promise<OtherClient>;
}

/** The questions a side may need: which connection, whether to sign in to one, its key. */
export interface SideDialogs {
  pickConnection(entries: readonly ConnectionEntry[], placeHolder: string): Promise<ConnectionEntry | undefined>;
  /** Whether to sign in to a connection that has no key: true for `action`. */
  askSignIn(message: string, action: string): Promise<boolean>;
  askKey: AskKey;
}

export interface SidesDeps {
  readonly settings: { connectionsByScope(): { user: unknown; folder: unknown } };
  readonly connection: SideConnections;
  /** Asks for the key of another connection's service, checks and stores it for its origin. */
  readonly signIn: (target: ConnectionEntry, ask: AskKey) => Promise<boolean>;
  readonly dialogs: () => SideDialogs;
  /** Where bindings live without a targets file. */
  readonly globalState: vscode.Memento;
  readonly log: vscode.LogOutputChannel;
}

/** One environment, ready to read (and, for a promotion's target, to write). */
export interface Side {
  /** The bindings' name of the environment. */
  readonly name: string;
  readonly label: string;
  readonly workspaceId: string;
  readonly client: ServiceClient;
  readonly entry: ConnectionEntry;
  readonly close: () => Promise<void>;
}

/** The bindings, where they came from, and how to record new ones there. */
export interface BindingsSource {
  readonly bindings: Bindings;
  readonly targets: TargetsFile | undefined;
  /** What the user is told they were recorded in: the file's path, or the extension's own state. */
  readonly place: string;
  record(bindings: Bindings): Promise<void>;
}

/** The first open folder (on disk) that has a wsa.targets.json, and the file read bounded. */
export async function openFolderTargets(): Promise<{ folder: string; targets: TargetsFile } | undefined> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    const targets = await readTargetsFile(folder.uri.fsPath);
    if (targets) return { folder: folder.uri.fsPath, targets };
  }
  return undefined;
}

/** `work` under a cancellable notification titled `title`; cancelling aborts its signal. */
export function withCancellableProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_p, token) => {
    const abort = new AbortController();
    token.onCancellationRequested(() => abort.abort());
    return work(abort.signal);
  });
}

export function sameConnection(a: { origin: string; workspaceId: string }, b: { origin: string; workspaceId: string }): boolean {
  return a.origin === b.origin && a.workspaceId === b.workspaceId;
}

export class EnvironmentSides {
  constructor(private readonly deps: SidesDeps) {}

  entries(): ConnectionEntry[] {
    return [...parseConnections(this.deps.settings.connectionsByScope().user).entries];
  }

  async bindings(): Promise<BindingsSource> {
    const found = await openFolderTargets();
    if (found) {
      const { folder, targets } = found;
      return {
        bindings: parseBindings(targets.bindings),
        targets,
        place: `${folder}/${TARGETS_FILE}`,
        // The file's text again, just before it is written: a change made meanwhile to any other key is kept.
        record: async (bindings) => {
          const text = await readText(folder, TARGETS_FILE, MAX_TARGETS_BYTES);
          if (text === undefined) throw new Error(vscode.l10n.t('{0} is gone: the bindings could not be recorded.', TARGETS_FILE));
          await replaceFile(folder, TARGETS_FILE, bindingsFileText(text, bindings));
        },
      };
    }
    const state = this.deps.globalState;
    let bindings: Bindings = {};
    try {
      bindings = parseBindings(state.get<unknown>(BINDINGS_STATE_KEY));
    } catch (e) {
      // Written by us, so only a hand edit or an older format breaks it: start again rather than fail.
      this.deps.log.warn(`[Environments] The bindings kept without a folder could not be read, and are ignored: ${String(e)}`);
    }
    return {
      bindings,
      targets: undefined,
      place: vscode.l10n.t('this machine’s VS Code state (no open folder has a {0})', TARGETS_FILE),
      record: async (next) => {
        await state.update(BINDINGS_STATE_KEY, next);
      },
    };
  }

  /** A side's client: the window's own for its connection, else one with the key stored for that origin, after a sign-in if need be. */
  async side(entry: ConnectionEntry, targets: TargetsFile | undefined): Promise<Side> {
    const name = environmentName(entry, targets?.targets);
    const current = this.deps.connection.current;
    const base = { name, label: entry.label, workspaceId: entry.workspaceId, entry };
    if (current && sameConnection(entry, { origin: originOf(current.baseUrl) ?? '', workspaceId: current.workspaceId }))
      return { ...base, client: current.client, close: async () => undefined };
    let got = await this.deps.connection.clientFor(entry.baseUrl, entry.workspaceId);
    if ('missing' in got && got.missing === 'key') {
      const dialogs = this.deps.dialogs();
      const signIn = vscode.l10n.t('Sign In to «{0}»', entry.label);
      const asked = await dialogs.askSignIn(
        vscode.l10n.t('No key is stored for «{0}» ({1}): nothing is sent there until you sign in to it.', entry.label, got.origin),
        signIn,
      );
      if (asked && (await this.deps.signIn(entry, dialogs.askKey)))
        got = await this.deps.connection.clientFor(entry.baseUrl, entry.workspaceId);
    }
    if ('missing' in got)
      throw new Error(
        got.missing === 'plainHttp'
          ? vscode.l10n.t('«{0}» is plain http to another machine: allow it when signed in to it first. Nothing was sent.', entry.label)
          : vscode.l10n.t('No key is stored for «{0}» ({1}): nothing was sent.', entry.label, got.origin),
      );
    const client: ServiceClient = got.client;
    return { ...base, client, close: () => client.close().catch(() => undefined) };
  }

  /** The current connection as an entry of the setting (a made-up one when the setting names it not). */
  currentEntry(entries: readonly ConnectionEntry[]): ConnectionEntry {
    const current = this.deps.connection.require();
    const resolved = resolveConnection(current, entries)!;
    const named = entries.find((e) => sameConnection(e, resolved));
    return (
      named ?? {
        id: 'current',
        label: resolved.label,
        baseUrl: current.baseUrl,
        origin: resolved.origin,
        workspaceId: resolved.workspaceId,
        stage: resolved.stage,
        protected: resolved.protected,
      }
    );
  }

  /**
   * The entry a resource is of: the one of `id` (a pinned URI's authority, or its explorer root's,
   * in any case) when given, else the window's connection's (currentEntry).
   */
  sourceEntry(entries: readonly ConnectionEntry[], id: string | undefined): ConnectionEntry {
    if (!id) return this.currentEntry(entries);
    const named = entries.filter((e) => e.id.toLowerCase() === id.toLowerCase());
    if (named.length !== 1)
      throw new Error(vscode.l10n.t('The connection {0} of this item is not one of your connections any more. Nothing was sent.', id));
    return named[0]!;
  }

  /** The entry of id `chosen` (a script's), else the user's pick; `none` is the error when there is nothing to pick. */
  async pick(
    entries: readonly ConnectionEntry[],
    chosen: string | undefined,
    placeHolder: string,
    none: string,
  ): Promise<ConnectionEntry | undefined> {
    if (entries.length === 0) throw new Error(none);
    if (chosen !== undefined) {
      const entry = entries.find((e) => e.id === chosen);
      if (!entry) throw new Error(vscode.l10n.t('No connection {0} among your other connections.', JSON.stringify(chosen)));
      return entry;
    }
    return this.deps.dialogs().pickConnection(entries, placeHolder);
  }

  /** Runs `work` with the two sides open, and closes the clients made for them whatever happens. */
  async withSides<T>(
    a: ConnectionEntry,
    b: ConnectionEntry,
    work: (first: Side, second: Side, source: BindingsSource) => Promise<T>,
  ): Promise<T> {
    const source = await this.bindings();
    const first = await this.side(a, source.targets);
    try {
      const second = await this.side(b, source.targets);
      try {
        return await work(first, second, source);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  }
}
