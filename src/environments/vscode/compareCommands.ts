// Compare with Another Environment… (a resource against its counterpart on another of the user's
// connections) and Compare Environments… (two connections, every editable resource grouped), on the
// compare engine. Each side is read through its own client with the key stored for its own origin;
// a side without a key is offered a sign-in to it, and nothing is sent there before. The bindings
// are the open folder's wsa.targets.json's, a connection named there by the target of its service
// and workspace, else by its id. Loaded on first use (index.ts).
import * as vscode from 'vscode';
import type { ServiceClient } from '../../api';
import type { AskKey, Connection, OtherClient } from '../../connection/api';
import { originOf } from '../../connection/model/origins';
import { FILE_VIEWS, isResourceKind, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import { FILE_SCHEME, parseFilePath } from '../../kinds/resourcePath';
import { isRecord } from '../../util/isRecord';
import { notificationText } from '../../util/notify';
import { compareEnvironments, compareResource, type CompareEntry, type CompareSide } from '../engine/compareEnvironments';
import { EDITABLE_KINDS } from '../engine/promoteReads';
import { parseBindings, type Bindings } from '../model/bindings';
import { environmentName } from '../model/compareText';
import { parseConnections, resolveConnection, type ConnectionEntry } from '../model/connections';
import type { EditableKind } from '../model/promotionRules';
import { readTargetsFile, type TargetsFile } from '../model/targets';
import type { CompareDocuments } from './compareDocuments';
import { entryItems, type CompareDialogs } from './comparePicks';

export interface CompareConnections {
  readonly current: Connection | undefined;
  require(): Connection;
  clientFor(baseUrl: string, workspaceId: string): Promise<OtherClient>;
}

export interface CompareDeps {
  readonly log: vscode.LogOutputChannel;
  readonly settings: { connectionsByScope(): { user: unknown; folder: unknown } };
  readonly connection: CompareConnections;
  /** Asks for the key of another connection's service, checks and stores it for its origin. */
  readonly signIn: (target: ConnectionEntry, ask: AskKey) => Promise<boolean>;
  readonly documents: CompareDocuments;
  readonly dialogs: () => CompareDialogs;
}

/** What the command compared, for scripts and tests: the entry, and the diff's documents when one opened. */
export interface CompareOutcome {
  readonly entry: CompareEntry;
  readonly left?: vscode.Uri;
  readonly right?: vscode.Uri;
}

interface Side extends CompareSide {
  readonly close: () => Promise<void>;
}

function sameConnection(a: { origin: string; workspaceId: string }, b: { origin: string; workspaceId: string }): boolean {
  return a.origin === b.origin && a.workspaceId === b.workspaceId;
}

/** The resource a command was invoked on: an explorer item, a `wsa:` URI, or the active editor's. */
function resourceOf(arg: unknown): { kind: EditableKind; id: string; name?: string; workspaceId?: string } {
  const uri = arg instanceof vscode.Uri ? arg : arg === undefined ? vscode.window.activeTextEditor?.document.uri : undefined;
  let found: { kind: string; id: string; name?: string; workspaceId?: string } | undefined;
  if (uri?.scheme === FILE_SCHEME) {
    const file = parseFilePath(uri.path);
    // The path's name is made safe for a tab; the resource's own name comes from its list.
    found = { kind: FILE_VIEWS[file.view].kind, id: file.id, workspaceId: file.workspaceId };
  } else if (isRecord(arg) && isResourceKind(arg.kind) && typeof arg.id === 'string')
    found = { kind: arg.kind, id: arg.id, ...(typeof arg.name === 'string' ? { name: arg.name } : {}) };
  if (!found) throw new Error(vscode.l10n.t('Choose a resource in the explorer, or open one, to compare it with another environment.'));
  const kind = EDITABLE_KINDS.find((k) => k === found.kind);
  if (!kind)
    throw new Error(
      vscode.l10n.t(
        '{0} cannot be compared across environments: only what can be saved is.',
        RESOURCE_KINDS[found.kind as EditableKind]?.plural ?? found.kind,
      ),
    );
  return { ...found, kind };
}

export class CompareCommands {
  constructor(private readonly deps: CompareDeps) {}

  private entries(): ConnectionEntry[] {
    const parsed = parseConnections(this.deps.settings.connectionsByScope().user);
    return [...parsed.entries];
  }

  /** The open folder's targets file (the first folder that has one), read bounded. */
  private async targets(): Promise<TargetsFile | undefined> {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') continue;
      const file = await readTargetsFile(folder.uri.fsPath);
      if (file) return file;
    }
    return undefined;
  }

  private async bindings(): Promise<{ bindings: Bindings; targets: TargetsFile | undefined }> {
    const targets = await this.targets();
    return { bindings: targets ? parseBindings(targets.bindings) : {}, targets };
  }

  /** A side's client: the window's own for its connection, else one with the key stored for that origin, after a sign-in if need be. */
  private async side(entry: ConnectionEntry, targets: TargetsFile | undefined): Promise<Side> {
    const name = environmentName(entry, targets?.targets);
    const current = this.deps.connection.current;
    const base = { name, label: entry.label, workspaceId: entry.workspaceId };
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
  private currentEntry(entries: readonly ConnectionEntry[]): ConnectionEntry {
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

  private async pick(
    entries: readonly ConnectionEntry[],
    chosen: string | undefined,
    placeHolder: string,
  ): Promise<ConnectionEntry | undefined> {
    if (entries.length === 0)
      throw new Error(
        vscode.l10n.t('Name your other connections in the workspaceAutomation.connections setting first: there is none to compare with.'),
      );
    if (chosen !== undefined) {
      const entry = entries.find((e) => e.id === chosen);
      if (!entry) throw new Error(vscode.l10n.t('No connection {0} to compare with.', JSON.stringify(chosen)));
      return entry;
    }
    return this.deps.dialogs().pickConnection(entries, placeHolder);
  }

  /** Compare with Another Environment…: `options.connection` (an entry's id) instead of the pick. */
  async compareWith(arg?: unknown, options?: { connection?: string }): Promise<CompareOutcome | undefined> {
    const resource = resourceOf(arg);
    const entries = this.entries();
    const here = this.currentEntry(entries);
    if (resource.workspaceId !== undefined && resource.workspaceId !== here.workspaceId)
      throw new Error(vscode.l10n.t('This file is of workspace {0}, not the one signed in to: switch to it first.', resource.workspaceId));
    const others = entries.filter((e) => !sameConnection(e, here));
    const other = await this.pick(others, options?.connection, vscode.l10n.t('Compare with which environment?'));
    if (!other) return undefined;
    const { bindings, targets } = await this.bindings();
    const first = await this.side(here, targets);
    try {
      const second = await this.side(other, targets);
      try {
        const entry = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Comparing with «{0}»…', other.label) },
          () => compareResource({ first, second, bindings }, resource.kind, resource.id, resource.name),
        );
        return await this.show(entry, first, second);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  }

  private async show(entry: CompareEntry, first: Side, second: Side): Promise<CompareOutcome> {
    if (entry.texts) return { entry, ...(await this.deps.documents.open(entry, first, second, this.deps.log)) };
    const candidates = entry.candidates?.length ? ` (${entry.candidates.join(', ')})` : '';
    const message =
      entry.group === 'onlyFirst'
        ? vscode.l10n.t('«{0}»: no counterpart on «{1}».', entry.name, second.label)
        : entry.group === 'ambiguous'
          ? vscode.l10n.t('«{0}» is ambiguous: bind by hand{1}. {2}', entry.name, candidates, entry.reason)
          : vscode.l10n.t('«{0}» cannot be compared: {1}', entry.name, entry.reason);
    this.deps.log.info(`[Environments] ${message}`);
    void vscode.window.showWarningMessage(notificationText(message));
    return { entry };
  }

  /** Compare Environments…: `options.first`/`second` (entries' ids) instead of the picks, `show: false` for no list. */
  async compareAll(options?: { first?: string; second?: string; show?: boolean }): Promise<CompareEntry[] | undefined> {
    const entries = this.entries();
    if (entries.length < 2)
      throw new Error(
        vscode.l10n.t('Name two connections in the workspaceAutomation.connections setting first: there are {0}.', entries.length),
      );
    const a = await this.pick(entries, options?.first, vscode.l10n.t('Compare which environment…'));
    if (!a) return undefined;
    const b = await this.pick(
      entries.filter((e) => !sameConnection(e, a)),
      options?.second,
      vscode.l10n.t('…with which environment?'),
    );
    if (!b) return undefined;
    const { bindings, targets } = await this.bindings();
    const first = await this.side(a, targets);
    try {
      const second = await this.side(b, targets);
      try {
        const result = await vscode.window.withProgress(
          {
            location: vscode.ProgressLocation.Notification,
            title: vscode.l10n.t('Comparing «{0}» with «{1}»…', a.label, b.label),
            cancellable: true,
          },
          (_p, token) => {
            const abort = new AbortController();
            token.onCancellationRequested(() => abort.abort());
            return compareEnvironments({ first, second, bindings, signal: abort.signal });
          },
        );
        for (const note of result.notes) this.deps.log.info(`[Environments] ${note}`);
        if (options?.show !== false) await this.list(result.entries, first, second);
        return result.entries;
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  }

  private async list(entries: readonly CompareEntry[], first: Side, second: Side): Promise<void> {
    const picked = await this.deps
      .dialogs()
      .pickEntry(entryItems(entries, first.label, second.label), vscode.l10n.t('{0} ↔ {1}', first.label, second.label));
    if (picked?.entry.texts) await this.deps.documents.open(picked.entry, first, second, this.deps.log);
  }
}
