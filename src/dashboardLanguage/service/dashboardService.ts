// The language features for wsa: dashboards, over one DashboardProject per open dashboard.
// Runs in the worker (src/dashboardLanguage/service/dashboardWorker.ts) and in plain Node for the unit tests and the bench. No vscode.
import * as ts from 'typescript';
import { DashboardProject, runtimeTypesTooLarge, TypeUniverse } from './dashboardProject';
import { REGION_CHECK_LINES } from './dashboardProtocol';
import type * as p from './dashboardProtocol';
import { ShippedTypes } from './typeFiles';

/**
 * Codes that mean "these types are missing or are another version than the service's", never "your
 * code is wrong": the service compiled the code against its own. Silence beats a false error.
 */
export const SILENCED_CODES: ReadonlySet<number> = new Set([
  2307, // Cannot find module
  2792, // Cannot find module (did you mean to set moduleResolution)
  7016, // Could not find a declaration file for module
  2503, // Cannot find namespace 'JSX'
  2602, // JSX element implicitly has type 'any' (no JSX.Element)
  7026, // JSX element implicitly has type 'any' (no JSX.IntrinsicElements)
  2786, // 'X' cannot be used as a JSX component (React version mismatch)
  2607, // JSX element class does not support attributes (no ElementAttributesProperty)
  2875, // This JSX tag requires the module path 'react/jsx-runtime' to exist
  17004, // Cannot use JSX unless the '--jsx' flag is provided
  2686, // 'React' refers to a UMD global
  2347, // Untyped function calls may not accept type arguments (an untyped runtime module)
  6133, // declared but never read (a style choice, not a type error)
  6192, // All imports in import declaration are unused
]);

type RegionCheck = (fileName: string, ranges: ts.TextRange[]) => { diagnostics: ts.Diagnostic[]; spans: ts.TextSpan[] } | undefined;

/**
 * TypeScript's region check (5.6 on): what tsserver answers an editor's visible ranges with. It is
 * left out of the language service's public typings, so it is looked for; without it, the whole
 * file is checked as before.
 */
export function regionCheck(service: ts.LanguageService): RegionCheck | undefined {
  const found = (service as unknown as { getRegionSemanticDiagnostics?: RegionCheck }).getRegionSemanticDiagnostics;
  return typeof found === 'function' ? found.bind(service) : undefined;
}

const severity = (c: ts.DiagnosticCategory): p.TypeDiagnostic['severity'] =>
  c === ts.DiagnosticCategory.Error ? 'error' : c === ts.DiagnosticCategory.Warning ? 'warning' : 'suggestion';

function toDiagnostic(d: ts.Diagnostic): p.TypeDiagnostic {
  return {
    start: d.start ?? 0,
    length: d.length ?? 0,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    code: d.code,
    severity: severity(d.category),
  };
}

/** An error as the user sees it, wherever it moved: code, message and the text it marks. */
function identity(d: ts.Diagnostic): string {
  const marked = d.file && d.start !== undefined ? d.file.text.slice(d.start, d.start + (d.length ?? 0)) : '';
  return `${d.code}|${ts.flattenDiagnosticMessageText(d.messageText, '\n')}|${marked}`;
}

const text = (parts: readonly ts.SymbolDisplayPart[] | undefined): string => ts.displayPartsToString(parts as ts.SymbolDisplayPart[]);

export interface DashboardServiceOptions {
  /** The folder holding the shipped declarations: lib/ and node_modules/ (dist/ts-types in the VSIX). */
  readonly typesDir: string;
}

export class DashboardLanguageService {
  private readonly universe: TypeUniverse;
  private readonly projects = new Map<string, DashboardProject>();
  private readonly serviceTexts = new Map<string, string | undefined>();
  /** Per dashboard, without runtime types: the errors of its service text, which are never reported. */
  private readonly baselines = new Map<string, { text: string; counts: Map<string, number> }>();

  constructor(options: DashboardServiceOptions) {
    this.universe = new TypeUniverse(new ShippedTypes(options.typesDir));
  }

  /**
   * The runtime declarations the service serves; null when it serves none (its modules are untyped).
   * Declarations past the size bound are not used either: the answer says why, for the log.
   */
  configure(runtime: p.RuntimeTypes | null): p.ConfigureResult {
    const tooLarge = runtime ? runtimeTypesTooLarge(runtime.modules) : undefined;
    this.universe.setRuntime(tooLarge ? undefined : runtime?.modules);
    this.baselines.clear();
    return tooLarge ? { untypedBecause: tooLarge } : {};
  }

  update(u: p.DashboardUpdate): void {
    let project = this.projects.get(u.key);
    if (!project) {
      project = new DashboardProject(String(this.projects.size + 1) + '-' + u.key.replace(/[^A-Za-z0-9_-]/g, '_'), this.universe);
      this.projects.set(u.key, project);
    }
    if (u.text !== undefined) project.setText(u.text);
    if (u.serviceText !== undefined) this.serviceTexts.set(u.key, u.serviceText ?? undefined);
    if (u.rowMembers !== undefined) project.setRowMembers(u.rowMembers ?? undefined);
  }

  close(key: string): void {
    this.projects.get(key)?.dispose();
    this.projects.delete(key);
    this.serviceTexts.delete(key);
    this.baselines.delete(key);
  }

  syntaxDiagnostics(key: string): p.TypeDiagnostic[] {
    const project = this.project(key);
    return project.service.getSyntacticDiagnostics(project.path).map(toDiagnostic);
  }

  /**
   * Syntax and type errors. Without the service's runtime types, a text the service gave and the user
   * has not changed reports no type error at all: the service compiled it, so any error is ours. An
   * edited one reports only the errors its service text did not have: the untyped runtime's `any`
   * flows into `unknown` elsewhere, and an error the service's own text has is a false one.
   */
  diagnostics(key: string): p.TypeDiagnostic[] {
    const project = this.project(key);
    const syntax = project.service.getSyntacticDiagnostics(project.path);
    if (syntax.length) return syntax.map(toDiagnostic);
    if (this.compiledAsIs(key, project)) return [];
    return this.reported(key, this.semantic(project));
  }

  /**
   * `diagnostics`, stopped (null) as soon as `cancelled` says so: TypeScript asks between the
   * statements it checks, so a check of a text already typed over ends within milliseconds.
   */
  semanticDiagnostics(key: string, cancelled: () => boolean): p.TypeDiagnostic[] | null {
    return this.cancellable(key, cancelled, () => this.diagnostics(key));
  }

  /**
   * The type errors of the statements that `ranges` touch, ahead of the whole file's, in a file of
   * REGION_CHECK_LINES or more (below that the whole check is quick). The statements checked here
   * are not checked again by the whole file's check that follows, so the two cost what one does.
   */
  regionDiagnostics(key: string, ranges: readonly p.OffsetRange[], cancelled: () => boolean): p.RegionDiagnostics | null {
    return this.cancellable(key, cancelled, (project): p.RegionDiagnostics => {
      const check = regionCheck(project.service);
      const file = project.service.getProgram()?.getSourceFile(project.path);
      if (!check || !file || !ranges.length || file.getLineStarts().length < REGION_CHECK_LINES) return 'whole';
      if (project.service.getSyntacticDiagnostics(project.path).length || this.compiledAsIs(key, project)) return 'whole';
      const region = check(
        project.path,
        ranges.map((r) => ({ pos: r.start, end: r.end })),
      );
      // TypeScript declines when the whole file was checked already, or the ranges cover it.
      if (!region) return 'whole';
      return {
        found: this.reported(
          key,
          region.diagnostics.filter((d) => !SILENCED_CODES.has(d.code)),
        ),
        spans: region.spans.map((s) => ({ start: s.start, end: s.start + s.length })),
      };
    });
  }

  /** Whether the service compiled this very text and gave no types to check it with: no error is reported. */
  private compiledAsIs(key: string, project: DashboardProject): boolean {
    return !this.universe.hasRuntimeTypes && this.serviceTexts.get(key) === project.getText();
  }

  /** The type errors to report: without runtime types, only those the service's own text does not have. */
  private reported(key: string, found: ts.Diagnostic[]): p.TypeDiagnostic[] {
    const serviceText = this.serviceTexts.get(key);
    if (this.universe.hasRuntimeTypes || serviceText === undefined) return found.map(toDiagnostic);
    const known = this.baseline(key, serviceText);
    return found
      .filter((d) => {
        const id = identity(d);
        const left = known.get(id) ?? 0;
        if (left > 0) known.set(id, left - 1);
        return left === 0;
      })
      .map(toDiagnostic);
  }

  private cancellable<T>(key: string, cancelled: () => boolean, check: (project: DashboardProject) => T): T | null {
    const project = this.project(key);
    project.cancelled = cancelled;
    try {
      return check(project);
    } catch (err) {
      if (err instanceof ts.OperationCanceledException) return null;
      throw err;
    } finally {
      project.cancelled = () => false;
    }
  }

  private semantic(project: DashboardProject): ts.Diagnostic[] {
    return project.service.getSemanticDiagnostics(project.path).filter((d) => !SILENCED_CODES.has(d.code));
  }

  /** How many times each error occurs in the service's text (a fresh count for each call). */
  private baseline(key: string, serviceText: string): Map<string, number> {
    let base = this.baselines.get(key);
    if (base?.text !== serviceText) {
      const project = new DashboardProject(`base-${this.projects.get(key)!.path.split('/')[2]}`, this.universe);
      project.setText(serviceText);
      project.sync();
      const counts = new Map<string, number>();
      for (const d of this.semantic(project)) counts.set(identity(d), (counts.get(identity(d)) ?? 0) + 1);
      project.dispose();
      base = { text: serviceText, counts };
      this.baselines.set(key, base);
    }
    return new Map(base.counts);
  }

  completions(key: string, offset: number, trigger?: string): p.CompletionEntry[] {
    const project = this.project(key);
    const info = project.service.getCompletionsAtPosition(project.path, offset, {
      triggerCharacter: trigger as ts.CompletionsTriggerCharacter | undefined,
      includeCompletionsWithInsertText: true,
      includeCompletionsForModuleExports: false,
    });
    return (info?.entries ?? []).map((e) => ({
      name: e.name,
      kind: e.kind,
      ...(e.kindModifiers ? { kindModifiers: e.kindModifiers } : {}),
      sortText: e.sortText,
      ...(e.insertText !== undefined ? { insertText: e.insertText } : {}),
      ...(e.replacementSpan ? { replacement: { start: e.replacementSpan.start, length: e.replacementSpan.length } } : {}),
      ...(e.source !== undefined ? { source: e.source } : {}),
      ...(e.data !== undefined ? { data: e.data } : {}),
    }));
  }

  completionDetails(key: string, offset: number, entry: p.CompletionEntry): p.CompletionDetails | undefined {
    const project = this.project(key);
    const d = project.service.getCompletionEntryDetails(
      project.path,
      offset,
      entry.name,
      undefined,
      entry.source,
      undefined,
      entry.data as ts.CompletionEntryData | undefined,
    );
    return d ? { detail: text(d.displayParts), documentation: text(d.documentation) } : undefined;
  }

  hover(key: string, offset: number): p.HoverInfo | undefined {
    const project = this.project(key);
    const q = project.service.getQuickInfoAtPosition(project.path, offset);
    if (!q) return undefined;
    return { start: q.textSpan.start, length: q.textSpan.length, display: text(q.displayParts), documentation: text(q.documentation) };
  }

  signatureHelp(key: string, offset: number): p.SignatureInfo | undefined {
    const project = this.project(key);
    const help = project.service.getSignatureHelpItems(project.path, offset, undefined);
    if (!help) return undefined;
    const signatures = help.items.map((item) => {
      let label = text(item.prefixDisplayParts);
      const parameters = item.parameters.map((param, i) => {
        if (i > 0) label += text(item.separatorDisplayParts);
        const start = label.length;
        label += text(param.displayParts);
        return { start, end: label.length, documentation: text(param.documentation) };
      });
      label += text(item.suffixDisplayParts);
      return { label, documentation: text(item.documentation), parameters };
    });
    return { signatures, activeSignature: help.selectedItemIndex, activeParameter: help.argumentIndex };
  }

  highlights(key: string, offset: number): p.Highlight[] {
    const project = this.project(key);
    const found = project.service.getDocumentHighlights(project.path, offset, [project.path]) ?? [];
    return found.flatMap((f) =>
      f.highlightSpans.map((s) => ({
        start: s.textSpan.start,
        length: s.textSpan.length,
        write: s.kind === ts.HighlightSpanKind.writtenReference,
      })),
    );
  }

  definition(key: string, offset: number): p.DefinitionTarget[] {
    const project = this.project(key);
    const program = project.service.getProgram();
    const defs = project.service.getDefinitionAtPosition(project.path, offset) ?? [];
    return defs.flatMap((d) => {
      const file = program?.getSourceFile(d.fileName);
      if (!file) return [];
      const range = lineRange(file, d.textSpan.start, d.textSpan.start + d.textSpan.length);
      return d.fileName === project.path ? [{ range }] : [{ path: d.fileName, range }];
    });
  }

  /** The text of a declaration file a definition points into (read-only: nothing writes it). */
  declarationText(path: string): string | undefined {
    for (const project of this.projects.values()) {
      const found = project.read(path);
      if (found !== undefined) return found;
    }
    return this.universe.read(path);
  }

  symbols(key: string): p.SymbolInfo[] {
    const project = this.project(key);
    const file = project.service.getProgram()?.getSourceFile(project.path);
    if (!file) return [];
    const convert = (n: ts.NavigationTree): p.SymbolInfo => {
      const span = n.spans[0] ?? { start: 0, length: 0 };
      const sel = n.nameSpan ?? span;
      return {
        name: n.text,
        kind: n.kind,
        range: lineRange(file, span.start, span.start + span.length),
        selection: lineRange(file, sel.start, sel.start + sel.length),
        children: (n.childItems ?? []).map(convert),
      };
    };
    return (project.service.getNavigationTree(project.path).childItems ?? []).map(convert);
  }

  folding(key: string): p.FoldingInfo[] {
    const project = this.project(key);
    const file = project.service.getProgram()?.getSourceFile(project.path);
    if (!file) return [];
    return project.service.getOutliningSpans(project.path).map((s) => ({
      startLine: file.getLineAndCharacterOfPosition(s.textSpan.start).line,
      endLine: file.getLineAndCharacterOfPosition(s.textSpan.start + s.textSpan.length).line,
      kind: s.kind,
    }));
  }

  /** TypeScript's own formatting (its defaults, as VS Code's TypeScript has them) in the editor's indentation. */
  format(key: string, options: p.FormatOptions, range?: p.OffsetRange): p.FormatEdit[] {
    const project = this.project(key);
    const settings: ts.FormatCodeSettings = {
      ...ts.getDefaultFormatCodeSettings(options.newLine),
      tabSize: options.tabSize,
      indentSize: options.tabSize,
      convertTabsToSpaces: options.insertSpaces,
    };
    const edits = range
      ? project.service.getFormattingEditsForRange(project.path, range.start, range.end, settings)
      : project.service.getFormattingEditsForDocument(project.path, settings);
    return edits.map((e) => ({ start: e.span.start, length: e.span.length, newText: e.newText }));
  }

  dispose(): void {
    for (const key of [...this.projects.keys()]) this.close(key);
  }

  private project(key: string): DashboardProject {
    const project = this.projects.get(key);
    if (!project) throw new Error(`No dashboard ${key} is open in the language service`);
    project.sync();
    return project;
  }
}

function lineRange(file: ts.SourceFile, start: number, end: number): p.LineRange {
  return { start: file.getLineAndCharacterOfPosition(start), end: file.getLineAndCharacterOfPosition(end) };
}
