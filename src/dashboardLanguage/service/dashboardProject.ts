// One TypeScript language service per open dashboard: the dashboard, the data run's row type and the
// shorthand modules differ per document, while the libs, React's types and the runtime declarations
// are parsed once and shared through one DocumentRegistry. No vscode.
import * as ts from 'typescript';
import { dataRowAugmentation, dataRowModule, LIB_DIR, runtimeModulePath, ShippedTypes, untypedModules } from './typeFiles';

export interface RuntimeModule {
  readonly name: string;
  readonly declarations: string;
}

/** The runtime declarations TypeScript is given at most, in all and per module (characters)… */
export const MAX_RUNTIME_DECLARATIONS = 2 * 1024 * 1024;
export const MAX_RUNTIME_MODULE_DECLARATIONS = 1024 * 1024;

/**
 * …past them, why the runtime stays untyped: declarations that large would hold the type checker
 * for long on every keystroke, and untyped means no false errors (its modules are `any`).
 */
export function runtimeTypesTooLarge(modules: readonly RuntimeModule[]): string | undefined {
  let total = 0;
  const limit = mb(MAX_RUNTIME_MODULE_DECLARATIONS);
  for (const m of modules) {
    const size = typeof m.declarations === 'string' ? m.declarations.length : 0;
    if (size > MAX_RUNTIME_MODULE_DECLARATIONS)
      return `the declarations of ${JSON.stringify(m.name)} have ${mb(size)}, more than ${limit} for one module`;
    total += size;
  }
  if (total > MAX_RUNTIME_DECLARATIONS)
    return `the runtime declarations have ${mb(total)}, more than ${mb(MAX_RUNTIME_DECLARATIONS)} in all`;
  return undefined;
}

const mb = (chars: number) => `${+(chars / (1024 * 1024)).toFixed(1)} MB`;

/** What the worker shares among the projects: shipped files, runtime declarations, the registry. */
export class TypeUniverse {
  readonly registry = ts.createDocumentRegistry(true, '/');
  private runtime = new Map<string, string>();
  /** Bumped whenever the runtime declarations change, so every project re-reads them. */
  generation = 0;

  constructor(readonly shipped: ShippedTypes) {}

  /**
   * Where a bare module name resolves, from a given file: it depends on the shipped and runtime files
   * only, so it holds until the runtime changes. TypeScript's language service keeps no resolutions
   * between programs (tsserver's resolution cache does): without this, every keystroke resolved the
   * dashboard's imports again, ~5 ms of each syntax pass in the worker's profile.
   */
  private readonly resolutions = new Map<string, ts.ResolvedModuleWithFailedLookupLocations>();

  setRuntime(modules: readonly RuntimeModule[] | undefined): void {
    this.resolutions.clear();
    this.runtime = new Map((modules ?? []).map((m) => [runtimeModulePath(m.name), m.declarations]));
    this.dataRowModuleName = modules ? dataRowModule(modules) : undefined;
    this.generation++;
  }

  /** The runtime module declaring `DataRow`, if the service serves one. */
  dataRowModuleName: string | undefined;

  get hasRuntimeTypes(): boolean {
    return this.runtime.size > 0;
  }

  read(path: string): string | undefined {
    return this.runtime.get(path) ?? this.shipped.read(path);
  }

  /** `name` resolved from `containing`; relative names may reach a project's own files, so they are not kept. */
  resolve(
    name: string,
    containing: string,
    mode: ts.ResolutionMode,
    host: ts.ModuleResolutionHost,
  ): ts.ResolvedModuleWithFailedLookupLocations {
    const bare = !name.startsWith('.') && !name.startsWith('/');
    const key = `${containing}|${mode ?? ''}|${name}`;
    const kept = bare ? this.resolutions.get(key) : undefined;
    if (kept) return kept;
    const found = ts.resolveModuleName(name, containing, COMPILER_OPTIONS, host, undefined, undefined, mode);
    if (bare) this.resolutions.set(key, found);
    return found;
  }
}

export const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  // Only what a dashboard imports: no ambient @types scan of a directory that does not exist.
  types: [],
  strict: true,
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  skipLibCheck: true,
  noEmit: true,
  allowJs: false,
};

const UNTYPED_RUNTIME_OPTIONS: ts.CompilerOptions = { ...COMPILER_OPTIONS, noImplicitAny: false };

/**
 * A dashboard text that tells TypeScript what changed since the one before it (the span between the
 * common prefix and suffix), so that a keystroke re-parses the edited statements, not the file.
 */
class EditedSnapshot implements ts.IScriptSnapshot {
  constructor(
    private readonly text: string,
    private previous: EditedSnapshot | undefined,
  ) {}

  /** TypeScript has parsed this one: the text before it is no longer asked for. */
  forgetPrevious(): void {
    this.previous = undefined;
  }

  getText(start: number, end: number): string {
    return this.text.substring(start, end);
  }

  getLength(): number {
    return this.text.length;
  }

  getChangeRange(old: ts.IScriptSnapshot): ts.TextChangeRange | undefined {
    if (old !== this.previous || !this.previous) return undefined;
    const a = this.previous.text;
    const b = this.text;
    const max = Math.min(a.length, b.length);
    let start = 0;
    while (start < max && a.charCodeAt(start) === b.charCodeAt(start)) start++;
    let tail = 0;
    while (tail < max - start && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
    return ts.createTextChangeRange(ts.createTextSpan(start, a.length - start - tail), b.length - start - tail);
  }
}

export class DashboardProject {
  readonly path: string;
  private readonly rowPath: string;
  private readonly untypedPath: string;
  private text = '';
  private snapshot: EditedSnapshot | undefined;
  /** The snapshot TypeScript was last given: the next text's change is told against it. */
  private handed: EditedSnapshot | undefined;
  private version = 0;
  /** Whether the check under way should stop (its text changed, or a user request waits). */
  cancelled: () => boolean = () => false;
  private rowMembers: string | undefined;
  private rowVersion = 0;
  private untyped: string[] = [];
  private untypedVersion = 0;
  private importsKey = '';
  /** The text version and runtime generation `sync` last looked at: a request on an unchanged text skips the scan. */
  private synced = '';
  readonly service: ts.LanguageService;

  constructor(
    key: string,
    private readonly universe: TypeUniverse,
  ) {
    this.path = `/wsa/${key}/dashboard.tsx`;
    this.rowPath = `/wsa/${key}/data-row.d.ts`;
    this.untypedPath = `/wsa/${key}/untyped.d.ts`;
    this.service = ts.createLanguageService(this.host(), universe.registry);
  }

  setText(text: string): void {
    if (text === this.text && this.snapshot) return;
    this.text = text;
    // Against the one TypeScript parsed last, which may be several keystrokes back; three texts at most are kept.
    this.handed?.forgetPrevious();
    this.snapshot = new EditedSnapshot(text, this.handed);
    this.version++;
  }

  getText(): string {
    return this.text;
  }

  /** The data run's row members (`rowTypeFromColumns`), or undefined when the service gives none. */
  setRowMembers(members: string | undefined): void {
    if (members === this.rowMembers) return;
    this.rowMembers = members;
    this.rowVersion++;
  }

  /** Brings the shorthand modules up to date with the text's imports before the service is asked. */
  sync(): void {
    // Every request syncs first: scanning a 1,000-line text's imports took ~5 ms of each in the worker's profile.
    const synced = `${this.version}|${this.universe.generation}`;
    if (synced === this.synced) return;
    this.synced = synced;
    const names = ts
      .preProcessFile(this.text, true, true)
      .importedFiles.map((f) => f.fileName)
      .filter((n) => !n.startsWith('.') && !n.startsWith('/'));
    const key = `${this.universe.generation}|${names.join('\n')}`;
    if (key === this.importsKey) return;
    this.importsKey = key;
    const untyped = [...new Set(names)].filter((n) => !this.universe.resolve(n, this.path, undefined, this.resolutionHost).resolvedModule);
    if (untyped.join('\n') !== this.untyped.join('\n')) {
      this.untyped = untyped;
      this.untypedVersion++;
    }
  }

  /** The text of any file of this project: the dashboard, a generated or a declaration file. */
  read(path: string): string | undefined {
    if (path === this.path) return this.text;
    if (path === this.rowPath) return this.rowText();
    if (path === this.untypedPath) return this.untyped.length ? untypedModules(this.untyped) : undefined;
    return this.universe.read(path);
  }

  dispose(): void {
    this.service.dispose();
  }

  private rowText(): string | undefined {
    const module = this.universe.dataRowModuleName;
    return module && this.rowMembers !== undefined ? dataRowAugmentation(module, this.rowMembers) : undefined;
  }

  private readonly resolutionHost: ts.ModuleResolutionHost = {
    fileExists: (p) => this.read(p) !== undefined,
    readFile: (p) => this.read(p),
  };

  private host(): ts.LanguageServiceHost {
    return {
      resolveModuleNameLiterals: (literals, containing, _redirected, options, file) =>
        literals.map((l) => this.universe.resolve(l.text, containing, ts.getModeForUsageLocation(file, l, options), this.resolutionHost)),
      // Without the runtime's declarations its values are `any`, and a callback handed to one has
      // untyped parameters: that is the missing types speaking, not the user's code.
      getCompilationSettings: () => (this.universe.hasRuntimeTypes ? COMPILER_OPTIONS : UNTYPED_RUNTIME_OPTIONS),
      getScriptFileNames: () => [this.path, this.rowPath, this.untypedPath].filter((p) => this.read(p) !== undefined),
      getScriptVersion: (p) => {
        if (p === this.path) return String(this.version);
        if (p === this.rowPath) return `${this.rowVersion}.${this.universe.generation}`;
        if (p === this.untypedPath) return String(this.untypedVersion);
        return p.startsWith('/node_modules/@types/') || p.startsWith(LIB_DIR) ? '0' : String(this.universe.generation);
      },
      getCancellationToken: () => ({ isCancellationRequested: () => this.cancelled() }),
      getScriptSnapshot: (p) => {
        if (p === this.path) return (this.handed = this.snapshot ??= new EditedSnapshot(this.text, undefined));
        const text = this.read(p);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => '/',
      getDefaultLibFileName: () => `${LIB_DIR}/lib.d.ts`,
      fileExists: (p) => this.read(p) !== undefined,
      readFile: (p) => this.read(p),
      useCaseSensitiveFileNames: () => true,
    };
  }
}
