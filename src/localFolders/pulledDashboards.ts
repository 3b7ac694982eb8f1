// A pulled dashboard opens as Dashboard TSX and is checked against its base as its `wsa:` document
// is. As TypeScript React (its `.tsx` name), VS Code's TypeScript would report the runtime's imports
// and every JSX element as errors: the folder holds no types. Asked when a local `.tsx` opens and
// when a folder's bases move (a pull, a push, a merge), for the open files only.
import * as vscode from 'vscode';
import type { DashboardBase } from '../languages/dashboard/dashboardDocuments';
import { VIEWS } from '../model/resourcePath';
import { Disposable } from '../util/lifecycle';
import type { LanguageBase } from './engineAdapter';

export interface PulledDashboardsDeps {
  /** Whether a pulled folder's status names the file as a dashboard (no file read). */
  readonly isDashboard: (uri: vscode.Uri) => boolean;
  /** The base of a file of a pulled folder; undefined for a file no pulled folder names. */
  readonly baseOf: (uri: vscode.Uri) => Promise<LanguageBase | undefined>;
  /** Gives the document the dashboard language at once, and the base when read (or a new base, when it has it). */
  readonly adopt: (document: vscode.TextDocument, base: Promise<DashboardBase>) => void;
}

/** The languages a pulled dashboard's document can have: VS Code's for its name, and ours. */
const CANDIDATE_LANGUAGES: ReadonlySet<string> = new Set(['typescriptreact', VIEWS.dashboard.language]);

export class PulledDashboards extends Disposable {
  constructor(private readonly deps: PulledDashboardsDeps) {
    super();
    // Once: the Dashboard TSX document that the language change opens has its base already.
    this._register(vscode.workspace.onDidOpenTextDocument((d) => d.languageId === 'typescriptreact' && this.consider(d)));
  }

  /** The bases of these files (all files when none are given) may have moved or become known. */
  changed(uris?: readonly vscode.Uri[]): void {
    const keys = uris && new Set(uris.map((u) => u.toString()));
    for (const document of vscode.workspace.textDocuments) if (!keys || keys.has(document.uri.toString())) this.consider(document);
  }

  private consider(document: vscode.TextDocument): void {
    if (document.uri.scheme !== 'file' || !CANDIDATE_LANGUAGES.has(document.languageId) || !this.deps.isDashboard(document.uri)) return;
    const base = this.deps.baseOf(document.uri).then(
      (b): DashboardBase => ({
        ...(b?.text !== undefined ? { text: b.text } : {}),
        ...(b?.tokens ? { tokens: b.tokens } : {}),
        ...(b?.connection ? { connection: b.connection } : {}),
      }),
      // Unreadable: checked without a base, as a dashboard the service has not compiled.
      (): DashboardBase => ({}),
    );
    this.deps.adopt(document, base);
  }
}
