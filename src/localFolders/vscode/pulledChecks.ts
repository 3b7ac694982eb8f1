// A pulled JSON file (a database definition, a fact, a write sync, an app) is checked with the rules
// its push applies: when the editor saves it, and when it is shown or open holding edits made on
// disk. What a push would refuse then shows at its line before the push, as a `wsa:` file's save
// shows it. (Its `wsa:` document has a JSON schema too, matched by a fixed file pattern; a pattern
// matching pulled folders would match every other project's `databases/*.json` as well.) The disk
// save is never held back: the folder is the user's. Dashboards are checked as they are typed
// (Dashboard TSX), and an operation's handler code is read-only.
import * as vscode from 'vscode';
import type { TextProblem } from '../../documents/model/saveTypes';
import { isEditable, VIEWS } from '../../kinds/resourcePath';
import { Disposable } from '../../util/lifecycle';
import type { FileState, FileStatus, Validate } from './engineAdapter';

export interface PulledChecksDeps {
  /** What a pulled folder's status says of the file where a pull writes it (no file read); undefined for any other file. */
  readonly fileOf: (uri: vscode.Uri) => FileStatus | undefined;
  readonly validate: Validate;
  /** The file's text on disk, with the engine's rules (bounded, never through a link); undefined when missing. */
  readonly read: (uri: vscode.Uri) => Promise<string | undefined>;
  /** The save diagnostics, which also hold what the last push found. */
  readonly problems: {
    set(uri: vscode.Uri, problems: readonly TextProblem[]): void;
    get(uri: vscode.Uri): readonly vscode.Diagnostic[];
  };
  readonly log: vscode.LogOutputChannel;
}

/** The states in which the file on disk holds edits of the user's. */
const EDITED: ReadonlySet<FileState> = new Set(['localChange', 'conflict']);

/**
 * `replace`: a save's check, whose problems replace what was shown (an empty list clears it).
 * `disk`: a file found edited on disk. Its problems replace only what an earlier check of the disk
 * showed, or nothing: a push's refusal (the service's own words, which no local rule finds again)
 * and a save's problems stay until the next save or push.
 */
type Mode = 'replace' | 'disk';

export class PulledChecks extends Disposable {
  /** Per file, the latest check: an older one that ends after it shows nothing. */
  private readonly latest = new Map<string, number>();
  /** Per file, what a check of the disk last showed, as `shownNow` words it. */
  private readonly fromDisk = new Map<string, string>();
  private checks = 0;

  constructor(private readonly deps: PulledChecksDeps) {
    super();
    this._register(vscode.workspace.onDidSaveTextDocument((d) => void this.check(d, 'replace')));
    // A file shown in an editor (again: VS Code keeps a closed editor's document a while, so no open event).
    let shown = new Set<vscode.TextDocument>();
    this._register(
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        const now = new Set(editors.map((e) => e.document));
        for (const document of now) if (!shown.has(document)) void this.check(document, 'disk');
        shown = now;
      }),
    );
    // An open file that took a new text without becoming dirty: it was reloaded from the disk.
    this._register(
      vscode.workspace.onDidChangeTextDocument(
        (e) => e.contentChanges.length > 0 && !e.document.isDirty && void this.check(e.document, 'disk'),
      ),
    );
    this._register(
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.latest.delete(d.uri.toString());
        this.fromDisk.delete(d.uri.toString());
      }),
    );
  }

  /** The status of these files (all, when none are given) moved or became known: the open ones are checked on disk. */
  changed(uris?: readonly vscode.Uri[]): void {
    const keys = uris && new Set(uris.map((u) => u.toString()));
    for (const document of vscode.workspace.textDocuments)
      if (!keys || keys.has(document.uri.toString())) void this.check(document, 'disk');
  }

  private async check(document: vscode.TextDocument, mode: Mode): Promise<void> {
    const file = this.deps.fileOf(document.uri);
    // Dashboards are checked as they are typed (their local language), handler code is read-only.
    if (!file || VIEWS[file.view].local || !isEditable(file.view)) return;
    // Unsaved edits are checked by their save.
    if (mode === 'disk' && document.isDirty) return;
    const key = document.uri.toString();
    const id = ++this.checks;
    this.latest.set(key, id);
    // As pulled (or back to its base), nothing of it is the user's: what the service holds is its to judge.
    if (mode === 'disk' && !EDITED.has(file.state)) {
      if (this.fromDisk.has(key) && this.fromDisk.get(key) === this.shownNow(document.uri)) this.show(document.uri, [], mode);
      return;
    }
    try {
      // Found on disk: the text there, which an open editor may not have caught up with yet.
      const text = mode === 'replace' ? document.getText() : await this.deps.read(document.uri);
      if (text === undefined) return;
      const problems = await this.deps.validate(file.view, text);
      if (this.latest.get(key) !== id || document.isClosed) return;
      const shown = this.shownNow(document.uri);
      const show = mode === 'replace' || shown === '' || this.fromDisk.get(key) === shown;
      if (show) this.show(document.uri, problems, mode);
      this.deps.log.trace(
        `[Folders] Checked ${file.path}: ${problems.length} problem(s)${show ? '' : ', the last save’s or push’s kept'}.`,
      );
    } catch (e) {
      this.deps.log.warn(`[Folders] Could not check ${file.path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private show(uri: vscode.Uri, problems: readonly TextProblem[], mode: Mode): void {
    this.deps.problems.set(uri, problems);
    if (mode === 'disk') this.fromDisk.set(uri.toString(), this.shownNow(uri));
    else this.fromDisk.delete(uri.toString());
  }

  /** What Problems shows for the file, as one string (empty: nothing). */
  private shownNow(uri: vscode.Uri): string {
    return this.deps.problems
      .get(uri)
      .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`)
      .join('\n');
  }
}
