import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  FIRST_SCREEN_ITEMS,
  firstScreenMessage,
  isHostMessage,
  MAX_STATS_REQUEST,
  packItems,
  stateMessages,
  unpackItems,
  type HistoryHeader,
  type HistoryItem,
  type HostMessage,
} from '../../../src/history/protocol/protocol';
import { parseWebviewMessage } from '../../../src/history/host/messageSchema';

const header: HistoryHeader = {
  resourceId: 'rept_1',
  name: 'Sales',
  kindLabel: 'Dashboard',
  view: 'dashboard',
  version: 'v1',
  draft: { revisionId: 'rvsn_2', sequence: 2 },
  published: null,
  capabilities: { history: true, restore: true, publish: true },
  restore: { enabled: true },
  dependencyLocations: true,
};

describe('history protocol: messages from the webview', () => {
  const good = [
    { type: 'ready' },
    { type: 'open', revisionId: 'rvsn_abc' },
    { type: 'compare', left: 'rvsn_a', right: 'rvsn_b' },
    { type: 'compareWithDraft', revisionId: 'rvsn_a' },
    { type: 'compareWithPublished', revisionId: 'rvsn_a' },
    { type: 'showChanges', revisionId: 'rvsn_a' },
    { type: 'restore', revisionId: 'rvsn_a' },
    { type: 'copyId', revisionId: 'rvsn_a' },
    { type: 'refresh' },
    { type: 'loadStats', revisionIds: ['rvsn_a', 'rvsn_b'] },
    { type: 'rendered', rows: 30, total: 5000, ms: 12.5 },
  ];
  for (const message of good) {
    test(`accepts ${message.type}`, () => assert.deepEqual(parseWebviewMessage(message), { ok: true, message }));
  }

  const bad: [string, unknown][] = [
    ['not an object', 'open'],
    ['null', null],
    ['an array', [{ type: 'ready' }]],
    ['an unknown type', { type: 'deleteEverything' }],
    ['no type', { revisionId: 'rvsn_a' }],
    ['a revision id of another kind', { type: 'open', revisionId: 'oper_a' }],
    ['a path in the id', { type: 'open', revisionId: 'rvsn_a/../../x' }],
    ['a number for an id', { type: 'restore', revisionId: 42 }],
    ['a missing id', { type: 'restore' }],
    ['an extra field', { type: 'restore', revisionId: 'rvsn_a', force: true }],
    ['a compare with one side', { type: 'compare', left: 'rvsn_a' }],
    ['too many stats ids', { type: 'loadStats', revisionIds: Array.from({ length: MAX_STATS_REQUEST + 1 }, (_, i) => `rvsn_${i}`) }],
    ['a negative paint time', { type: 'rendered', rows: 1, total: 1, ms: -1 }],
    ['a prototype trick', JSON.parse('{"type":"ready","__proto__":{"polluted":true}}')],
  ];
  for (const [what, raw] of bad) {
    test(`refuses ${what}, saying why`, () => {
      const result = parseWebviewMessage(raw);
      assert.equal(result.ok, false);
      if (!result.ok) assert.ok(result.reason.length > 0);
    });
  }
});

describe('history protocol: messages from the extension', () => {
  const item = { id: 'rvsn_1', parents: [], message: 'm', actorType: 'apiKey', actorId: 'apik_1', createdAt: 't', sequence: 1 };

  test('accepts each host message', () => {
    for (const m of [
      { type: 'state', header, items: packItems([item]), total: 1, stats: [{ id: 'rvsn_1', added: 1, removed: 0 }] },
      { type: 'state', header, items: packItems([]), total: 0, stats: [], select: ['rvsn_1'] },
      { type: 'items', from: 120, items: packItems([item]) },
      { type: 'header', header },
      { type: 'stats', entries: [] },
      { type: 'busy', busy: true, label: 'Restoring…' },
      { type: 'notice', level: 'error', message: 'x' },
      { type: 'select', revisionIds: ['rvsn_1'] },
    ])
      assert.ok(isHostMessage(m), m.type);
  });

  test('refuses malformed ones', () => {
    for (const m of [
      null,
      'state',
      { type: 'state', header, items: [item], total: 1, stats: [] },
      { type: 'state', header: {}, items: '', total: 0, stats: [] },
      { type: 'state', header, items: packItems([item]), stats: [] },
      { type: 'state', header, items: packItems([item]), total: -1, stats: [] },
      { type: 'items', from: 1.5, items: '' },
      { type: 'items', items: packItems([item]) },
      { type: 'stats', entries: [{ id: 'x' }] },
      { type: 'notice', level: 'warn', message: 'x' },
      { type: 'nope' },
    ])
      assert.equal(isHostMessage(m), false, JSON.stringify(m));
  });
});

describe('history protocol: a state as messages', () => {
  const many = (n: number): HistoryItem[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `rvsn_${i}`,
      parents: i ? [`rvsn_${i - 1}`] : [],
      message: `m${i}`,
      actorType: 'apiKey',
      actorId: 'apik_1',
      createdAt: 't',
      sequence: i,
    }));

  test('a history longer than a screen: the first screen in `state`, the rest in `items`, nothing lost or repeated', () => {
    const items = many(FIRST_SCREEN_ITEMS * 3 + 7);
    const messages = stateMessages({ header, items, stats: [], select: ['rvsn_5'] });
    assert.equal(messages.length, 2);
    const [first, rest] = messages as [Extract<HostMessage, { type: 'state' }>, Extract<HostMessage, { type: 'items' }>];
    assert.equal(first.type, 'state');
    assert.equal(first.total, items.length);
    assert.deepEqual(first.select, ['rvsn_5']);
    assert.equal(rest.type, 'items');
    assert.equal(rest.from, FIRST_SCREEN_ITEMS);
    assert.deepEqual([...unpackItems(first.items)!, ...unpackItems(rest.items)!], items);
    for (const m of messages) assert.ok(isHostMessage(m));
  });

  test('a short history is one `state`', () => {
    const items = many(FIRST_SCREEN_ITEMS);
    const messages = stateMessages({ header, items, stats: [] });
    assert.equal(messages.length, 1);
    assert.deepEqual(unpackItems((messages[0] as Extract<HostMessage, { type: 'state' }>).items), items);
    assert.deepEqual(firstScreenMessage({ header, items, stats: [] }), messages[0]);
  });
});

describe('history protocol: the packed revision list', () => {
  const items: HistoryItem[] = [
    {
      id: 'rvsn_3',
      parents: ['rvsn_2'],
      message: 'Third “quoted”\nline',
      actorType: 'apiKey',
      actorId: 'apik_a',
      createdAt: '2025-01-03T00:00:00.000Z',
      sequence: 3,
    },
    {
      id: 'rvsn_2',
      parents: ['rvsn_1', 'rvsn_x'],
      message: '',
      actorType: 'apiKey',
      actorId: 'apik_b',
      createdAt: '2025-01-02T00:00:00.000Z',
      sequence: null,
    },
    {
      id: 'rvsn_1',
      parents: [],
      message: 'First',
      actorType: 'user',
      actorId: 'apik_a',
      createdAt: '2025-01-01T00:00:00.000Z',
      sequence: 1,
    },
  ];

  test('round-trips every field, sharing repeated actors', () => {
    const text = packItems(items);
    assert.deepEqual(unpackItems(text), items);
    assert.equal((JSON.parse(text) as { actors: unknown[] }).actors.length, 3, 'one entry per actor type and id');
  });

  test('is much smaller than the objects for a long history', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      ...items[0]!,
      id: `rvsn_${i}`,
      parents: [`rvsn_${i + 1}`],
      sequence: 1000 - i,
    }));
    assert.ok(packItems(many).length < JSON.stringify(many).length * 0.7);
  });

  test('anything but a packed list reads as nothing', () => {
    for (const bad of [
      '',
      'not json',
      '[]',
      '{"v":2,"actors":[],"rows":[]}',
      '{"v":1,"actors":[],"rows":[["rvsn_1",[],"m",0,"t",1]]}',
      '{"v":1,"actors":[["apiKey","apik_a"]],"rows":[["rvsn_1","rvsn_0","m",0,"t",1]]}',
      '{"v":1,"actors":[["apiKey","apik_a"]],"rows":[["rvsn_1",[],"m",0,"t","1"]]}',
    ]) {
      assert.equal(unpackItems(bad), undefined, bad);
    }
  });
});
