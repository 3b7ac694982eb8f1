// A pulled file opens in its view's local language (the kinds registry's `local`) instead of the one
// VS Code gives its suffix, whose checks would report errors the service's text does not have: the
// folder holds no types. A dashboard becomes Dashboard TSX and is checked against its base as its
// `wsa:` document is (as TypeScript React, its runtime's imports and every JSX element were errors);
// an operation's handler code, which the service generates untyped, is coloured as TypeScript and
// not checked. Asked when such a file opens and when a folder's bases move (a pull, a push, a
// merge), for the open files only.
import * as vscode from 'vscode';
import { DASHBOARD_LANGUAGE, type DashboardBase } from '../../dashboardLanguage/api';
import { VIEWS, type FileView } from '../../kinds/resourcePath';
import { Disposable } from '../../util/lifecycle';
import type { LanguageBase } from './engineAdapter';

export interface PulledLanguagesDeps {
  /** The view a pulled folder's status names the file with, where a pull writes it (no file read); undefined for any other file. */
  readonly fileOf: (uri: vscode.Uri) => { readonly view: FileView } | undefined;
  /** The base of a file of a pulled folder; undefined for a file no pulled folder names. */
  readonly baseOf: (uri: vscode.Uri) => Promise<LanguageBase | undefined>;
  /** Gives the document the dashboard language at once, and the base when read (or a new base, when it has it). */
  readonly adoptDashboard: (document: vscode.TextDocument, base: Promise<DashboardBase>) => void;
}

/** The languages VS Code opens a pulled file in that one of our languages takes over. */
const FROM: ReadonlySet<string> = new Set(Object.values(VIEWS).flatMap((v) => (v.local ? [v.local.from] : [])));

export class PulledLanguages extends Disposable {
  constructor(private readonly deps: PulledLanguagesDeps) {
    super();
    // Once: the document that the language change opens has its base already.
    this._register(vscode.workspace.onDidOpenTextDocument((d) => FROM.has(d.languageId) && this.consider(d)));
  }

  /** The bases of these files (all files when none are given) may have moved or become known. */
  changed(uris?: readonly vscode.Uri[]): void {
    const keys = uris && new Set(uris.map((u) => u.toString()));
    for (const document of vscode.workspace.textDocuments) if (!keys || keys.has(document.uri.toString())) this.consider(document);
  }

  private consider(document: vscode.TextDocument): void {
    const file = this.deps.fileOf(document.uri);
    const local = file && VIEWS[file.view].local;
    if (!file || !local) return;
    if (document.languageId !== local.from && document.languageId !== local.language) return;
    // Moved at once, before VS Code's TypeScript asks for the file's errors (which it then reports
    // after the file has left it); a dashboard's base follows (unreadable: checked without one, as a
    // dashboard the service has not compiled).
    if (local.language === DASHBOARD_LANGUAGE)
      this.deps.adoptDashboard(
        document,
        this.deps.baseOf(document.uri).then(
          (b) => b ?? {},
          () => ({}),
        ),
      );
    else if (document.languageId === local.from)
      // Closed while its language changes: nothing to move, nothing to report.
      vscode.languages.setTextDocumentLanguage(document, local.language).then(undefined, () => undefined);
  }
}
