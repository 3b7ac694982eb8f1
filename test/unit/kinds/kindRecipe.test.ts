// ARCHITECTURE.md's recipe for a new kind is held by the compiler: the type checker, run on small
// programs that import the real registry and contract, refuses a kind of the registry without its
// module, and an editable kind's module without its local checks or the checks of its token fields
// for the state file, naming what is missing; the recipe done whole (a widget kind's folder below
// src/kinds/ with its module, built on src/kinds/contract/ alone) compiles.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { repoRoot } from '../../harness/lib/paths';

const kinds = join(repoRoot, 'src', 'kinds');

/** The type checker's messages for the files of `sources` (paths below src/kinds), compiled beside the kinds with the project's options. */
function typeErrors(sources: Record<string, string>): string[] {
  const files = new Map(Object.entries(sources).map(([path, text]) => [join(kinds, path), text]));
  const config = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  assert.ok(config, 'tsconfig.json reads');
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? read(name);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || exists(name);
  // The new kind's folder exists only in this program.
  const folders = new Set([...files.keys()].map((f) => dirname(f)));
  host.directoryExists = (name) => folders.has(name) || ts.sys.directoryExists(name);
  const program = ts.createProgram([...files.keys()], { ...config.options, noUnusedLocals: false, types: ['node'] }, host);
  return [...files.keys()].flatMap((file) =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  );
}

const WIDGET_ENTRY = `{
  idKind: 'fact', singular: 'widget', plural: 'widgets', collection: 'facts',
  group: { label: 'Widgets', icon: 'symbol-misc' },
  files: [{ view: 'widget', folder: 'widgets', suffix: '.json', language: 'json', schema: 'widget.schema.json' }],
} as const`;

/** The widget kind's module (widget/widgetKind.ts below src/kinds/), its edit behaviour given `parts` (each ending in a comma). */
function widgetModule(parts: string): string {
  return `
import type { KindModule } from '../contract/kindContract';
import { parseJsonDocument } from '../contract/jsonDocument';
interface WidgetTokens { readonly kind: 'widget'; expectedVersion: number }
interface Widget { id: string; name: string; version: number }
export const widgetKind: KindModule<WidgetTokens, Widget> = {
  edit: {
    snapshot: () => Promise.resolve({ text: '{}', tokens: { kind: 'widget', expectedVersion: 1 }, label: 'version 1' }),
    tokensKey: (t) => \`widget:\${t.expectedVersion}\`,
    ${parts}
    body: (text) => parseJsonDocument(text),
    send: (_s, tokens) => Promise.resolve({ text: '{}', tokens, label: 'version 2' }),
  },
  explorer: {
    find: () => Promise.resolve({ id: 'w', name: 'w', version: 1 }),
    identify: (w) => ({ id: w.id, resourceId: undefined, name: w.name }),
    revisionLabel: (w) => \`version \${w.version}\`,
    look: (w, { singular }) => ({ description: \`\${singular} v\${w.version}\` }),
  },
};`;
}

const STATE_TOKENS = 'stateTokens: { expectedVersion: (v) => Number.isInteger(v) },';
const CHECK = 'check: () => [],';

describe('the recipe for a new kind, as the compiler holds it', () => {
  test('a kind added to the registry without its module in KIND_MODULES does not compile, naming the kind', () => {
    const errors = typeErrors({
      '__recipe.ts': `
import { RESOURCE_KINDS } from './resourceKinds';
import { KIND_MODULES } from './kindModules';
const registry = { ...RESOURCE_KINDS, widget: ${WIDGET_ENTRY} };
// As kindModules.ts declares its table: a module for every kind of the registry.
export const modules = { ...KIND_MODULES } as const satisfies Record<keyof typeof registry, unknown>;
`,
    });
    assert.ok(
      errors.some((e) => /widget/.test(e) && /missing/i.test(e)),
      `the missing module is an error naming the kind:\n${errors.join('\n')}`,
    );
  });

  test('an editable kind without its local checks, or without the checks of its token fields, does not compile', () => {
    const noCheck = typeErrors({ 'widget/widgetKind.ts': widgetModule(STATE_TOKENS) });
    assert.ok(
      noCheck.some((e) => /'check'/.test(e)),
      `a module without check is an error naming it:\n${noCheck.join('\n')}`,
    );
    const none = typeErrors({ 'widget/widgetKind.ts': widgetModule(CHECK) });
    assert.ok(
      none.some((e) => /stateTokens/.test(e)),
      `a module without stateTokens is an error naming it:\n${none.join('\n')}`,
    );
    const empty = typeErrors({ 'widget/widgetKind.ts': widgetModule(`${CHECK} stateTokens: {},`) });
    assert.ok(
      empty.some((e) => /expectedVersion/.test(e)),
      `stateTokens without the expectedVersion check is an error naming the field:\n${empty.join('\n')}`,
    );
  });

  test('the recipe done whole compiles: the entry, and a folder whose module builds on the contract alone', () => {
    assert.deepEqual(
      typeErrors({
        'widget/widgetKind.ts': widgetModule(`${CHECK} ${STATE_TOKENS}`),
        '__recipe.ts': `
import type { KindSpec } from './resourceKinds';
import { completeEdit, completeExplorer } from './contract/kindContract';
import { widgetKind } from './widget/widgetKind';
export const entry: KindSpec = ${WIDGET_ENTRY};
// The defaults a module leaves to the contract: list items as read, the text held when its body is the one sent.
export const complete = [completeEdit(widgetKind.edit!), completeExplorer(widgetKind.explorer)];
`,
      }),
      [],
    );
  });
});
