// The declaration files a dashboard is checked against, as one read-only virtual tree:
//   /lib/lib.*.d.ts                       TypeScript's es2022 + dom libs (copied to dist/ts-types at build)
//   /node_modules/@types/react/…, csstype  the pinned @types/react (copied likewise)
//   /node_modules/<runtime module>/index.d.ts  the runtime declarations the service serves
//   /wsa/data-row.d.ts, /wsa/untyped.d.ts  generated: the data run's row type, shorthand modules
// Pure apart from reading the shipped files from `typesDir`. No vscode.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LIB_DIR = '/lib';
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
    if (!this.isShipped(path)) return undefined;
    if (this.cache.has(path)) return this.cache.get(path);
    let text: string | undefined;
    try {
      text = readFileSync(join(this.typesDir, path), 'utf8');
    } catch {
      text = undefined;
    }
    this.cache.set(path, text);
    return text;
  }

  private isShipped(path: string): boolean {
    return path.startsWith(`${LIB_DIR}/`) || path.startsWith('/node_modules/@types/react/') || path.startsWith('/node_modules/csstype/');
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
