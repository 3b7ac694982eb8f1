// The VS Code side's one door to the local-folders engine (../engine): it builds the engine's
// LocalFolder with the signed-in connection's client, refuses a folder of another service or
// workspace (its key and requests must not go there), and keeps the last remote status so a quick
// local refresh (a file saved) does not forget what the service said. In Restricted Mode it sends
// nothing and writes nothing: a status is local, and pulls, pushes and merges are refused. The
// pulled files are read and written here too, with the engine's rules: bounded, never through a link.
// A folder with targets (wsa.targets.json, `wsa --target`) is used in the layout of its chosen
// target, whose service and workspace the signed-in connection must be, as a folder's own state's.
import * as l10n from '@vscode/l10n';
import type { Connection } from '../../connection/api';
import {
  DEFAULT_LAYOUT,
  LocalFolder,
  moveState,
  readState,
  type FolderLayout,
  sameConnection,
  type FileStatus,
  type FolderConnection,
  type FolderState,
  type PullReport,
  type PushReport,
  type ResourceRef,
  readLocal,
  writeLocal,
} from '../engine/engineApi';
import { RestrictedModeError } from '../../ui/restrictedMode';
import type { FileView, ResourceKind } from '../../kinds/resourceKinds';
import { ResourceReader } from '../../documents/model/resourceReader';
import { KeyedQueue } from '../../util/async';
import type { SaveTokens, TextProblem } from '../../documents/model/saveTypes';
import type { TargetDef } from '../../environments/model/targets';
import { unconfirmedTarget } from './folderTargets';

export { STATE_DIR, STATE_FILE } from '../engine/engineApi';
export type { FileState, FileStatus, PullReport, PushReport, ResourceRef } from '../engine/engineApi';

export type Validate = (view: FileView, text: string) => Promise<TextProblem[]>;

/** A pulled file's base, as its language features see it. */
export interface LanguageBase {
  readonly view: FileView;
  readonly text?: string;
  readonly tokens?: SaveTokens;
  /** The connection the tokens belong to: once it is no longer the current one, they are not used. */
  readonly connection?: Connection;
}

/** What a pull brings: these resources and every resource of these kinds; neither given, everything. */
export interface PullWhat {
  readonly ids?: readonly string[] | undefined;
  readonly resources?: readonly ResourceRef[] | undefined;
  readonly kinds?: readonly ResourceKind[] | undefined;
}

export interface FolderStatusView {
  readonly files: readonly FileStatus[];
  /** Why the service was not asked or did not answer, one sentence; undefined when it answered. */
  readonly remoteError?: string;
  /** State entries the engine ignores (outside the layout a pull writes), one sentence each. */
  readonly ignored: readonly string[];
}

/** The target a folder is used in: its layout, and what the targets file says of it (when it names it). */
export interface FolderTarget {
  readonly name: string;
  readonly layout: FolderLayout;
  readonly def?: TargetDef | undefined;
}

export class EngineAdapter {
  /** Per folder: the last status that asked the service. */
  private readonly lastRemote = new Map<string, Map<string, FileStatus>>();
  /** Per folder: pulls and pushes one after another, each reading the state the previous one wrote. */
  private readonly writes = new KeyedQueue<string>();

  constructor(
    private readonly validate: Validate,
    /** The header names the signed-in connection sends its key and workspace in (written to a new folder's state). */
    private readonly carriers: () => Pick<FolderConnection, 'authHeader' | 'authScheme' | 'workspaceHeader'>,
    /** Whether the workspace is trusted (`vscode.workspace.isTrusted`): until it is, nothing is sent or written. */
    private readonly trusted: () => boolean,
    /** The target the folder at `root` is used in; undefined: its own state, as before targets. */
    private readonly targetOf: (root: string) => FolderTarget | undefined = () => undefined,
  ) {}

  private layout(root: string): FolderLayout {
    return this.targetOf(root)?.layout ?? DEFAULT_LAYOUT;
  }

  /** The last remote status is the target's: another target's service says nothing of this one. */
  private key(root: string): string {
    const target = this.targetOf(root)?.name;
    return target === undefined ? root : `${root}\0${target}`;
  }

  private folder(root: string, connection: Connection | undefined): LocalFolder {
    return new LocalFolder({ folder: root, client: () => requireClient(connection), validate: this.validate, layout: this.layout(root) });
  }

  private readState(root: string): Promise<FolderState | undefined> {
    return readState(root, this.layout(root).stateFile);
  }

  /** The connection, if it is the one the folder (or its target) was pulled from and the workspace is trusted; else why not. */
  private async matching(root: string, connection: Connection | undefined): Promise<{ connection?: Connection; why?: string }> {
    if (!this.trusted()) return { why: l10n.t('Restricted Mode: the service is not asked until the workspace is trusted') };
    if (!connection) return { why: l10n.t('not signed in') };
    const def = this.targetOf(root)?.def;
    const why = def && unconfirmedTarget(def, connection);
    if (why) return { why };
    return matchingState(await this.readState(root), connection);
  }

  /** Refuses `what` in Restricted Mode: it would send to the service or write into the folder. */
  private requireTrust(what: string): void {
    if (!this.trusted()) throw new RestrictedModeError(what);
  }

  /** The status; `remote` asks the service (when trusted and signed in to the folder's service and workspace). */
  async status(root: string, connection: Connection | undefined, remote: boolean): Promise<FolderStatusView> {
    const { connection: c, why } = await this.matching(root, connection);
    const folder = this.folder(root, c);
    const target = this.targetOf(root);
    // A target of the file never pulled into this folder: nothing to compare yet, Pull brings it.
    if (target && !(await this.readState(root)))
      return {
        files: [],
        ignored: [],
        remoteError: why ?? l10n.t('not pulled from the target {0} yet: Pull from Service brings it', target.name),
      };
    const last = this.key(root);
    if (remote && c) {
      try {
        const status = await folder.status({ remote: true });
        this.lastRemote.set(last, new Map(status.files.map((f) => [f.path, f])));
        const failed = status.files.find((f) => f.remoteError)?.remoteError ?? status.notes.find((n) => !status.ignored.includes(n));
        return { files: status.files, ignored: status.ignored, ...(failed ? { remoteError: failed } : {}) };
      } catch (e) {
        const local = await folder.status({ remote: false });
        return {
          files: withLastRemote(local.files, this.lastRemote.get(last)),
          ignored: local.ignored,
          remoteError: e instanceof Error ? e.message : String(e),
        };
      }
    }
    const local = await folder.status({ remote: false });
    return { files: withLastRemote(local.files, this.lastRemote.get(last)), ignored: local.ignored, ...(why ? { remoteError: why } : {}) };
  }

  async pull(root: string, connection: Connection, { ids, resources, kinds }: PullWhat = {}): Promise<PullReport> {
    this.requireTrust(l10n.t('pull into this folder'));
    const { connection: c, why } = await this.matching(root, connection);
    if (!c) throw new Error(why);
    const report = await this.writes.run(root, async () => {
      await this.adoptSingleState(root);
      return this.folder(root, c).pull({
        connection: { ...this.carriers(), baseUrl: c.baseUrl, workspaceId: c.workspaceId },
        ...(ids ? { ids } : {}),
        ...(resources ? { resources } : {}),
        ...(kinds ? { kinds } : {}),
      });
    });
    this.lastRemote.set(this.key(root), afterPull(this.lastRemote.get(this.key(root)), report));
    return report;
  }

  /**
   * As `wsa --target` does on its first use: a folder's own state of the target's service and
   * workspace becomes the target's state (once, moved whole), so that its first pull is a pull,
   * not a second copy of every file. Only with the targets file's word for the target.
   */
  private async adoptSingleState(root: string): Promise<void> {
    const target = this.targetOf(root);
    if (!target?.def || (await this.readState(root))) return;
    const single = await readState(root).catch(() => undefined);
    if (!single || unconfirmedTarget(target.def, single.connection)) return;
    await moveState(root, DEFAULT_LAYOUT, target.layout);
  }

  async push(root: string, connection: Connection | undefined, files: readonly string[] | undefined): Promise<PushReport> {
    this.requireTrust(l10n.t('push this folder'));
    const { connection: c, why } = await this.matching(root, connection);
    if (!c) throw new Error(why);
    const report = await this.writes.run(root, () => this.folder(root, c).push(files ? { files } : {}));
    this.lastRemote.delete(this.key(root));
    return report;
  }

  /** After Complete Merge: the service's text the user merged with becomes the file's base, when the service still holds it. */
  async adoptTheirs(root: string, path: string, theirs: string, connection: Connection | undefined): Promise<boolean> {
    const { connection: c } = await this.matching(root, connection);
    if (!c) return false;
    const adopted = await this.writes.run(root, () => this.folder(root, c).adoptTheirs(path, theirs));
    const last = this.lastRemote.get(this.key(root))?.get(path);
    // The service is at the new base: a local status no longer counts the file as moved there.
    if (adopted && last) this.lastRemote.get(this.key(root))!.set(path, { ...last, state: 'unchanged' });
    return adopted;
  }

  /** The file's base text; in Restricted Mode only what the folder holds (nothing asked, no copy written). */
  async baseText(root: string, path: string, connection: Connection | undefined): Promise<string | undefined> {
    const { connection: c } = await this.matching(root, connection);
    return this.folder(root, c).baseText(path);
  }

  /** A pulled file's text (undefined: missing), bounded and never through a link; else the engine's error. */
  readFile(root: string, path: string): Promise<string | undefined> {
    return readLocal(root, path);
  }

  /** A pulled file replaced whole, never through a link; refused in Restricted Mode. */
  async writeFile(root: string, path: string, text: string): Promise<void> {
    this.requireTrust(l10n.t('write the merge into this folder'));
    await writeLocal(root, path, text);
  }

  /**
   * What a pulled file's language features start from: its base text and, when signed in to the
   * folder's service and workspace, its tokens (a dashboard's data run types its rows). A folder
   * of another service gives no tokens: its state file names nothing the service is then asked for.
   */
  async languageBase(root: string, path: string, connection: Connection | undefined): Promise<LanguageBase | undefined> {
    const state = await this.readState(root).catch(() => undefined);
    const entry = state?.files[path];
    if (!entry) return undefined;
    // In Restricted Mode no tokens either: the dashboard language would ask the service with them.
    const c = connection && this.trusted() ? (await this.matching(root, connection)).connection : undefined;
    // A base copy that cannot be read (nor its revision, signed out) leaves the file without one: no baseline.
    const text = await this.folder(root, c)
      .baseText(path)
      .catch(() => undefined);
    return {
      view: entry.view,
      ...(text !== undefined ? { text } : {}),
      ...(c && entry.tokens ? { tokens: entry.tokens, connection: c } : {}),
    };
  }

  /** The service's current text of a pulled file (a conflict's other side). */
  async latest(connection: Connection, file: FileStatus): Promise<{ text: string; label: string }> {
    const content = await new ResourceReader(() => connection.client).read({
      workspaceId: connection.workspaceId,
      view: file.view,
      id: file.id,
      name: file.name,
    });
    return { text: content.text, label: content.snapshot?.label ?? '' };
  }
}

/** `connection`, if the folder of `state` was pulled from it (or has no state yet); else why not. */
function matchingState(state: FolderState | undefined, connection: Connection): { connection?: Connection; why?: string } {
  if (state && !sameConnection(state.connection, { ...state.connection, baseUrl: connection.baseUrl, workspaceId: connection.workspaceId }))
    return { why: otherService(state) };
  return { connection };
}

function requireClient(connection: Connection | undefined) {
  if (!connection) throw new Error(l10n.t('Sign in to the folder’s service to read from it.'));
  return connection.client;
}

function otherService(state: FolderState): string {
  return l10n.t(
    'this folder holds workspace {0} of {1}; sign in to it (Switch Workspace) to compare and push',
    state.connection.workspaceId,
    state.connection.baseUrl,
  );
}

/**
 * A local-only status with what the last remote status knew: a file the service had moved stays
 * remote (or becomes a conflict once edited here); files new or gone on the service stay listed.
 */
export function withLastRemote(local: readonly FileStatus[], last: ReadonlyMap<string, FileStatus> | undefined): FileStatus[] {
  if (!last) return [...local];
  const out = local.map((f): FileStatus => {
    const before = last.get(f.path);
    // What the folder holds decides these: the service's state does not change them.
    if (!before || f.state === 'deletedLocally' || f.state === 'notRegular' || f.state === 'unreadable') return f;
    const moved = before.state === 'remoteChange' || before.state === 'conflict';
    if (moved) return { ...f, state: f.state === 'localChange' ? 'conflict' : 'remoteChange' };
    if (before.state === 'goneRemote') return { ...f, state: 'goneRemote' };
    return f;
  });
  const known = new Set(local.map((f) => f.path));
  for (const f of last.values()) if (f.state === 'newRemote' && !known.has(f.path)) out.push(f);
  return out;
}

/**
 * What the service holds after a pull, as a remote status: the pull has just read every file it
 * names, so the status after it is local (no second read of each file). A file pulled, kept or
 * added is at the service's state; a conflict or a gone file stays so. A failed file, and the files
 * the pull did not name, keep what the last remote status said.
 */
export function afterPull(last: ReadonlyMap<string, FileStatus> | undefined, report: PullReport): Map<string, FileStatus> {
  const out = new Map(last);
  for (const f of report.files) {
    if (!f.path) continue;
    const state =
      f.outcome === 'conflict' ? 'conflict' : f.outcome === 'goneRemote' ? 'goneRemote' : f.outcome === 'failed' ? undefined : 'unchanged';
    if (state !== undefined)
      out.set(f.path, {
        path: f.path,
        kind: f.kind,
        view: f.view,
        id: f.id,
        name: last?.get(f.path)?.name ?? f.path,
        state,
        remoteChecked: true,
      });
  }
  return out;
}
