// The ids of a listed group, kept across its pages: a page checks its items against them without
// reading the whole group again, and any change but a page's (a reset, a cut at a bound, an added
// id merged in) makes them read again, so that a page never drops an item the group lost.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { listedIds, type GroupState } from '../../../src/explorer/model/groupLoad';

type Resources = GroupState['resources'];
const node = (id: string) => ({ kind: 'resource', id }) as unknown as Resources[number];

describe('the ids of a listed group', () => {
  test('empty, one and many: the ids of the array, one set kept while the array and its size agree', () => {
    const none: Resources = [];
    assert.equal(listedIds(none).size, 0);
    const list: Resources = [node('oper_a')];
    const ids = listedIds(list);
    assert.deepEqual([...ids], ['oper_a']);
    // A page adds to the set and the array together: the same set answers.
    ids.add('oper_b');
    list.push(node('oper_b'));
    assert.equal(listedIds(list), ids);
    const many: Resources = Array.from({ length: 10_000 }, (_, i) => node(`oper_${i}`));
    assert.equal(listedIds(many).size, 10_000);
  });

  test('a change the set did not see (a cut at a bound, an id merged in) reads the array again', () => {
    const list: Resources = [node('oper_a'), node('oper_b'), node('oper_c')];
    const before = listedIds(list);
    list.splice(1);
    assert.deepEqual([...listedIds(list)], ['oper_a'], 'a cut item is listed again when a page brings it');
    list.push(node('oper_d'));
    assert.deepEqual([...listedIds(list)], ['oper_a', 'oper_d']);
    assert.notEqual(listedIds(list), before);
    // A reset is a new array, with ids of its own.
    assert.deepEqual([...listedIds([node('oper_z')])], ['oper_z']);
  });
});
