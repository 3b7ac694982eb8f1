// A pulled JSON file (a database definition, a fact, a write sync, an app) is checked with the rules
// its push applies: when the editor saves it, and when it is shown or open and holds edits made on
// disk. What a push would refuse then shows at its line before the push, as a `wsa:` file's save shows it. (Its
// `wsa:` document has a JSON schema too, matched by a fixed file pattern; a pattern matching pulled
// folders would match every other project's `databases/*.json` as well.) The disk save is never held
// back: the folder is the user's. Dashboards are checked as they are typed (Dashboard TSX), and an
// operation's handler code is read-only.
import * as vscode from 'vscode';
import { inLayout } from '../folders';
import type { TextProblem } from '../model/saveTypes';
import { isEditable, VIEWS } from '../model/resourcePath';
import { Disposable } from '../util/lifecycle';
import type { FileState, FileStatus, Validate } from './engineAdapter';

export interface PulledChecksDeps {
  /** What a pulled folder's status says of the file (no file read); undefined for any other file. */
  readonly fileOf: (uri: vscode.Uri) => FileStatus | undefined;
  readonly validate: Validate;
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
 * `add`: a file found edited on disk; shown only where nothing is, so that a push's refusal (the
 * service's own words, which no local rule finds again) stays until the next save or push.
 */
type Mode = 'replace' | 'add';

export class PulledChecks extends Disposable {
  /** Per file, the latest check: an older one that ends after it shows nothing. */
  private readonly latest = new Map<string, number>();
  private checks = 0;

  constructor(private readonly deps: PulledChecksDeps) {
    super();
    this._register(vscode.workspace.onDidSaveTextDocument((d) => void this.check(d, 'replace')));
    // A file shown in an editor (again: VS Code keeps a closed editor's document a while, so no open event).
    let shown = new Set<vscode.TextDocument>();
    this._register(
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        const now = new Set(editors.map((e) => e.document));
        for (const document of now) if (!shown.has(document)) void this.check(document, 'add');
        shown = now;
      }),
    );
    this._register(vscode.workspace.onDidCloseTextDocument((d) => this.latest.delete(d.uri.toString())));
  }

  /** The status of these files (all, when none are given) moved or became known: those open and edited on disk are checked. */
  changed(uris?: readonly vscode.Uri[]): void {
    const keys = uris && new Set(uris.map((u) => u.toString()));
    for (const document of vscode.workspace.textDocuments) if (!keys || keys.has(document.uri.toString())) void this.check(document, 'add');
  }

  private async check(document: vscode.TextDocument, mode: Mode): Promise<void> {
    if (document.uri.scheme !== 'file') return;
    const file = this.deps.fileOf(document.uri);
    const spec = file && VIEWS[file.view];
    if (!file || !spec || spec.local || !isEditable(file.view) || !inLayout(file.path, spec.folder, spec.suffix)) return;
    // As pulled, nothing of it is the user's yet (what the service holds is its to judge); unsaved
    // edits are checked by their save.
    if (mode === 'add' && (document.isDirty || !EDITED.has(file.state))) return;
    const key = document.uri.toString();
    const id = ++this.checks;
    this.latest.set(key, id);
    try {
      // Found on disk: the text there, which an open editor may not have caught up with yet.
      const text = mode === 'replace' ? document.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(document.uri));
      const problems = await this.deps.validate(file.view, text);
      if (this.latest.get(key) !== id || document.isClosed) return;
      const show = mode === 'replace' || (problems.length > 0 && this.deps.problems.get(document.uri).length === 0);
      if (show) this.deps.problems.set(document.uri, problems);
      this.deps.log.trace(
        `[Folders] Checked ${file.path}: ${problems.length} problem(s)${show ? '' : ', the last save’s or push’s kept'}.`,
      );
    } catch (e) {
      this.deps.log.warn(`[Folders] Could not check ${file.path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
