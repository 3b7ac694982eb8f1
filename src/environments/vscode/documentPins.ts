// Documents pinned to their connection, in VS Code (model/pins.ts decides): the authority a new
// `wsa:` URI carries, and why a URI's connection cannot be used now, said before any request. The
// label of each connection a URI was made with is remembered (bounded, in global state), so that a
// document of a connection since removed says which one it was.
import * as vscode from 'vscode';
import { originOf } from '../../connection/model/origins';
import { parseConnections } from '../model/connections';
import { pinFor, pinProblem, type WindowConnection } from '../model/pins';
import type { ConnectionsSetting, GuardSource } from './writeGuard';

const LABELS_KEY = 'workspaceAutomation.pinnedLabels';
/** Labels remembered at most: one per connection a document was opened with. */
const MAX_LABELS = 100;

export class DocumentPins {
  constructor(
    private readonly source: GuardSource,
    private readonly settings: ConnectionsSetting,
    private readonly state: vscode.Memento,
  ) {}

  private entries() {
    return parseConnections(this.settings.connectionsByScope().user).entries;
  }

  private window(): WindowConnection | undefined {
    const current = this.source.current;
    const origin = current && originOf(current.baseUrl);
    return current && origin ? { origin, workspaceId: current.workspaceId.trim() } : undefined;
  }

  private labels(): Record<string, string> {
    const stored = this.state.get<unknown>(LABELS_KEY);
    return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, string>) : {};
  }

  private remember(id: string, label: string): void {
    const labels = this.labels();
    const key = id.toLowerCase();
    if (labels[key] === label) return;
    const kept = Object.entries(labels).filter(([k]) => k !== key);
    void this.state.update(LABELS_KEY, Object.fromEntries([...kept.slice(-(MAX_LABELS - 1)), [key, label]]));
  }

  /** The authority a new `wsa:` URI carries: the window's connection's entry id, '' when no entry names it. */
  authority(): string {
    const entries = this.entries();
    const id = pinFor(this.window(), entries);
    const entry = entries.find((e) => e.id === id);
    if (entry) this.remember(entry.id, entry.label);
    return id;
  }

  /** Why the document of `uri` (of `workspaceId`) cannot be read or saved now; undefined when it can. */
  problem(uri: vscode.Uri, workspaceId: string): string | undefined {
    // The window's own: nothing to read (every `wsa:` request passes here).
    if (uri.authority === '') return undefined;
    const found = pinProblem(uri.authority, workspaceId, this.window(), this.entries());
    if (!found) return undefined;
    switch (found.kind) {
      case 'gone': {
        const label = this.labels()[found.id.toLowerCase()] ?? found.id;
        return vscode.l10n.t(
          'No longer connected to «{0}»: it is not one of your connections any more. Nothing was sent; unsaved text stays unsaved.',
          label,
        );
      }
      case 'ambiguous':
        return vscode.l10n.t(
          'Two of your connections have the id {0}, in different cases: give one another id. Nothing was sent.',
          found.id,
        );
      case 'repointed':
        return vscode.l10n.t(
          '«{0}» now points at workspace {1}, and this file is of workspace {2}. Nothing was sent; unsaved text stays unsaved.',
          found.entry.label,
          found.entry.workspaceId,
          workspaceId,
        );
      case 'elsewhere':
      case 'signedOut':
        return vscode.l10n.t(
          'This file is of «{0}» ({1}, workspace {2}), which is not the connection this window uses: switch to it to read or save the file. Nothing was sent.',
          found.entry.label,
          new URL(found.entry.origin).host,
          found.entry.workspaceId,
        );
    }
  }
}
