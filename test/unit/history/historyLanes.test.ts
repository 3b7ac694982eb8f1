import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isLinear, layoutLanes, type GraphNode } from '../../../src/history/protocol/laneLayout';

const chain = (ids: string[]): GraphNode[] => ids.map((id, i) => ({ id, parents: ids[i + 1] ? [ids[i + 1]!] : [] }));

describe('lane layout', () => {
  test('a straight history is one lane and draws no branch', () => {
    const layout = layoutLanes(chain(['d', 'c', 'b', 'a']));
    assert.equal(layout.width, 1);
    assert.equal(layout.branched, false);
    assert.deepEqual(
      layout.rows.map((r) => r.lane),
      [0, 0, 0, 0],
    );
    assert.deepEqual(layout.rows[0], { lane: 0, top: [], bottom: [{ from: 0, to: 0 }] });
    assert.deepEqual(layout.rows[3], { lane: 0, top: [{ from: 0, to: 0 }], bottom: [] });
  });

  test('a restore branches: the abandoned line gets its own lane and joins where it started', () => {
    // e restores b; c and d were the line after b that e leaves behind.
    const nodes: GraphNode[] = [
      { id: 'f', parents: ['e'] },
      { id: 'e', parents: ['b'] },
      { id: 'd', parents: ['c'] },
      { id: 'c', parents: ['b'] },
      { id: 'b', parents: ['a'] },
      { id: 'a', parents: [] },
    ];
    const layout = layoutLanes(nodes);
    assert.equal(layout.branched, true);
    assert.equal(layout.width, 2);
    assert.deepEqual(
      layout.rows.map((r) => r.lane),
      [0, 0, 1, 1, 0, 0],
    );
    // d starts a new lane beside the line e → b passing through.
    assert.deepEqual(layout.rows[2], {
      lane: 1,
      top: [{ from: 0, to: 0 }],
      bottom: [
        { from: 0, to: 0 },
        { from: 1, to: 1 },
      ],
    });
    // c's parent b is already awaited in lane 0: c's line bends into it.
    assert.deepEqual(layout.rows[3], {
      lane: 1,
      top: [
        { from: 0, to: 0 },
        { from: 1, to: 1 },
      ],
      bottom: [
        { from: 0, to: 0 },
        { from: 1, to: 0 },
      ],
    });
    assert.deepEqual(layout.rows[4], { lane: 0, top: [{ from: 0, to: 0 }], bottom: [{ from: 0, to: 0 }] });
  });

  test('a merge of two parents opens a second lane that closes at the older parent', () => {
    const nodes: GraphNode[] = [
      { id: 'm', parents: ['b', 'x'] },
      { id: 'x', parents: ['a'] },
      { id: 'b', parents: ['a'] },
      { id: 'a', parents: [] },
    ];
    const layout = layoutLanes(nodes);
    assert.deepEqual(layout.rows[0], {
      lane: 0,
      top: [],
      bottom: [
        { from: 0, to: 0 },
        { from: 0, to: 1 },
      ],
    });
    assert.equal(layout.rows[1]!.lane, 1);
    assert.equal(layout.rows[2]!.lane, 0);
    // Both lines wait for a and meet at its node; the first-parent line stays straight.
    assert.deepEqual(layout.rows[2]!.bottom, [
      { from: 1, to: 1 },
      { from: 0, to: 0 },
    ]);
    assert.deepEqual(layout.rows[3], {
      lane: 0,
      top: [
        { from: 0, to: 0 },
        { from: 1, to: 0 },
      ],
      bottom: [],
    });
  });

  test('the quick linear check agrees with the layout on straight and branched histories', () => {
    assert.equal(isLinear(chain(['d', 'c', 'b', 'a'])), true);
    assert.equal(isLinear([{ id: 'e', parents: ['b'] }, ...chain(['d', 'c', 'b', 'a'])]), false);
    assert.equal(isLinear([{ id: 'm', parents: ['b', 'x'] }, ...chain(['b', 'a'])]), false);
    assert.equal(isLinear([]), true);
  });

  test('parents outside the list or above their child draw nothing', () => {
    const layout = layoutLanes([
      { id: 'b', parents: ['gone'] },
      { id: 'a', parents: ['b'] },
    ]);
    assert.deepEqual(
      layout.rows.map((r) => r.bottom),
      [[], []],
    );
    assert.equal(layout.branched, false);
  });

  // Its time is the history benchmark's (npm run bench): a timed test fails on a busy machine.
  test('5,000 revisions with restores lay out in two lanes, a row each', () => {
    const nodes: GraphNode[] = [];
    for (let i = 5000; i >= 1; i--) nodes.push({ id: `r${i}`, parents: i === 1 ? [] : [i % 500 === 0 ? `r${i - 25}` : `r${i - 1}`] });
    const layout = layoutLanes(nodes);
    assert.equal(layout.width, 2);
    assert.equal(layout.rows.length, 5000);
  });

  test('every line that leaves a row enters the next one, and no column is used twice', () => {
    const graph = fc
      .integer({ min: 1, max: 40 })
      .chain((n) =>
        fc
          .tuple(...Array.from({ length: n }, (_, i) => fc.array(fc.integer({ min: i + 1, max: n + 2 }), { maxLength: 2 })))
          .map((parents) => parents.map((ps, i) => ({ id: `n${i}`, parents: ps.map((p) => `n${p}`) }))),
      );
    fc.assert(
      fc.property(graph, (nodes) => {
        const { rows, width } = layoutLanes(nodes);
        for (let r = 0; r + 1 < rows.length; r++) {
          const leaving = new Set(rows[r]!.bottom.map((s) => s.to));
          const entering = new Set(rows[r + 1]!.top.map((s) => s.from));
          assert.deepEqual([...leaving].sort(), [...entering].sort());
        }
        for (const row of rows) {
          assert.ok(row.lane < width);
          const passing = row.top.filter((s) => s.to !== row.lane).map((s) => s.from);
          assert.equal(new Set(passing).size, passing.length);
          assert.ok(!passing.includes(row.lane));
        }
        assert.deepEqual(
          rows[rows.length - 1]!.bottom.filter((s) => s.from === s.to && s.from !== rows[rows.length - 1]!.lane),
          [],
        );
      }),
    );
  });
});
