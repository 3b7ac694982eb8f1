// The kinds registry is complete: every kind of RESOURCE_KINDS has a module (src/kinds/kindModules.ts)
// with every behaviour its entry declares, and the explorer's groups and the save tokens come from
// the registry, so that a new kind is one module and one line.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { groupNode, groupsOf } from '../../../src/explorer/model/nodes';
import { present } from '../../../src/explorer/model/presentation';
import { completeEdit, completeExplorer, type KindModule, type KindSnapshot } from '../../../src/kinds/contract/kindContract';
import { explorerOf, KIND_MODULES } from '../../../src/kinds/kindModules';
import { KINDS, RESOURCE_KINDS, type KindSpec, type ResourceKind } from '../../../src/kinds/resourceKinds';
import type { SaveTokens } from '../../../src/documents/model/saveTypes';

type AnyModule = KindModule<{ readonly kind: string }, unknown>;

// `reread` is optional: without it a refresh is `find` by the identified id. `fromListItem` and
// `holdsText` have the contract's defaults (completeExplorer, completeEdit).
const EXPLORER = ['find', 'identify', 'revisionLabel', 'look'] as const;
const EDIT = ['snapshot', 'tokensKey', 'check', 'body', 'send'] as const;

/** What a kind's module lacks of what its registry entry declares, in words. */
function missing(kind: string, spec: KindSpec, module: AnyModule | undefined): string[] {
  if (!module) return [`${kind}: no module`];
  const lacks: string[] = [];
  for (const name of EXPLORER) if (typeof module.explorer?.[name] !== 'function') lacks.push(`${kind}: explorer.${name}`);
  spec.files.forEach((file, i) => {
    const editable = file.readOnly === undefined;
    // Only the first file, the one a click opens, can be saved: its kind's edit behaviour is its.
    if (editable && i > 0) lacks.push(`${kind}: ${file.view} is editable but not the kind's first file`);
    if (!editable && typeof module.readOnlyTexts?.[file.view as never] !== 'function') lacks.push(`${kind}: a read for ${file.view}`);
  });
  const editable = spec.files[0].readOnly === undefined;
  if (editable) for (const name of EDIT) if (typeof module.edit?.[name] !== 'function') lacks.push(`${kind}: edit.${name}`);
  if (!editable && module.edit) lacks.push(`${kind}: edit behaviour on a read-only kind`);
  return lacks;
}

const registry = RESOURCE_KINDS as Record<string, KindSpec>;
const modules = KIND_MODULES as unknown as Record<string, AnyModule>;

/** A seventh kind, as a new kind would be added: one entry, one module. */
const widgetSpec: KindSpec = {
  idKind: 'fact',
  singular: 'widget',
  plural: 'widgets',
  collection: 'facts',
  group: { label: 'Widgets', icon: 'symbol-misc' },
  files: [{ view: 'widget', folder: 'widgets', suffix: '.json', language: 'json' }],
};
const widgetModule: AnyModule = {
  edit: {
    snapshot: () => Promise.reject(new Error('not read in this test')),
    tokensKey: (t) => t.kind,
    stateTokens: {},
    check: () => [],
    body: (text) => JSON.parse(text) as unknown,
    send: () => Promise.reject(new Error('not sent in this test')),
  },
  explorer: {
    find: () => Promise.resolve({}),
    reread: (_c, v) => Promise.resolve(v),
    identify: () => ({ id: 'w', resourceId: undefined, name: 'w' }),
    revisionLabel: () => null,
    look: () => ({ description: 'a widget' }),
  },
};

describe('the kinds registry', () => {
  test('every kind has a module with every behaviour its entry declares, and no module lacks a kind', () => {
    assert.deepEqual(Object.keys(KIND_MODULES).sort(), [...KINDS].sort());
    assert.deepEqual(
      KINDS.flatMap((kind) => missing(kind, registry[kind]!, modules[kind])),
      [],
    );
  });

  test('the completeness check names what a new kind lacks', () => {
    assert.deepEqual(missing('widget', widgetSpec, widgetModule), []);
    const { send: _send, ...noSend } = widgetModule.edit!;
    assert.deepEqual(missing('widget', widgetSpec, { ...widgetModule, edit: noSend as never }), ['widget: edit.send']);
    assert.deepEqual(missing('widget', widgetSpec, { explorer: widgetModule.explorer }), [
      'widget: edit.snapshot',
      'widget: edit.tokensKey',
      'widget: edit.check',
      'widget: edit.body',
      'widget: edit.send',
    ]);
    const readOnly: KindSpec = { ...widgetSpec, files: [{ ...widgetSpec.files[0], readOnly: 'it is a test' }] };
    assert.deepEqual(missing('widget', readOnly, widgetModule), [
      'widget: a read for widget',
      'widget: edit behaviour on a read-only kind',
    ]);
    assert.deepEqual(missing('widget', widgetSpec, undefined), ['widget: no module']);
  });

  test('what a kind leaves out has the contract’s default: list items as read, a pointer as it is, the text held when its body is the one sent', () => {
    const snapshot = (text: string): KindSnapshot<{ kind: string }> => ({ text, tokens: { kind: 'widget' }, label: 'version 1' });
    const edit = completeEdit(widgetModule.edit!);
    assert.equal(edit.holdsText(snapshot('{"a": 1, "b": [2]}'), '', { b: [2], a: 1 }), true);
    assert.equal(edit.holdsText(snapshot('{"a": 1}'), '', { a: 2 }), false);
    assert.equal(edit.documentPointer?.('/tables/0/name'), '/tables/0/name');
    // A kind's own answers win; null says its document is not JSON.
    const own = completeEdit({ ...widgetModule.edit!, holdsText: () => true, documentPointer: (p) => `/doc${p}` });
    assert.equal(own.holdsText(snapshot('{"a": 1}'), '', { a: 2 }), true);
    assert.equal(own.documentPointer?.('/x'), '/doc/x');
    assert.equal(completeEdit({ ...widgetModule.edit!, documentPointer: null }).documentPointer, undefined);
    const item = { id: 'w' };
    assert.equal(completeExplorer(widgetModule.explorer).fromListItem(item), item);
    assert.deepEqual(completeExplorer({ ...widgetModule.explorer, fromListItem: () => 'own' }).fromListItem(item), 'own');
  });

  test('the save tokens are the editable kinds’ own: one kind of tokens per kind whose first file can be saved', () => {
    // The type demands exactly the kinds the modules give tokens; the registry's editable kinds match.
    const tokenKinds: Record<SaveTokens['kind'], true> = { dashboard: true, database: true, fact: true, writeSync: true, app: true };
    assert.deepEqual(Object.keys(tokenKinds).sort(), KINDS.filter((k) => registry[k]!.files[0].readOnly === undefined).sort());
  });

  test('a list item’s revision label comes from the kind’s own field, or is null', () => {
    const label = (kind: ResourceKind, value: object) => explorerOf(kind).revisionLabel(value as never);
    assert.equal(label('dashboard', { revision: { revisionId: 'r', sequence: 4 } }), 'revision 4');
    assert.equal(label('operation', { draft: { sequence: 2 } }), 'revision 2');
    assert.equal(label('app', { draft: { sequence: 1.5 } }), null);
    assert.equal(label('database', { draft: null }), null);
    assert.equal(label('writeSync', { version: 5 }), 'version 5');
    assert.equal(label('writeSync', { version: '5' }), null);
    assert.equal(label('fact', { updatedAt: '2026-11-22T10:00:00.000Z' }), 'updated 2026-11-22 10:00 UTC');
    assert.equal(label('fact', {}), null);
  });

  test('the explorer shows one group per registry entry: a seventh kind shows up as a seventh group', () => {
    const groups = groupsOf({ ...RESOURCE_KINDS, widget: widgetSpec });
    assert.deepEqual(
      groups.map((g) => g.kind),
      [...KINDS, 'widget'],
    );
    const widgets = groups.at(-1)!;
    assert.equal(widgets.noun, 'widgets');
    const look = present(groupNode(widgets));
    assert.equal(look.label, 'Widgets');
    assert.equal(look.icon?.id, 'symbol-misc');
  });
});
