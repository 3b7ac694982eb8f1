// What activation loads, read from esbuild's metafile (esbuild.mjs writes it beside the bundles):
// dist/extension.js and the chunks its static imports name, transitively. A dynamic import's chunk
// loads on first use and is not counted. Shared by test/unit/bundles.test.ts and the bench.

export interface MetafileImport {
  path: string;
  kind: string;
  external?: boolean;
}

export type MetafileOutputs = Record<string, { imports?: MetafileImport[] }>;

/** The outputs `entry` requires as it loads: itself first. */
export function loadedAtActivation(outputs: MetafileOutputs, entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length) {
    const output = pending.pop()!;
    if (seen.has(output)) continue;
    seen.add(output);
    for (const i of outputs[output]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) pending.push(i.path);
  }
  return [...seen];
}

/** The production bytes activation may load (the entry and its one chunk): a regression guard, under the bench's target. */
export const ACTIVATION_BUDGET_BYTES = 260 * 1024;
