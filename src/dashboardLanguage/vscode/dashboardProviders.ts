// The VS Code providers of the dashboard language: each asks the worker (offsets into the text)
// and converts the answer. The built-in TypeScript features do not act on the `wsa-dashboard`
// language, so nothing is shown twice.
import * as vscode from 'vscode';
import { resolvedPath } from '../../documents/api';
import { FILE_SCHEME, REVISION_SCHEME } from '../../kinds/resourcePath';
import type { CompletionEntry, LineRange } from '../service/dashboardProtocol';
import { TYPE_ROOTS } from '../service/typeFiles';
import { codeBlock, escapeMarkdown } from '../../util/markdown';
import type { DashboardWorkerClient } from '../service/workerClient';
import type { DashboardDocuments } from './dashboardDocuments';

export const TYPES_SCHEME = 'wsa-types';

const range = (r: LineRange) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

const KIND: Record<string, vscode.CompletionItemKind> = {
  keyword: vscode.CompletionItemKind.Keyword,
  module: vscode.CompletionItemKind.Module,
  class: vscode.CompletionItemKind.Class,
  interface: vscode.CompletionItemKind.Interface,
  type: vscode.CompletionItemKind.TypeParameter,
  enum: vscode.CompletionItemKind.Enum,
  var: vscode.CompletionItemKind.Variable,
  'local var': vscode.CompletionItemKind.Variable,
  let: vscode.CompletionItemKind.Variable,
  const: vscode.CompletionItemKind.Constant,
  function: vscode.CompletionItemKind.Function,
  'local function': vscode.CompletionItemKind.Function,
  method: vscode.CompletionItemKind.Method,
  property: vscode.CompletionItemKind.Field,
  getter: vscode.CompletionItemKind.Property,
  setter: vscode.CompletionItemKind.Property,
  alias: vscode.CompletionItemKind.Reference,
  parameter: vscode.CompletionItemKind.Variable,
  string: vscode.CompletionItemKind.Constant,
};

const SYMBOL: Record<string, vscode.SymbolKind> = {
  function: vscode.SymbolKind.Function,
  'local function': vscode.SymbolKind.Function,
  class: vscode.SymbolKind.Class,
  interface: vscode.SymbolKind.Interface,
  type: vscode.SymbolKind.TypeParameter,
  enum: vscode.SymbolKind.Enum,
  const: vscode.SymbolKind.Constant,
  let: vscode.SymbolKind.Variable,
  var: vscode.SymbolKind.Variable,
  property: vscode.SymbolKind.Property,
  method: vscode.SymbolKind.Method,
  module: vscode.SymbolKind.Module,
};

class DashboardCompletionItem extends vscode.CompletionItem {
  constructor(
    readonly entry: CompletionEntry,
    readonly key: string,
    readonly offset: number,
    document: vscode.TextDocument,
  ) {
    super(entry.name, KIND[entry.kind] ?? vscode.CompletionItemKind.Text);
    this.sortText = entry.sortText;
    if (entry.insertText !== undefined) this.insertText = entry.insertText;
    if (entry.replacement) {
      this.range = new vscode.Range(
        document.positionAt(entry.replacement.start),
        document.positionAt(entry.replacement.start + entry.replacement.length),
      );
    }
    if (entry.kindModifiers?.includes('deprecated')) this.tags = [vscode.CompletionItemTag.Deprecated];
  }
}

/** Registers every provider for the `wsa-dashboard` language and the read-only `wsa-types:` documents. */
export function registerDashboardProviders(
  worker: DashboardWorkerClient,
  documents: DashboardDocuments,
  language: string,
): vscode.Disposable[] {
  // The documents of the extension's own file systems, and local files the pulled folders name as
  // dashboards (`documents.sync` answers only for those): anything can be given the language (a
  // user's choice, another extension, a path that happens to match the manifest's file name
  // patterns), and such text is neither the service's nor a reason to start the worker or ask the service.
  const selector: vscode.DocumentSelector = [FILE_SCHEME, REVISION_SCHEME, 'file'].map((scheme) => ({ language, scheme }));
  const at = async (document: vscode.TextDocument, position: vscode.Position) => {
    const key = await documents.sync(document);
    return key === undefined ? undefined : { key, offset: document.offsetAt(position) };
  };

  const completions: vscode.CompletionItemProvider<DashboardCompletionItem> = {
    async provideCompletionItems(document, position, _token, context) {
      const where = await at(document, position);
      if (!where) return [];
      const { key, offset } = where;
      const entries = await worker.request('completions', {
        key,
        offset,
        ...(context.triggerCharacter ? { trigger: context.triggerCharacter } : {}),
      });
      return entries.map((e) => new DashboardCompletionItem(e, key, offset, document));
    },
    async resolveCompletionItem(item) {
      const details = await worker.request('completionDetails', { key: item.key, offset: item.offset, entry: item.entry });
      if (details) {
        item.detail = details.detail;
        // The docs of served declarations are the service's text: a plain string is shown as text.
        if (details.documentation) item.documentation = details.documentation;
      }
      return item;
    },
  };

  const hover: vscode.HoverProvider = {
    async provideHover(document, position) {
      const where = await at(document, position);
      const info = where && (await worker.request('hover', where));
      if (!info) return undefined;
      // Served declarations' text: in a code block it cannot close, their docs escaped as text.
      const contents = new vscode.MarkdownString(codeBlock(info.display, 'typescript'));
      if (info.documentation) contents.appendMarkdown(`\n\n${escapeMarkdown(info.documentation)}`);
      return new vscode.Hover(contents, new vscode.Range(document.positionAt(info.start), document.positionAt(info.start + info.length)));
    },
  };

  const signatures: vscode.SignatureHelpProvider = {
    async provideSignatureHelp(document, position) {
      const where = await at(document, position);
      const help = where && (await worker.request('signatureHelp', where));
      if (!help) return undefined;
      const result = new vscode.SignatureHelp();
      result.signatures = help.signatures.map((s) => {
        const sig = new vscode.SignatureInformation(s.label, s.documentation || undefined);
        sig.parameters = s.parameters.map((p) => new vscode.ParameterInformation([p.start, p.end], p.documentation || undefined));
        return sig;
      });
      result.activeSignature = help.activeSignature;
      result.activeParameter = help.activeParameter;
      return result;
    },
  };

  const highlights: vscode.DocumentHighlightProvider = {
    async provideDocumentHighlights(document, position) {
      const where = await at(document, position);
      const found = where ? await worker.request('highlights', where) : [];
      return found.map(
        (h) =>
          new vscode.DocumentHighlight(
            new vscode.Range(document.positionAt(h.start), document.positionAt(h.start + h.length)),
            h.write ? vscode.DocumentHighlightKind.Write : vscode.DocumentHighlightKind.Read,
          ),
      );
    },
  };

  const definitions: vscode.DefinitionProvider = {
    async provideDefinition(document, position) {
      const where = await at(document, position);
      const targets = where ? await worker.request('definition', where) : [];
      return targets.map(
        (t) => new vscode.Location(t.path ? vscode.Uri.from({ scheme: TYPES_SCHEME, path: t.path }) : document.uri, range(t.range)),
      );
    },
  };

  const declarations: vscode.TextDocumentContentProvider = {
    async provideTextDocumentContent(uri) {
      // Resolved and confined to the virtual tree before the worker sees it (a FileSystemError if not).
      const path = resolvedPath(uri, TYPE_ROOTS);
      return (await worker.request('declarationText', { path })) ?? '';
    },
  };

  const symbols: vscode.DocumentSymbolProvider = {
    async provideDocumentSymbols(document) {
      const convert = (s: Awaited<ReturnType<typeof worker.request<'symbols'>>>[number]): vscode.DocumentSymbol => {
        const symbol = new vscode.DocumentSymbol(
          s.name,
          '',
          SYMBOL[s.kind] ?? vscode.SymbolKind.Variable,
          range(s.range),
          range(s.selection),
        );
        symbol.children = s.children.map(convert);
        return symbol;
      };
      const key = await documents.sync(document);
      return key === undefined ? [] : (await worker.request('symbols', { key })).map(convert);
    },
  };

  const folding: vscode.FoldingRangeProvider = {
    async provideFoldingRanges(document) {
      const key = await documents.sync(document);
      const found = key === undefined ? [] : await worker.request('folding', { key });
      return found
        .filter((f) => f.endLine > f.startLine)
        .map(
          (f) =>
            new vscode.FoldingRange(
              f.startLine,
              f.endLine,
              f.kind === 'comment' ? vscode.FoldingRangeKind.Comment : f.kind === 'imports' ? vscode.FoldingRangeKind.Imports : undefined,
            ),
        );
    },
  };

  const format = async (document: vscode.TextDocument, options: vscode.FormattingOptions, range?: vscode.Range) => {
    const key = await documents.sync(document);
    if (key === undefined) return [];
    const edits = await worker.request('format', {
      key,
      options: {
        tabSize: options.tabSize,
        insertSpaces: options.insertSpaces,
        newLine: document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n',
      },
      ...(range ? { range: { start: document.offsetAt(range.start), end: document.offsetAt(range.end) } } : {}),
    });
    return edits.map(
      (e) => new vscode.TextEdit(new vscode.Range(document.positionAt(e.start), document.positionAt(e.start + e.length)), e.newText),
    );
  };
  const formatting: vscode.DocumentFormattingEditProvider & vscode.DocumentRangeFormattingEditProvider = {
    provideDocumentFormattingEdits: (document, options) => format(document, options),
    provideDocumentRangeFormattingEdits: (document, range, options) => format(document, options, range),
  };

  return [
    vscode.languages.registerCompletionItemProvider(selector, completions, '.', '"', "'", '`', '/', '<'),
    vscode.languages.registerHoverProvider(selector, hover),
    vscode.languages.registerSignatureHelpProvider(selector, signatures, '(', ','),
    vscode.languages.registerDocumentHighlightProvider(selector, highlights),
    vscode.languages.registerDefinitionProvider(selector, definitions),
    vscode.languages.registerDocumentSymbolProvider(selector, symbols),
    vscode.languages.registerFoldingRangeProvider(selector, folding),
    vscode.languages.registerDocumentFormattingEditProvider(selector, formatting),
    vscode.languages.registerDocumentRangeFormattingEditProvider(selector, formatting),
    vscode.workspace.registerTextDocumentContentProvider(TYPES_SCHEME, declarations),
  ];
}
