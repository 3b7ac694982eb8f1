// Documents pinned to their connection, in VS Code (model/pins.ts decides): the authority a new
// `wsa:` URI carries, where a URI's document is read and saved (the window's connection, or another
// of the user's connections through a client of its own, kept beside the window's), and why it
// cannot be used, said before any request. The label and the service of each connection a URI was
// made with are remembered (bounded, in global state): a document of a connection since removed
// says which one it was, and one whose connection now names another service is refused.
import * as vscode from 'vscode';
import type { ServiceClient } from '../../api';
import type { OtherClient } from '../../connection/api';
import { originOf } from '../../connection/model/origins';
import { rootConnectionOf } from '../../explorer/model/nodes';
import { FILE_SCHEME, REVISION_SCHEME } from '../../kinds/resourcePath';
import { Disposable } from '../../util/lifecycle';
import { parseConnections, type ConnectionEntry } from '../model/connections';
import { pinFor, pinPlace, type DocumentPlace, type WindowConnection } from '../model/pins';
import type { ConnectionsSetting, GuardSource } from './writeGuard';

const LABELS_KEY = 'workspaceAutomation.pinnedLabels';
/** Connections remembered at most: one per connection a document was opened with. */
const MAX_LABELS = 100;
/** A client dropped from the pool is closed this long after, so that a request it is sending ends first. */
const CLOSE_AFTER_MS = 120_000;

/** What is remembered of a connection URIs were made with. */
interface Made {
  readonly label: string;
  /** Undefined for what an older version remembered (its label alone). */
  readonly origin?: string;
}

export interface PinClients {
  /** A client of another service and workspace with the key stored for its origin, or why there is none. */
  clientFor(baseUrl: string, workspaceId: string): Promise<OtherClient>;
}

/** The settings a pooled client is made from (the connections, the user's headers and time limit), and when settings change. */
export interface PinSettings {
  readonly onDidChange: vscode.Event<unknown>;
  /** Equal while nothing a client is made from changed. */
  key(): string;
}

export class DocumentPins extends Disposable {
  /** Clients of the other connections documents are open with, by entry id, origin and workspace. */
  private readonly pool = new Map<string, Promise<ServiceClient>>();
  private readonly _onDidDrop = this._register(new vscode.EventEmitter<void>());
  /** The connections, a key or the window's connection changed: every client given before is dropped. */
  readonly onDidDrop = this._onDidDrop.event;

  constructor(
    private readonly source: GuardSource,
    private readonly settings: ConnectionsSetting,
    private readonly state: vscode.Memento,
    private readonly clients: PinClients,
    /** Events after which a pooled client may hold a stale key or name a place no entry names. */
    invalidations: readonly vscode.Event<unknown>[],
    /** What the clients are made from: a change of it drops them too. */
    clientSettings?: PinSettings,
  ) {
    super();
    const dropAll = () => {
      this.drop(CLOSE_AFTER_MS);
      this._onDidDrop.fire();
    };
    for (const event of invalidations) this._register(event(dropAll));
    if (clientSettings) {
      // Another setting (an id added to the explorer, auto save) leaves the clients, and the roots
      // listed through them, as they are.
      let key = clientSettings.key();
      this._register(
        clientSettings.onDidChange(() => {
          const now = clientSettings.key();
          if (now === key) return;
          key = now;
          dropAll();
        }),
      );
    }
    this._register({ dispose: () => this.drop(0) });
  }

  private entries() {
    return parseConnections(this.settings.connectionsByScope().user).entries;
  }

  private window(): WindowConnection | undefined {
    const current = this.source.current;
    const origin = current && originOf(current.baseUrl);
    return current && origin ? { origin, workspaceId: current.workspaceId.trim() } : undefined;
  }

  private made(): Record<string, Made> {
    const stored = this.state.get<unknown>(LABELS_KEY);
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    const made: Record<string, Made> = {};
    for (const [id, value] of Object.entries(stored)) {
      if (typeof value === 'string') made[id] = { label: value };
      else if (typeof value === 'object' && value !== null && typeof (value as Made).label === 'string') {
        const { label, origin } = value as Made;
        made[id] = typeof origin === 'string' ? { label, origin } : { label };
      }
    }
    return made;
  }

  private remember(entry: ConnectionEntry): void {
    const made = this.made();
    const key = entry.id.toLowerCase();
    const was = made[key];
    if (was?.label === entry.label && was.origin === entry.origin) return;
    const kept = Object.entries(made).filter(([k]) => k !== key);
    void this.state.update(
      LABELS_KEY,
      Object.fromEntries([...kept.slice(-(MAX_LABELS - 1)), [key, { label: entry.label, origin: entry.origin }]]),
    );
  }

  /** The authority a new `wsa:` URI carries: the window's connection's entry id, '' when no entry names it. */
  authority(): string {
    const entries = this.entries();
    const id = pinFor(this.window(), entries);
    const entry = entries.find((e) => e.id === id);
    if (entry) this.remember(entry);
    return id;
  }

  /**
   * The user's connections other than the window's, each with its pooled client: the explorer's
   * roots beside the window's groups. An id two entries share in two cases is left out (a URI could
   * not tell them apart), as is every entry naming the window's service and workspace.
   */
  others() {
    const entries = this.entries();
    const window = this.window();
    return entries
      .filter((e) => !(window && e.origin === window.origin && e.workspaceId === window.workspaceId))
      .filter((e) => entries.filter((o) => o.id.toLowerCase() === e.id.toLowerCase()).length === 1)
      .map((entry) => ({
        id: entry.id,
        label: entry.label,
        host: new URL(entry.origin).host,
        baseUrl: entry.baseUrl,
        workspaceId: entry.workspaceId,
        stage: entry.stage,
        protected: entry.protected,
        client: () => {
          // Documents opened under it are pinned to it: its label and service are remembered for them.
          this.remember(entry);
          return this.clientOf(entry);
        },
      }));
  }

  /**
   * A URI naming the other connection a command's argument is of: a `wsa:` or `wsa-revision:` URI
   * with an authority as it is, an explorer item under another connection's root as
   * `wsa://<id>/<workspace>/`; undefined for the window's (where is decided by place()).
   */
  pinnedUriOf(arg: unknown): vscode.Uri | undefined {
    if (arg instanceof vscode.Uri) return (arg.scheme === FILE_SCHEME || arg.scheme === REVISION_SCHEME) && arg.authority ? arg : undefined;
    const root = rootConnectionOf(arg);
    return root && vscode.Uri.from({ scheme: FILE_SCHEME, authority: root.id, path: `/${root.workspaceId}/` });
  }

  /** The other connection the `wsa:` document `uri` is pinned to, when it is not the window's and may be used. */
  otherEntry(uri: vscode.Uri | undefined): ConnectionEntry | undefined {
    if (!uri?.authority || uri.scheme !== FILE_SCHEME) return undefined;
    const place = this.decide(uri, uri.path.split('/')[1] ?? '');
    return place.kind === 'other' ? place.entry : undefined;
  }

  private decide(uri: vscode.Uri, workspaceId: string) {
    const madeAt = this.made()[uri.authority.toLowerCase()]?.origin;
    return pinPlace(uri.authority, workspaceId, this.window(), this.entries(), madeAt);
  }

  /** Where the document of `uri` (of `workspaceId`) is read and saved, or why it cannot be now. */
  place(uri: vscode.Uri, workspaceId: string): DocumentPlace {
    // The window's own: nothing to read (every `wsa:` request passes here).
    if (uri.authority === '') return { kind: 'window' };
    const found = this.decide(uri, workspaceId);
    switch (found.kind) {
      case 'window':
        return found;
      case 'other': {
        const { entry } = found;
        return {
          kind: 'other',
          key: placeKey(entry),
          label: entry.label,
          client: () => this.clientOf(entry),
        };
      }
      case 'gone': {
        const label = this.made()[found.id.toLowerCase()]?.label ?? found.id;
        return refused(
          vscode.l10n.t(
            'No longer connected to «{0}»: it is not one of your connections any more. Nothing was sent; unsaved text stays unsaved.',
            label,
          ),
        );
      }
      case 'ambiguous':
        return refused(
          vscode.l10n.t('Two of your connections have the id {0}, in different cases: give one another id. Nothing was sent.', found.id),
        );
      case 'repointed':
        return refused(
          vscode.l10n.t(
            '«{0}» now points at workspace {1}, and this file is of workspace {2}. Nothing was sent; unsaved text stays unsaved.',
            found.entry.label,
            found.entry.workspaceId,
            workspaceId,
          ),
        );
      case 'moved':
        return refused(
          vscode.l10n.t(
            '«{0}» now points at {1}, and this file was opened from {2}: its text is not sent to another service. Nothing was sent; unsaved text stays unsaved.',
            found.entry.label,
            new URL(found.entry.origin).host,
            new URL(found.from).host,
          ),
        );
    }
  }

  /** The pooled client of another connection; rejects, sending nothing, when no key is stored for its origin. */
  private clientOf(entry: ConnectionEntry): Promise<ServiceClient> {
    const key = placeKey(entry);
    let client = this.pool.get(key);
    if (!client) {
      client = this.clients.clientFor(entry.baseUrl, entry.workspaceId).then((got) => {
        if ('client' in got) return got.client;
        throw new Error(
          got.missing === 'plainHttp'
            ? vscode.l10n.t('«{0}» is plain http to another machine: allow it while signed in to it first. Nothing was sent.', entry.label)
            : vscode.l10n.t(
                'No key is stored for «{0}» ({1}): sign in to it (Sign In to Another Connection…) to read and save its files. Nothing was sent.',
                entry.label,
                got.origin,
              ),
        );
      });
      this.pool.set(key, client);
      // A missing key is asked again next time: the user may sign in meanwhile.
      client.catch(() => this.pool.get(key) === client && this.pool.delete(key));
    }
    return client;
  }

  /** Forgets every pooled client, closing each `afterMs` later. */
  private drop(afterMs: number): void {
    const dropped = [...this.pool.values()];
    this.pool.clear();
    const close = () => dropped.forEach((c) => void c.then((client) => client.close()).catch(() => undefined));
    if (afterMs === 0) close();
    else setTimeout(close, afterMs).unref();
  }
}

/** An entry's id, service and workspace: what one connection read is kept under. */
function placeKey(entry: ConnectionEntry): string {
  return `${entry.id.toLowerCase()}|${entry.origin}|${entry.workspaceId}`;
}

function refused(message: string): DocumentPlace {
  return { kind: 'refused', message };
}
