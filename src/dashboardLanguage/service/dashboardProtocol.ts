// The plain-data results of the dashboard language service, shared by the worker and the VS Code
// adapter (they cross a worker_threads boundary, so: JSON only). Offsets are into the dashboard text.

export interface TypeDiagnostic {
  readonly start: number;
  readonly length: number;
  readonly message: string;
  readonly code: number;
  readonly severity: 'error' | 'warning' | 'suggestion';
}

export interface CompletionEntry {
  readonly name: string;
  readonly kind: string;
  readonly kindModifiers?: string;
  readonly sortText: string;
  readonly insertText?: string;
  readonly replacement?: { readonly start: number; readonly length: number };
  readonly source?: string;
  readonly data?: unknown;
}

export interface CompletionDetails {
  readonly detail: string;
  readonly documentation: string;
}

export interface HoverInfo {
  readonly start: number;
  readonly length: number;
  /** The signature, as TypeScript prints it ("const n: number"). */
  readonly display: string;
  readonly documentation: string;
}

export interface SignatureInfo {
  readonly signatures: { label: string; documentation: string; parameters: { start: number; end: number; documentation: string }[] }[];
  readonly activeSignature: number;
  readonly activeParameter: number;
}

export interface Highlight {
  readonly start: number;
  readonly length: number;
  readonly write: boolean;
}

export interface LineRange {
  readonly start: { line: number; character: number };
  readonly end: { line: number; character: number };
}

/** A definition: in the dashboard itself (`path` undefined) or in a read-only declaration file. */
export interface DefinitionTarget {
  readonly path?: string;
  readonly range: LineRange;
}

export interface SymbolInfo {
  readonly name: string;
  readonly kind: string;
  readonly range: LineRange;
  readonly selection: LineRange;
  readonly children: SymbolInfo[];
}

export interface FoldingInfo {
  readonly startLine: number;
  readonly endLine: number;
  readonly kind: string;
}

/** From this many lines on, the type errors an editor shows are checked first (the built-in TypeScript's threshold). */
export const REGION_CHECK_LINES = 500;

/** A stretch of the dashboard text, by offsets (the part of it an editor shows). */
export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

/**
 * The type errors of the statements an editor shows (`spans`: what was checked), as the built-in
 * TypeScript reports a large file's visible region before the rest of it. `'whole'`: no region
 * check for this text (a small file, a syntax error, a text the service compiled); the whole
 * file's check answers at once.
 */
export type RegionDiagnostics = { readonly found: TypeDiagnostic[]; readonly spans: readonly OffsetRange[] } | 'whole';

/** What the adapter tells the worker about one dashboard. */
export interface DashboardUpdate {
  readonly key: string;
  readonly text?: string;
  /** The text as the service last gave it: while the document equals it, it was compiled there. */
  readonly serviceText?: string | null;
  /** The data run's row members, or null when the service gives no columns. */
  readonly rowMembers?: string | null;
}

export interface RuntimeTypes {
  readonly modules: readonly { readonly name: string; readonly declarations: string }[];
}

/** Why the runtime stays untyped although declarations were served (they are too large). */
export interface ConfigureResult {
  readonly untypedBecause?: string;
}

/**
 * What a cancellable check was asked for (the client fills it in): the document's text version and
 * the interrupt count when posted. The client bumps both in memory the worker shares, so a check
 * whose text changed, or that a completion or hover is waiting behind, stops instead of finishing.
 */
export interface Freshness {
  readonly slot?: number;
  readonly version?: number;
  readonly interrupts?: number;
}

/** Shared Int32 cells: [0] interrupts, [1..] a text version per document slot. */
export const FRESHNESS_SLOTS = 256;

/** How the editor indents and ends lines: a format keeps to them. */
export interface FormatOptions {
  readonly tabSize: number;
  readonly insertSpaces: boolean;
  readonly newLine: '\n' | '\r\n';
}

/** One edit of a format: replace `length` characters at `start`. */
export interface FormatEdit {
  readonly start: number;
  readonly length: number;
  readonly newText: string;
}

/** The requests the worker answers, by method name: params and result. */
export interface WorkerMethods {
  configure: [{ runtime: RuntimeTypes | null }, ConfigureResult];
  update: [DashboardUpdate, void];
  close: [{ key: string }, void];
  diagnostics: [{ key: string }, TypeDiagnostic[]];
  syntaxDiagnostics: [{ key: string } & Freshness, TypeDiagnostic[] | null];
  /** Syntax and type errors as `diagnostics`, or null when the text changed (or the user asked for something) meanwhile. */
  semanticDiagnostics: [{ key: string } & Freshness, TypeDiagnostic[] | null];
  /** The errors in `ranges` first (see RegionDiagnostics), or null when stale as `semanticDiagnostics`. */
  regionDiagnostics: [{ key: string; ranges: readonly OffsetRange[] } & Freshness, RegionDiagnostics | null];
  completions: [{ key: string; offset: number; trigger?: string }, CompletionEntry[]];
  completionDetails: [{ key: string; offset: number; entry: CompletionEntry }, CompletionDetails | undefined];
  hover: [{ key: string; offset: number }, HoverInfo | undefined];
  signatureHelp: [{ key: string; offset: number }, SignatureInfo | undefined];
  highlights: [{ key: string; offset: number }, Highlight[]];
  definition: [{ key: string; offset: number }, DefinitionTarget[]];
  declarationText: [{ path: string }, string | undefined];
  symbols: [{ key: string }, SymbolInfo[]];
  folding: [{ key: string }, FoldingInfo[]];
  /** The edits that format the document, or only `range` of it. */
  format: [{ key: string; options: FormatOptions; range?: OffsetRange }, FormatEdit[]];
  memory: [Record<string, never>, { heapUsed: number; rss: number }];
}

export type WorkerMethod = keyof WorkerMethods;
export type WorkerRequest = { id: number; method: WorkerMethod; params: unknown };
export type WorkerResponse = { id: number; result?: unknown; error?: string };
