// Merges too large to run on the extension host's thread are not run there: the texts come back as
// one conflict block (all of yours against all of theirs), which the merge editor resolves outside
// the host. Nothing is lost, and it takes one pass over the texts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CONFLICT_END, CONFLICT_SEPARATOR, CONFLICT_START, MAX_MERGE_SIDE_CHARS, mergeTexts } from '../../../src/documents/model/merge';

const lines = (l: string[]) => `${l.join('\n')}\n`;

describe('merge size bounds', () => {
  test('repetitive texts of 10,000 lines whose every line differs are one block, at once', () => {
    const n = 10_000;
    const base = lines(Array.from({ length: n }, (_, i) => `${i % 2 ? 'm' : 't'} ${i % 50}`));
    const mine = lines(Array.from({ length: n }, (_, i) => `m ${i % 50}`));
    const theirs = lines(Array.from({ length: n }, (_, i) => `t ${i % 50}`));
    const started = performance.now();
    const result = mergeTexts(base, mine, theirs);
    const ms = performance.now() - started;
    // diff3 took about 25 s on these texts.
    assert.ok(ms < 2_000, `took ${ms} ms`);
    assert.ok(!result.clean);
    assert.match(result.tooLarge ?? '', /^too large to merge here \(\d+ pairs of lines to compare\)$/);
    assert.equal(result.conflicts, 1);
    assert.equal(result.text, `${CONFLICT_START} Yours\n${mine}${CONFLICT_SEPARATOR}\n${theirs}${CONFLICT_END} Service\n`);
  });

  test('a side of more than 1 MB is one block too, whatever its lines', () => {
    const big = 'x'.repeat(MAX_MERGE_SIDE_CHARS + 1);
    const result = mergeTexts('a\nb\n', `mine\n${big}`, 'a\ntheirs\n');
    assert.ok(!result.clean);
    assert.match(result.tooLarge ?? '', /a side has \d+ characters/);
    assert.ok(result.text.includes(`mine\n${big}\n${CONFLICT_SEPARATOR}\na\ntheirs\n${CONFLICT_END}`));
  });

  test('a long text with nearby edits on each side still merges here (the lines all three share at both ends are set aside)', () => {
    const base = Array.from({ length: 20_000 }, (_, i) => `line ${i % 50}`);
    const mine = [...base];
    mine[10] = 'mine';
    const theirs = [...base];
    theirs[1_500] = 'theirs';
    const result = mergeTexts(lines(base), lines(mine), lines(theirs));
    assert.ok(result.clean);
    assert.ok(result.text.includes('mine') && result.text.includes('theirs'));
  });

  test('one side unchanged answers the other, however large', () => {
    const big = 'y'.repeat(2 * MAX_MERGE_SIDE_CHARS);
    assert.deepEqual(mergeTexts('a', big, 'a'), { clean: true, text: big });
  });
});
