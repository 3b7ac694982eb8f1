// ARCHITECTURE.md's recipe for a new kind is held by the compiler: the type checker, run on small
// programs that import the real registry and contract, refuses a kind of the registry without its
// module, and an editable kind's module without the checks of its token fields for the state file,
// naming what is missing; the recipe done whole compiles.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { repoRoot } from '../../harness/lib/paths';

const kinds = join(repoRoot, 'src', 'kinds');

/** The type checker's messages for `source`, compiled beside the kinds with the project's options. */
function typeErrors(source: string): string[] {
  const file = join(kinds, '__recipe.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  assert.ok(config, 'tsconfig.json reads');
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => (name === file ? source : read(name));
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || exists(name);
  const program = ts.createProgram([file], { ...config.options, noUnusedLocals: false, types: ['node'] }, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const WIDGET_ENTRY = `{
  idKind: 'fact', singular: 'widget', plural: 'widgets', collection: 'facts',
  group: { label: 'Widgets', icon: 'symbol-misc' },
  files: [{ view: 'widget', folder: 'widgets', suffix: '.json', language: 'json' }],
} as const`;

function widgetModule(stateTokens: string): string {
  return `
import type { KindModule } from './contract/kindContract';
interface WidgetTokens { readonly kind: 'widget'; expectedVersion: number }
interface Widget { id: string; name: string; version: number }
export const widgetKind: KindModule<WidgetTokens, Widget> = {
  edit: {
    snapshot: () => Promise.resolve({ text: '{}', tokens: { kind: 'widget', expectedVersion: 1 }, label: 'version 1' }),
    tokensKey: (t) => \`widget:\${t.expectedVersion}\`,
    ${stateTokens}
    body: (text) => JSON.parse(text) as unknown,
    send: (_s, tokens) => Promise.resolve({ text: '{}', tokens, label: 'version 2' }),
    holdsText: () => false,
  },
  explorer: {
    fromListItem: (item) => item as Widget,
    find: () => Promise.resolve({ id: 'w', name: 'w', version: 1 }),
    reread: (_c, current) => Promise.resolve(current),
    identify: (w) => ({ id: w.id, resourceId: undefined, name: w.name }),
    revisionLabel: (w) => \`version \${w.version}\`,
    look: (w) => ({ description: \`v\${w.version}\` }),
  },
};`;
}

describe('the recipe for a new kind, as the compiler holds it', () => {
  test('a kind added to the registry without its module in KIND_MODULES does not compile, naming the kind', () => {
    const errors = typeErrors(`
import { RESOURCE_KINDS } from './resourceKinds';
import { KIND_MODULES } from './kindModules';
const registry = { ...RESOURCE_KINDS, widget: ${WIDGET_ENTRY} };
// As kindModules.ts declares its table: a module for every kind of the registry.
export const modules = { ...KIND_MODULES } as const satisfies Record<keyof typeof registry, unknown>;
`);
    assert.ok(
      errors.some((e) => /widget/.test(e) && /missing/i.test(e)),
      `the missing module is an error naming the kind:\n${errors.join('\n')}`,
    );
  });

  test('an editable kind without the checks of its token fields does not compile, nor one that misses a field', () => {
    const none = typeErrors(widgetModule(''));
    assert.ok(
      none.some((e) => /stateTokens/.test(e)),
      `a module without stateTokens is an error naming it:\n${none.join('\n')}`,
    );
    const empty = typeErrors(widgetModule('stateTokens: {},'));
    assert.ok(
      empty.some((e) => /expectedVersion/.test(e)),
      `stateTokens without the expectedVersion check is an error naming the field:\n${empty.join('\n')}`,
    );
  });

  test('the recipe done whole compiles', () => {
    assert.deepEqual(typeErrors(widgetModule('stateTokens: { expectedVersion: (v) => Number.isInteger(v) },')), []);
  });
});
