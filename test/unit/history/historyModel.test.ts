import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  changeSet,
  dependencyRefs,
  viewForHistoryResource,
  type ChangeContext,
  type ChangeSource,
} from '../../../src/history/model/changes';
import { lineDiffStats, splitLines } from '../../../src/history/model/diffStats';
import { filterIndices, matchesFilter, filterTerms } from '../../../src/history/protocol/filter';
import { revisionLabel, toHistoryItems } from '../../../src/history/model/items';
import { shortActor } from '../../../src/history/protocol/actorLabel';
import { absoluteUtc, relativeTime } from '../../../src/history/protocol/relativeTime';
import type { HistoryItem } from '../../../src/history/protocol/historyItem';
import type { RevisionHistory } from '../../../src/api/schemas';

const item = (id: string, over: Partial<HistoryItem> = {}): HistoryItem => ({
  id,
  parents: [],
  message: '',
  actorType: 'apiKey',
  actorId: 'apik_a',
  createdAt: '2025-03-03T09:00:00.000Z',
  sequence: null,
  ...over,
});

describe('history filter', () => {
  const items = [
    item('rvsn_aaa', { message: 'Tuned the low-stock margin', actorId: 'apik_editor1', sequence: 3 }),
    item('rvsn_bbb', { message: 'Created dashboard', actorId: 'apik_admin22', sequence: 2 }),
    item('rvsn_ccc', { message: 'Restored revision 1', actorId: 'apik_admin22', sequence: 1 }),
  ];

  test('an empty filter keeps every revision', () => {
    assert.deepEqual(filterIndices(items, '   '), [0, 1, 2]);
  });

  test('matches message, actor and id, case-insensitively, every term', () => {
    assert.deepEqual(filterIndices(items, 'MARGIN'), [0]);
    assert.deepEqual(filterIndices(items, 'admin22'), [1, 2]);
    assert.deepEqual(filterIndices(items, 'rvsn_cc'), [2]);
    assert.deepEqual(filterIndices(items, 'admin22 created'), [1]);
    assert.deepEqual(filterIndices(items, 'nothing-like-this'), []);
  });

  test('#n finds the revision with that sequence', () => {
    assert.deepEqual(filterIndices(items, '#2'), [1]);
    assert.equal(matchesFilter(item('rvsn_x'), filterTerms('#2')), false);
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-01-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const MIN = 60_000;
  const cases: [number, string][] = [
    [10_000, 'just now'],
    [60_000, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [60 * MIN, '1 hour ago'],
    [3 * 60 * MIN, '3 hours ago'],
    [26 * 60 * MIN, 'yesterday'],
    [4 * 24 * 60 * MIN, '4 days ago'],
    [35 * 24 * 60 * MIN, '1 month ago'],
    [100 * 24 * 60 * MIN, '3 months ago'],
    [400 * 24 * 60 * MIN, '1 year ago'],
    [3 * 365 * 24 * 60 * MIN, '3 years ago'],
  ];
  for (const [ms, text] of cases) test(`${ms} ms ago reads “${text}”`, () => assert.equal(relativeTime(ago(ms), now), text));

  test('a time ahead of the clock reads “in …”, garbage stays as it was', () => {
    assert.equal(relativeTime(ago(-10 * MIN), now), 'in 10 minutes');
    assert.equal(relativeTime('not a time', now), 'not a time');
  });

  test('rows drawn one after another share Intl formats: none is made per row', () => {
    const Real = Intl.RelativeTimeFormat;
    let made = 0;
    // Counts the formats made for a language no other test uses (the first call makes its pair).
    const intl = Intl as { RelativeTimeFormat: typeof Real };
    intl.RelativeTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    };
    try {
      for (let row = 0; row < 25; row++) relativeTime(ago((row + 2) * 60 * MIN), now, 'en-ZA');
    } finally {
      intl.RelativeTimeFormat = Real;
    }
    assert.ok(made <= 2, `${made} Intl formats for 25 rows`);
  });

  test('the hover shows the exact UTC time', () => {
    assert.equal(absoluteUtc('2025-03-03T09:05:07.123Z'), '2025-03-03 09:05:07 UTC');
    assert.equal(absoluteUtc('nope'), 'nope');
  });
});

describe('line diff stats', () => {
  test('counts added and removed lines against the parent', () => {
    assert.deepEqual(lineDiffStats('a\nb\nc\n', 'a\nB\nc\nd\n'), { added: 2, removed: 1 });
    assert.deepEqual(lineDiffStats('a\nb\n', 'a\nb\n'), { added: 0, removed: 0 });
    assert.deepEqual(lineDiffStats('a\nb\nc', 'c'), { added: 0, removed: 2 });
  });

  test('a first revision adds all its lines', () => {
    assert.deepEqual(lineDiffStats(undefined, 'x\ny\n'), { added: 2, removed: 0 });
    assert.deepEqual(lineDiffStats(undefined, ''), { added: 0, removed: 0 });
  });

  test('line endings do not count as changes of their own', () => {
    assert.deepEqual(splitLines('a\r\nb\r\n'), ['a', 'b']);
    assert.deepEqual(lineDiffStats('a\r\nb\r\n', 'a\nb\n'), { added: 0, removed: 0 });
  });

  test('a moved block is one removal and one addition per line', () => {
    assert.deepEqual(lineDiffStats('1\n2\n3\n4\n', '3\n4\n1\n2\n'), { added: 2, removed: 2 });
  });
});

describe('history items from the list endpoint', () => {
  const history = {
    resourceId: 'rept_1',
    version: 'v1',
    draft: { revisionId: 'rvsn_c', sequence: 3 },
    published: { revisionId: 'rvsn_a', sequence: 1 },
    capabilities: { history: true, restore: true, publish: true },
    items: [
      {
        id: 'rvsn_c',
        parentRevisionId: 'rvsn_b',
        dependencyRevisionIds: [],
        actor: { type: 'apiKey', id: 'apik_1234567890' },
        message: 'Third',
        createdAt: 't3',
      },
      {
        id: 'rvsn_b',
        parentRevisionId: 'rvsn_a',
        dependencyRevisionIds: [],
        actor: { type: 'apiKey', id: 'apik_1' },
        message: 'Second',
        createdAt: 't2',
        sequence: 2,
      },
      {
        id: 'rvsn_a',
        parentRevisionId: null,
        dependencyRevisionIds: [],
        actor: { type: 'apiKey', id: 'apik_1' },
        message: 'First',
        createdAt: 't1',
      },
    ],
  } as RevisionHistory;

  test('keeps the order, takes parents and sequences from where the service tells them', () => {
    const items = toHistoryItems(history);
    assert.deepEqual(
      items.map((i) => [i.id, i.parents, i.sequence]),
      [
        ['rvsn_c', ['rvsn_b'], 3],
        ['rvsn_b', ['rvsn_a'], 2],
        ['rvsn_a', [], 1],
      ],
    );
  });

  test('actor types the spec does not show and items without sequence or dependencies read as they are', () => {
    const bare = {
      ...history,
      draft: { revisionId: 'rvsn_y', sequence: 9 },
      published: null,
      items: [
        {
          id: 'rvsn_y',
          parentRevisionId: 'rvsn_x',
          dependencyRevisionIds: [],
          actor: { type: 'serviceAccount', id: 'svc_etl' },
          message: '',
          createdAt: 't2',
        },
        {
          id: 'rvsn_x',
          parentRevisionId: null,
          dependencyRevisionIds: [],
          actor: { type: 'user', id: 'user_ann' },
          message: 'First',
          createdAt: 't1',
        },
      ],
    } as RevisionHistory;
    const items = toHistoryItems(bare);
    assert.deepEqual(
      items.map((i) => [i.actorType, i.actorId, i.sequence]),
      [
        ['serviceAccount', 'svc_etl', 9],
        ['user', 'user_ann', null],
      ],
    );
    assert.deepEqual(
      items.map((i) => revisionLabel(i)),
      ['#9', 'rvsn_x “First”'],
    );
    assert.deepEqual(filterIndices(items, 'user_ann'), [1]);
  });

  test('labels and shortened actor ids', () => {
    assert.equal(revisionLabel(item('rvsn_x', { sequence: 4, message: 'Hello' })), '#4 “Hello”');
    assert.equal(revisionLabel(item('rvsn_x', { message: '' })), 'rvsn_x');
    assert.equal(revisionLabel(item('rvsn_x', { sequence: 1, message: 'x'.repeat(60) }), 10), `#1 “${'x'.repeat(9)}…”`);
    assert.equal(shortActor('apik_1234567890'), 'apik_1234…890');
    assert.equal(shortActor('apik_12'), 'apik_12');
  });
});

describe('Show Changes triples', () => {
  const ctx: ChangeContext = {
    workspaceId: 'wksp_1',
    view: 'dashboard',
    resourceId: 'rept_1',
    nameOf: (id) => `Sales ${id}`,
    dependencyName: (resourceId, revisionId) => `${resourceId}@${revisionId}`,
  };
  const rev = (id: string, parent: string | null, deps: [string, string][], withLocations = true): ChangeSource => ({
    id,
    parentRevisionId: parent,
    dependencyRevisionIds: deps.map(([, r]) => r),
    ...(withLocations ? { dependencies: deps.map(([resourceId, revisionId]) => ({ resourceId, revisionId })) } : {}),
  });

  test('the resource against its parent when no dependency changed', () => {
    const { triples, unlocated } = changeSet(
      ctx,
      rev('rvsn_2', 'rvsn_1', [['oper_9', 'rvsn_h1']]),
      rev('rvsn_1', null, [['oper_9', 'rvsn_h1']]),
    );
    assert.equal(unlocated, 0);
    assert.equal(triples.length, 1);
    const [resource, left, right] = triples[0]!;
    assert.equal(left?.revisionId, 'rvsn_1');
    assert.equal(right?.revisionId, 'rvsn_2');
    assert.equal(resource, right);
    assert.equal(right?.view, 'dashboard');
    assert.equal(right?.name, 'Sales rvsn_2');
  });

  test('a first revision is shown as added', () => {
    const { triples } = changeSet(ctx, rev('rvsn_1', null, []), undefined);
    assert.equal(triples[0]![1], undefined);
    assert.equal(triples[0]![2]?.revisionId, 'rvsn_1');
  });

  test('each changed dependency against the one the parent had, added and removed ones one-sided', () => {
    const parent = rev('rvsn_1', null, [
      ['oper_9', 'rvsn_h1'],
      ['dbas_2', 'rvsn_d1'],
    ]);
    const revision = rev('rvsn_2', 'rvsn_1', [
      ['oper_9', 'rvsn_h2'],
      ['appl_3', 'rvsn_p1'],
    ]);
    const { triples, unlocated } = changeSet(ctx, revision, parent);
    assert.equal(unlocated, 0);
    const byResource = new Map(triples.slice(1).map((t) => [t[0].resourceId, t]));
    assert.deepEqual([...byResource.keys()].sort(), ['appl_3', 'dbas_2', 'oper_9']);
    const handler = byResource.get('oper_9')!;
    assert.equal(handler[1]?.revisionId, 'rvsn_h1');
    assert.equal(handler[2]?.revisionId, 'rvsn_h2');
    assert.equal(handler[2]?.view, 'operationHandler');
    assert.equal(byResource.get('appl_3')![1], undefined);
    assert.equal(byResource.get('dbas_2')![2], undefined);
    assert.equal(byResource.get('dbas_2')![1]?.view, 'database');
  });

  test('without dependency locations, changed dependencies are counted, not guessed', () => {
    const { triples, unlocated } = changeSet(
      ctx,
      rev('rvsn_2', 'rvsn_1', [['oper_9', 'rvsn_h2']], false),
      rev('rvsn_1', null, [['oper_9', 'rvsn_h1']], false),
    );
    assert.equal(triples.length, 1);
    assert.equal(unlocated, 2);
  });

  test('malformed dependency lists count as absent; views follow id prefixes', () => {
    assert.equal(
      dependencyRefs({ id: 'rvsn_1', parentRevisionId: null, dependencyRevisionIds: [], dependencies: [{ resourceId: 1 }] }),
      undefined,
    );
    assert.equal(viewForHistoryResource('rept_1'), 'dashboard');
    assert.equal(viewForHistoryResource('fact_1'), undefined);
  });
});
