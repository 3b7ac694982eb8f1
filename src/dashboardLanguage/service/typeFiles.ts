// The declaration files a dashboard is checked against, as one read-only virtual tree:
//   /lib/lib.*.d.ts                       TypeScript's es2022 + dom libs (copied to dist/ts-types at build)
//   /node_modules/@types/react/…, csstype  the pinned @types/react (copied likewise)
//   /node_modules/<runtime module>/index.d.ts  the runtime declarations the service serves
//   /wsa/data-row.d.ts, /wsa/untyped.d.ts  generated: the data run's row type, shorthand modules
// Pure apart from reading the shipped files from `typesDir`. No vscode.
//
// A path (from TypeScript, or from a `wsa-types:` URI someone crafted) is resolved before it is
// checked: `/lib/../../../etc/passwd` starts with `/lib/` but is no shipped file.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { confineUriPath, UriPathError } from '../../util/uriPath';

export const LIB_DIR = '/lib';
/** The folders of the virtual tree; a `wsa-types:` document outside them does not exist. */
export const TYPE_ROOTS: readonly string[] = [LIB_DIR, '/node_modules', '/wsa'];
/** The shipped part of the tree, read from `typesDir`. */
const SHIPPED_ROOTS: readonly string[] = [LIB_DIR, '/node_modules/@types/react', '/node_modules/csstype'];

/** `path` resolved and within `roots`, or undefined (traversal, escapes, anything outside). */
export function typePath(path: string, roots: readonly string[] = TYPE_ROOTS): string | undefined {
  try {
    return confineUriPath(path, roots);
  } catch (e) {
    if (e instanceof UriPathError) return undefined;
    throw e;
  }
}
export const DATA_ROW_FILE = '/wsa/data-row.d.ts';
export const UNTYPED_FILE = '/wsa/untyped.d.ts';

/** The module a runtime declaration text is served as (`@workspace/dashboard` → its index.d.ts). */
export function runtimeModulePath(name: string): string {
  return `/node_modules/${name}/index.d.ts`;
}

/** The shipped files (libs, React's types) by virtual path; read once each, kept for the worker's life. */
export class ShippedTypes {
  private readonly cache = new Map<string, string | undefined>();

  constructor(private readonly typesDir: string) {}

  read(path: string): string | undefined {
    const shipped = typePath(path, SHIPPED_ROOTS);
    if (shipped === undefined || SHIPPED_ROOTS.includes(shipped)) return undefined;
    if (this.cache.has(shipped)) return this.cache.get(shipped);
    // The resolved path cannot leave typesDir; checked again on disk terms all the same.
    const file = resolve(this.typesDir, `.${shipped}`);
    const inside = relative(resolve(this.typesDir), file);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
    let text: string | undefined;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = undefined;
    }
    this.cache.set(shipped, text);
    return text;
  }
}

/** The members text of a row type, wrapped as an augmentation of the runtime module's `DataRow`. */
export function dataRowAugmentation(runtimeModule: string, members: string): string {
  const name = JSON.stringify(runtimeModule);
  return `import ${name};\ndeclare module ${name} {\n  interface DataRow {\n${members}\n  }\n}\n`;
}

/** Shorthand ambient declarations: every import of these modules is `any`, never "cannot find module". */
export function untypedModules(names: readonly string[]): string {
  return names.map((n) => `declare module ${JSON.stringify(n)};`).join('\n') + '\n';
}

/** The runtime module whose declarations declare the `DataRow` interface the row type augments. */
export function dataRowModule(modules: readonly { name: string; declarations: string }[]): string | undefined {
  return modules.find((m) => /\binterface\s+DataRow\b/.test(m.declarations))?.name;
}
