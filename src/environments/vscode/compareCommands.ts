// Compare with Another Environment… (a resource against its counterpart on another of the user's
// connections) and Compare Environments… (two connections, every editable resource grouped), on the
// compare engine. Each side is read through its own client with the key stored for its own origin;
// a side without a key is offered a sign-in to it, and nothing is sent there before. The bindings
// are the open folder's wsa.targets.json's, else the ones kept without a folder (environmentSides.ts).
// Loaded on first use (index.ts).
import * as vscode from 'vscode';
import { isRecord } from '../../util/isRecord';
import { notificationText } from '../../util/notify';
import { compareEnvironments, compareResource, type CompareEntry } from '../engine/compareEnvironments';
import type { CompareDocuments } from './compareDocuments';
import { entryItems, type CompareDialogs } from './comparePicks';
import {
  EnvironmentSides,
  sameConnection,
  withCancellableProgress,
  type Side,
  type SideConnections,
  type SidesDeps,
} from './environmentSides';
import { resourceOf } from './invokedOn';

export type CompareConnections = SideConnections;

export interface CompareDeps extends SidesDeps {
  readonly documents: CompareDocuments;
  readonly dialogs: () => CompareDialogs;
}

/** What the command compared, for scripts and tests: the entry, and the diff's documents when one opened. */
export interface CompareOutcome {
  readonly entry: CompareEntry;
  readonly left?: vscode.Uri;
  readonly right?: vscode.Uri;
}

export class CompareCommands {
  private readonly sides: EnvironmentSides;

  constructor(private readonly deps: CompareDeps) {
    this.sides = new EnvironmentSides(deps);
  }

  /** Compare with Another Environment…: a script's `options.connection` (an entry's id) instead of the pick. */
  async compareWith(arg?: unknown, options?: unknown): Promise<CompareOutcome | undefined> {
    const chosen = isRecord(options) && typeof options.connection === 'string' ? options.connection : undefined;
    const resource = resourceOf(arg);
    const entries = this.sides.entries();
    const here = this.sides.sourceEntry(entries, resource.connection);
    if (resource.workspaceId !== undefined && resource.workspaceId !== here.workspaceId)
      throw new Error(vscode.l10n.t('This file is of workspace {0}, not the one signed in to: switch to it first.', resource.workspaceId));
    const other = await this.sides.pick(
      entries.filter((e) => !sameConnection(e, here)),
      chosen,
      vscode.l10n.t('Compare with which environment?'),
      vscode.l10n.t(
        'Name your other connections in the workspaceAutomation.connections setting (or add those of a folder with Add Environments from wsa.targets.json…) first: there is none to compare with.',
      ),
    );
    if (!other) return undefined;
    return this.sides.withSides(here, other, async (first, second, { bindings }) => {
      const entry = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Comparing with «{0}»…', other.label) },
        () => compareResource({ first, second, bindings }, resource.kind, resource.id, resource.name),
      );
      return this.show(entry, first, second);
    });
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

  /** Compare Environments…: a script's `options.first`/`second` (entries' ids) instead of the picks, `show: false` for no list. */
  async compareAll(given?: unknown): Promise<CompareEntry[] | undefined> {
    const options = isRecord(given) ? compareAllArgument(given) : undefined;
    const entries = this.sides.entries();
    const none = vscode.l10n.t('Name two connections in the workspaceAutomation.connections setting first: there are {0}.', entries.length);
    if (entries.length < 2) throw new Error(none);
    const a = await this.sides.pick(entries, options?.first, vscode.l10n.t('Compare which environment…'), none);
    if (!a) return undefined;
    const b = await this.sides.pick(
      entries.filter((e) => !sameConnection(e, a)),
      options?.second,
      vscode.l10n.t('…with which environment?'),
      none,
    );
    if (!b) return undefined;
    return this.sides.withSides(a, b, async (first, second, { bindings }) => {
      const result = await withCancellableProgress(vscode.l10n.t('Comparing «{0}» with «{1}»…', a.label, b.label), (signal) =>
        compareEnvironments({ first, second, bindings, signal }),
      );
      for (const note of result.notes) this.deps.log.info(`[Environments] ${note}`);
      if (options?.show !== false) await this.list(result.entries, first, second);
      return result.entries;
    });
  }

  private async list(entries: readonly CompareEntry[], first: Side, second: Side): Promise<void> {
    const picked = await this.deps
      .dialogs()
      .pickEntry(entryItems(entries, first.label, second.label), vscode.l10n.t('{0} ↔ {1}', first.label, second.label));
    if (picked?.entry.texts) await this.deps.documents.open(picked.entry, first, second, this.deps.log);
  }
}

/** A script's choice of the two connections (entries' ids) and whether to show the list. */
function compareAllArgument(o: Record<string, unknown>): { first?: string; second?: string; show?: boolean } {
  return {
    ...(typeof o.first === 'string' ? { first: o.first } : {}),
    ...(typeof o.second === 'string' ? { second: o.second } : {}),
    ...(typeof o.show === 'boolean' ? { show: o.show } : {}),
  };
}
