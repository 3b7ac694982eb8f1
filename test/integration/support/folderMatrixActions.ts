// Fault-matrix rows for local folders: Push to Service of a pulled folder's edited dashboard (the
// fault on its PUT) and Pull from Service of a dashboard a colleague changed (the fault on its
// source read), each run through its command as a script runs it. Besides the matrix's own checks
// (one PUT per push, a clear message, usable afterwards), each row holds the folder to "no lost
// file": after a failure the local file is byte for byte what it was and its state entry unmoved;
// after a success the file is the pushed or the service's text, and the state entry's hash, tokens
// and base copy are that text's.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { FolderFilesArgs, FolderResult } from '../../../src/localFolders/vscode/folderCommandArgs';
import type { PullReport, PushReport } from '../../../src/localFolders/engine/engineApi';
import { serviceFetch } from '../helpers';
import { esc, serviceJson, type MatrixAction, type MatrixContext, type Observation } from './matrixActions';

interface Source {
  source: string;
  revision: { revisionId: string; sequence: number };
  dataRunId: string;
}

interface Entry {
  id: string;
  hash: string;
  tokens?: { expectedRevision?: { revisionId: string }; expectedDataRunId?: string };
}

const decoder = new TextDecoder();
const read = async (uri: vscode.Uri) => decoder.decode(await vscode.workspace.fs.readFile(uri));
const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
/** The engine's textHash (src/localFolders/engine/folderText.ts): line endings normalised. */
const hashOf = (text: string) => `sha256:${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('hex')}`;
const MARKER = /\n\/\/ folder matrix: .*\n$/;
const marked = (text: string, marker: string) => `${text.replace(MARKER, '\n').replace(/\n?$/, '\n')}// folder matrix: ${marker}\n`;

/** A pulled folder of one dashboard, made in the session's workspace folder with Pull into Folder…. */
class MatrixFolder {
  folder!: vscode.Uri;
  path = '';

  constructor(
    private readonly c: MatrixContext,
    readonly id: string,
  ) {}

  get file(): vscode.Uri {
    return vscode.Uri.joinPath(this.folder, this.path);
  }

  async pullInto(): Promise<void> {
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(workspace, 'the session opens a folder');
    this.folder = vscode.Uri.joinPath(workspace, `matrix-${randomUUID().slice(0, 8)}`);
    const report = await vscode.commands.executeCommand<PullReport>('workspaceAutomation.pullIntoFolder', {
      folder: this.folder,
      ids: [this.id],
    });
    this.path = report.files.find((f) => f.view === 'dashboard' && f.id === this.id && f.outcome === 'added')!.path;
  }

  async entry(): Promise<Entry> {
    const state = JSON.parse(await read(vscode.Uri.joinPath(this.folder, '.wsa', 'state.json'))) as { files: Record<string, Entry> };
    return state.files[this.path]!;
  }

  source(): Promise<Source> {
    return serviceJson<Source>(this.c.emulator, `/v1/dashboards/${this.id}/source`);
  }

  /** The base text the engine keeps for `hash`: a push's copy under `.wsa/base/`, or the pull's pack. */
  async baseText(hash: string): Promise<string | undefined> {
    const copy = await read(vscode.Uri.joinPath(this.folder, '.wsa', 'base', this.path)).catch(() => undefined);
    if (copy !== undefined && hashOf(copy) === hash) return copy;
    const pack = await read(vscode.Uri.joinPath(this.folder, '.wsa', 'bases.json')).catch(() => undefined);
    return pack === undefined ? undefined : (JSON.parse(pack) as { texts: Record<string, string> }).texts[hash];
  }

  /** The file is `text` and so is its base: the state entry's hash and base text, and the tokens the service holds for it. */
  async holdsAsBase(text: string): Promise<boolean> {
    const [local, entry, base, service] = await Promise.all([read(this.file), this.entry(), this.baseText(hashOf(text)), this.source()]);
    return (
      local === text &&
      base === text &&
      entry.hash === hashOf(text) &&
      service.source === text &&
      entry.tokens?.expectedRevision?.revisionId === service.revision.revisionId &&
      entry.tokens.expectedDataRunId === service.dataRunId
    );
  }

  /** What the user was told: the error notification shown since `mark`. */
  told(mark: number): string | undefined {
    return this.c.notifications
      .since(mark)
      .filter((m) => m.level === 'error')
      .at(-1)?.text;
  }

  /** The folder goes with the action: no other suite meets it. */
  async remove(): Promise<void> {
    await vscode.workspace.fs.delete(this.folder, { recursive: true, useTrash: false });
  }
}

/** Push to Service of the folder's edited dashboard; the fault is on its PUT. */
export function pushFolderAction(c: MatrixContext): MatrixAction {
  const f = new MatrixFolder(c, c.ids.dashboardId!);
  const push = async (): Promise<PushReport['files'][number]> => {
    const args: FolderFilesArgs = { folder: f.folder, files: [f.path] };
    const [result] = await vscode.commands.executeCommand<FolderResult<PushReport>[]>('workspaceAutomation.pushFolder', args);
    return result!.report.files[0]!;
  };
  return {
    name: 'push a folder’s dashboard',
    // The file's name: the dashboard's name, or its id where the service lists no names (strict).
    get says() {
      return new RegExp(`Could not push «${esc(f.path.replace(/^.*\//, '').replace(/\.tsx$/, ''))}»`);
    },
    saves: true,
    method: 'PUT',
    get path() {
      return `^/v1/dashboards/${esc(f.id)}/source$`;
    },
    setup: () => f.pullInto(),
    async run(cell): Promise<Observation> {
      const text = marked(await read(f.file), cell.tag);
      await write(f.file, text);
      const before = await f.entry();
      const shown = c.notifications.mark();
      const file = await push();
      if (file.outcome === 'pushed') return { ok: true, readBack: file.confirmedBy === 'readBack', textKept: await f.holdsAsBase(text) };
      // Not pushed: the file byte for byte as typed, and its base where it was.
      const kept = (await read(f.file)) === text && JSON.stringify(await f.entry()) === JSON.stringify(before);
      return { ok: false, message: f.told(shown) ?? `(nothing shown; ${file.outcome})`, textKept: kept };
    },
    async usable(cell) {
      const text = marked(await read(f.file), `${cell.tag} after`);
      await write(f.file, text);
      const file = await push();
      return file.outcome === 'pushed' && (await f.holdsAsBase(text));
    },
    teardown: () => f.remove(),
  };
}

/** Pull from Service of the folder's dashboard, which a colleague changed; the fault is on its source read. */
export function pullFolderAction(c: MatrixContext): MatrixAction {
  const f = new MatrixFolder(c, c.ids.longHistoryDashboardId!);
  /** The colleague saves a change: the folder's next pull has a file to fast-forward. */
  const colleagueEdits = async (marker: string) => {
    const current = await f.source();
    const response = await serviceFetch(c.emulator, `/v1/dashboards/${f.id}/source`, {
      method: 'PUT',
      body: JSON.stringify({
        source: marked(current.source, `colleague ${marker}`),
        expectedRevision: current.revision,
        expectedDataRunId: current.dataRunId,
      }),
    });
    assert.equal(response.status, 200, await response.clone().text());
  };
  const pull = async (): Promise<PullReport['files'][number] | undefined> => {
    const args: FolderFilesArgs = { folder: f.folder, files: [f.path] };
    const [result] = await vscode.commands.executeCommand<FolderResult<PullReport>[]>('workspaceAutomation.pullFolder', args);
    return result!.report.files.find((r) => r.path === f.path);
  };
  return {
    name: 'pull a folder',
    get says() {
      return new RegExp(`^Could not pull ${esc(f.path)}: `);
    },
    // Not a save, but its file must not be lost either: the matrix checks `textKept` for it.
    saves: true,
    method: 'GET',
    get path() {
      return `^/v1/dashboards/${esc(f.id)}/source$`;
    },
    async setup() {
      await f.pullInto();
      await colleagueEdits('setup');
    },
    async run(): Promise<Observation> {
      const before = { text: await read(f.file), entry: JSON.stringify(await f.entry()) };
      const shown = c.notifications.mark();
      const file = await pull();
      if (file?.outcome === 'updated') return { ok: true, textKept: await f.holdsAsBase((await f.source()).source) };
      // Not pulled: the file byte for byte as it was, and its base where it was.
      const kept = (await read(f.file)) === before.text && JSON.stringify(await f.entry()) === before.entry;
      return { ok: false, message: f.told(shown) ?? `(nothing shown; ${file?.outcome ?? 'no outcome'})`, textKept: kept };
    },
    async usable(cell) {
      await colleagueEdits(cell.tag);
      const file = await pull();
      const ok = file?.outcome === 'updated' && (await f.holdsAsBase((await f.source()).source));
      // The next cell's pull has a change to fast-forward.
      await colleagueEdits(`${cell.tag} next`);
      return ok;
    },
    teardown: () => f.remove(),
  };
}
