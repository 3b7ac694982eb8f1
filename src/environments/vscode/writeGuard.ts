// The production guard in VS Code: which connection the window writes to and whether it is
// protected (the user's `workspaceAutomation.connections`, raised by the folder's value or an
// agent), and the one modal question before a write to a protected connection. Every write path asks
// it (the saver, publish and restore, a conflict's overwrite, an agent's save, a folder push); a
// declined write sends nothing. The question is asked one at a time, so that "Allow for This
// Window" answers the writes waiting behind it.
import * as vscode from 'vscode';
import { CONNECTIONS_SETTING, SECTION } from '../../manifest/config';
import { notificationText } from '../../util/notify';
import { Disposable } from '../../util/lifecycle';
import {
  parseConnections,
  resolveConnection,
  type ConnectionEntry,
  type CurrentConnection,
  type ResolvedConnection,
} from '../model/connections';
import { allowanceKey, decideWrite, withRaises, type WriteKind } from '../model/guard';

/** The user's answer: send this write, send every write to this connection in this window, or nothing. */
export type GuardAnswer = 'send' | 'allow' | undefined;

export interface GuardQuestion {
  readonly kind: WriteKind;
  readonly message: string;
  readonly detail: string;
  /** "Save to «Production»": sends this write. */
  readonly send: string;
  /** "Allow for This Window", when the kind offers it (an agent's save and a promotion do not). */
  readonly allow: string | undefined;
  readonly connection: ResolvedConnection;
}

/** The modal question; the integration tests answer it through the test API. */
export interface GuardDialogs {
  ask(question: GuardQuestion): Promise<GuardAnswer>;
}

export const VSCODE_GUARD_DIALOGS: GuardDialogs = {
  async ask(q) {
    const buttons = q.allow ? [q.send, q.allow] : [q.send];
    const picked = await vscode.window.showWarningMessage(notificationText(q.message), { modal: true, detail: q.detail }, ...buttons);
    return picked === q.send ? 'send' : picked !== undefined && picked === q.allow ? 'allow' : undefined;
  },
};

/** A write the user declined at the guard's question: nothing was sent. */
export class WriteDeclinedError extends Error {
  override readonly name = 'WriteDeclinedError';
  constructor(readonly label: string) {
    super(vscode.l10n.t('Nothing was sent to «{0}», a protected connection: you cancelled. Your text stays unsaved.', label));
  }
}

export interface GuardSource {
  readonly current: CurrentConnection | undefined;
  readonly onDidChangeConnection: vscode.Event<unknown>;
}

/** The connections setting by scope (Configuration.connectionsByScope). */
export interface ConnectionsSetting {
  connectionsByScope(): { user: unknown; folder: unknown };
}

export class ProductionGuard extends Disposable {
  private readonly _onDidChange = this._register(new vscode.EventEmitter<void>());
  /** The current connection, its protection or an allowance changed. */
  readonly onDidChange = this._onDidChange.event;
  private readonly allowed = new Set<string>();
  private raisedByAgent = new Set<string>();
  private asking: Promise<unknown> = Promise.resolve();
  private logged = '';

  constructor(
    private readonly source: GuardSource,
    private readonly settings: ConnectionsSetting,
    private readonly log: vscode.LogOutputChannel,
    private readonly dialogs: () => GuardDialogs,
    /** The other connection a document is pinned to, when it is not the window's (DocumentPins.otherEntry). */
    private readonly pinnedTo: (uri: vscode.Uri | undefined) => ConnectionEntry | undefined = () => undefined,
  ) {
    super();
    this._register(source.onDidChangeConnection(() => this._onDidChange.fire()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.${CONNECTIONS_SETTING}`)) this._onDidChange.fire();
      }),
    );
  }

  /** The current connection with its stage and protection, read afresh (the setting is small). */
  connection(): ResolvedConnection | undefined {
    const current = this.source.current;
    return current && this.resolve(current);
  }

  /** A connection (the window's, or a promotion's target) as the settings guard it: every entry naming it, a folder's or an agent's raise. */
  private resolve(current: CurrentConnection): ResolvedConnection | undefined {
    const { user, folder } = this.settings.connectionsByScope();
    // The user's value alone decides; a folder's can only add protection.
    const parsed = parseConnections(user);
    const problems = parsed.problems.map((p) => `entry ${p.index}: ${p.reason}`).join('; ');
    if (problems && problems !== this.logged) this.log.warn(`[Environments] ${SECTION}.${CONNECTIONS_SETTING}: ${problems}.`);
    this.logged = problems;
    const resolved = resolveConnection(current, parsed.entries);
    if (!resolved) return undefined;
    return withRaises(resolved, { folder, agent: this.raisedByAgent.has(allowanceKey(resolved)) });
  }

  /** The connection a write of `uri` goes to: the one its document is pinned to, else the window's. */
  connectionOf(uri: vscode.Uri | undefined): ResolvedConnection | undefined {
    return this.otherConnectionOf(uri) ?? this.connection();
  }

  /** The connection the document `uri` is pinned to, when it is another than the window's. */
  otherConnectionOf(uri: vscode.Uri | undefined): ResolvedConnection | undefined {
    const other = this.pinnedTo(uri);
    return other && this.resolve(other);
  }

  /** The connection a write of `uri` goes to (the window's without one) when it is protected. */
  protectedConnection(uri?: vscode.Uri): ResolvedConnection | undefined {
    const c = this.connectionOf(uri);
    return c?.protected ? c : undefined;
  }

  /** An agent asks for the current connection to be guarded until the window closes; nothing lowers it but the user's settings. */
  raiseForWindow(): void {
    const c = this.connection();
    if (!c || c.protected) return;
    this.raisedByAgent.add(allowanceKey(c));
    this.log.info(`[Environments] ${c.origin}, workspace ${c.workspaceId}, is protected for this window, as an agent asked.`);
    this._onDidChange.fire();
  }

  /**
   * Whether a write of `kind` (of the file `uri`, when there is one: to the connection its document
   * is pinned to) may be sent now: true at once
   * for an unprotected connection, false for an auto save to a protected one (held), else the
   * user's answer to the modal question. False sends nothing.
   */
  async confirmWrite(kind: WriteKind, uri?: vscode.Uri): Promise<boolean> {
    const first = this.connectionOf(uri);
    const decision = decideWrite(kind, first, first ? this.allowed.has(allowanceKey(first)) : false);
    if (decision !== 'ask') return decision === 'send';
    return this.inTurn(() => this.ask(kind, uri));
  }

  /** One question at a time: the answer to the first may allow the ones waiting. */
  private inTurn<T>(question: () => Promise<T>): Promise<T> {
    const turn = this.asking.then(question);
    this.asking = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Whether a promotion's plan may be saved on `target`, any of the user's connections (not only the
   * window's): true at once when it is not protected, else the user's answer to one question that
   * names the plan (`plan`), asked every time.
   */
  async confirmPromotion(target: ConnectionEntry, plan: string): Promise<boolean> {
    const c = this.resolve(target);
    if (!c || decideWrite('promote', c, false) !== 'ask') return true;
    const answer = await this.inTurn(() => this.dialogs().ask(question('promote', c, undefined, plan)));
    if (answer === undefined) this.log.info(`[Environments] A promotion to «${c.label}» was cancelled; nothing was sent.`);
    return answer !== undefined;
  }

  private async ask(kind: WriteKind, uri: vscode.Uri | undefined): Promise<boolean> {
    const c = this.connectionOf(uri);
    const key = c ? allowanceKey(c) : '';
    const decision = decideWrite(kind, c, this.allowed.has(key));
    if (decision !== 'ask' || !c) return decision === 'send';
    const answer = await this.dialogs().ask(question(kind, c, uri));
    if (answer === 'allow') {
      this.allowed.add(key);
      this.log.info(`[Environments] Writes to «${c.label}» (${c.origin}, ${c.workspaceId}) are allowed for this window.`);
      this._onDidChange.fire();
    }
    if (answer === undefined) this.log.info(`[Environments] A ${kind} to «${c.label}» was cancelled; nothing was sent.`);
    return answer !== undefined;
  }
}

/** A file's name as its `wsa:` path ends. */
function nameOf(uri: vscode.Uri | undefined): string | undefined {
  return uri?.path.split('/').pop() || undefined;
}

function question(kind: WriteKind, c: ResolvedConnection, uri: vscode.Uri | undefined, plan?: string): GuardQuestion {
  const name = nameOf(uri);
  const what = (): string => {
    switch (kind) {
      case 'publish':
        return vscode.l10n.t('Publish to «{0}»?', c.label);
      case 'restore':
        return vscode.l10n.t('Restore a revision on «{0}»?', c.label);
      case 'push':
        return vscode.l10n.t('Push this folder’s changes to «{0}»?', c.label);
      case 'agentSave':
        return vscode.l10n.t('An agent wants to save «{0}» to «{1}». Allow it?', name ?? '', c.label);
      case 'merge':
        return vscode.l10n.t('Overwrite «{0}» on «{1}»?', name ?? '', c.label);
      case 'promote':
        return vscode.l10n.t('Apply this plan on «{0}»: {1}?', c.label, plan ?? '');
      default:
        return name ? vscode.l10n.t('Save «{0}» to «{1}»?', name, c.label) : vscode.l10n.t('Save to «{0}»?', c.label);
    }
  };
  const send =
    kind === 'publish'
      ? vscode.l10n.t('Publish to «{0}»', c.label)
      : kind === 'push'
        ? vscode.l10n.t('Push to «{0}»', c.label)
        : kind === 'promote'
          ? vscode.l10n.t('Promote to «{0}»', c.label)
          : vscode.l10n.t('Save to «{0}»', c.label);
  return {
    kind,
    message: `${vscode.l10n.t('«{0}» is a protected connection.', c.label)} ${what()}`,
    detail: vscode.l10n.t(
      'Service: {0}\nWorkspace: {1}\nStage: {2}\n\nNothing is sent until you choose. Cancel sends nothing and keeps unsaved text unsaved.',
      new URL(c.origin).host,
      c.workspaceId,
      c.stage,
    ),
    send,
    allow: kind === 'agentSave' || kind === 'promote' ? undefined : vscode.l10n.t('Allow for This Window'),
    connection: c,
  };
}
