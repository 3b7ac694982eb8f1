// What the last save of a document found, as diagnostics at their places: errors that refused it
// (local, or the service's refusal), and warnings and information that did not.
//
// They stay until the next save attempt replaces them (a successful save leaves its warnings) and
// go when the document closes. Clearing them on the first keystroke would drop the explanation
// while the user is still fixing it — and a service refusal has no live checker to show it again.
import * as vscode from 'vscode';
import type { ProblemSeverity, TextProblem } from '../model/saveTypes';
import { Disposable } from '../../util/lifecycle';

export const DIAGNOSTIC_SOURCE = 'Workspace Automation';

export class SaveDiagnostics extends Disposable implements vscode.Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE));

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    this._register(vscode.workspace.onDidCloseTextDocument((document) => this.collection.delete(document.uri)));
  }

  /** Replaces the document's problems; an empty list clears them. */
  set(uri: vscode.Uri, problems: readonly TextProblem[]): void {
    if (problems.length === 0) {
      this.clear(uri);
      return;
    }
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    this.collection.set(
      uri,
      problems.map((p) => toDiagnostic(p, document)),
    );
    const first = problems[0]!;
    this.log.info(`[Validation] ${uri.path}: ${problems.length} problem(s), first at ${first.line}:${first.column} — ${first.message}`);
  }

  clear(uri: vscode.Uri): void {
    if (this.collection.has(uri)) this.collection.delete(uri);
  }

  /** The problems shown for `uri` (for tests and the conflict flow). */
  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection.get(uri) ?? [];
  }
}

const SEVERITIES: Record<ProblemSeverity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

function toDiagnostic(problem: TextProblem, document: vscode.TextDocument | undefined): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(
    rangeOf(problem, document),
    problem.message,
    SEVERITIES[problem.severity] ?? vscode.DiagnosticSeverity.Error,
  );
  diagnostic.source = problem.source === 'service' ? `${DIAGNOSTIC_SOURCE} (service)` : DIAGNOSTIC_SOURCE;
  return diagnostic;
}

/** 1-based problem positions to a range; without an end, the word (or character) at the start. */
function rangeOf(problem: TextProblem, document: vscode.TextDocument | undefined): vscode.Range {
  const start = new vscode.Position(Math.max(0, problem.line - 1), Math.max(0, problem.column - 1));
  if (problem.endLine !== undefined && problem.endColumn !== undefined) {
    const end = new vscode.Position(Math.max(0, problem.endLine - 1), Math.max(0, problem.endColumn - 1));
    const range = new vscode.Range(start, end);
    return document ? document.validateRange(range) : range;
  }
  if (!document) return new vscode.Range(start, start.translate(0, 1));
  const position = document.validatePosition(start);
  const word = document.getWordRangeAtPosition(position);
  if (word) return word;
  const lineEnd = document.lineAt(position.line).range.end;
  // A point past the end of a line (an unexpected end of input) marks the line's last character.
  return position.isEqual(lineEnd)
    ? new vscode.Range(position.translate(0, -Math.min(1, position.character)), position)
    : new vscode.Range(position, position.translate(0, 1));
}
