import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  CONFLICT_END,
  CONFLICT_SEPARATOR,
  CONFLICT_START,
  dominantEol,
  hasConflictMarkers,
  mergeTexts,
} from '../../../src/documents/model/merge';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('three-way merge of a document', () => {
  test('edits on different lines merge cleanly, keeping both', () => {
    const base = lines('a', 'b', 'c', 'd', 'e');
    const mine = lines('a', 'B mine', 'c', 'd', 'e');
    const theirs = lines('a', 'b', 'c', 'd', 'E theirs');
    assert.deepEqual(mergeTexts(base, mine, theirs), { clean: true, text: lines('a', 'B mine', 'c', 'd', 'E theirs') });
  });

  test('both sides changing the same line gives one conflict block with standard markers', () => {
    const base = lines('a', 'b', 'c');
    const result = mergeTexts(base, lines('a', 'mine', 'c'), lines('a', 'theirs', 'c'), { mine: 'Yours', theirs: 'Service (revision 14)' });
    assert.deepEqual(result, {
      clean: false,
      conflicts: 1,
      text: lines('a', `${CONFLICT_START} Yours`, 'mine', CONFLICT_SEPARATOR, 'theirs', `${CONFLICT_END} Service (revision 14)`, 'c'),
    });
  });

  test('identical changes on both sides are not a conflict', () => {
    const base = lines('a', 'b', 'c');
    const same = lines('a', 'changed', 'c', 'added');
    assert.deepEqual(mergeTexts(base, same, same), { clean: true, text: same });
    // Same change plus a separate one on one side: still clean.
    const mine = lines('x', 'b', 'c', 'added');
    const theirs = lines('a', 'b', 'c', 'added');
    assert.deepEqual(mergeTexts(base, mine, theirs), { clean: true, text: lines('x', 'b', 'c', 'added') });
  });

  test('insertions at the start by one side and at the end by the other both land', () => {
    const base = lines('one', 'two', 'three');
    const mine = lines('zero', 'one', 'two', 'three');
    const theirs = lines('one', 'two', 'three', 'four');
    assert.deepEqual(mergeTexts(base, mine, theirs), { clean: true, text: lines('zero', 'one', 'two', 'three', 'four') });
  });

  test('CRLF documents stay CRLF, and a line-ending change alone does not conflict', () => {
    const base = 'a\r\nb\r\nc\r\nd\r\n';
    const mine = 'a\r\nB\r\nc\r\nd\r\n';
    const theirs = 'a\nb\nc\nD\n'; // the service normalised to LF and changed the last line
    assert.deepEqual(mergeTexts(base, mine, theirs), { clean: true, text: 'a\r\nB\r\nc\r\nD\r\n' });
  });

  test('a text without a final newline keeps it missing, and either side may add it', () => {
    assert.deepEqual(mergeTexts('a\nb\nc', 'A\nb\nc', 'a\nb\nC'), { clean: true, text: 'A\nb\nC' });
    assert.deepEqual(mergeTexts('a\nb\nc', 'A\nb\nc', 'a\nb\nc\n'), { clean: true, text: 'A\nb\nc\n' });
  });

  test('a conflict at the end keeps the final newline outside the markers', () => {
    const result = mergeTexts('a\nb\n', 'a\nmine\n', 'a\ntheirs');
    assert.equal(result.clean, false);
    assert.equal(result.text, `a\n${CONFLICT_START} Yours\nmine\n${CONFLICT_SEPARATOR}\ntheirs\n${CONFLICT_END} Service\n`);
  });

  test('an empty base with two different texts is one conflict holding both', () => {
    const result = mergeTexts('', 'mine\n', 'theirs\n');
    assert.equal(result.clean, false);
    assert.ok(result.text.includes('mine') && result.text.includes('theirs'));
  });

  test('dominant line ending and marker detection', () => {
    assert.equal(dominantEol('a\r\nb\r\nc\n'), '\r\n');
    assert.equal(dominantEol('a\nb'), '\n');
    assert.equal(dominantEol('abc'), undefined);
    assert.ok(hasConflictMarkers(`x\n${CONFLICT_START} Yours\n`));
    assert.ok(!hasConflictMarkers('x\n  <<<<<<< indented is not a marker\n'));
  });
});

// ---- Properties. Bases are unique lines so the line alignment is unambiguous.

const eolArb = fc.constantFrom('\n', '\r\n');

/** A base of unique lines and one edit per side, in disjoint blocks with an unchanged line between. */
const disjointEdits = fc
  .record({
    size: fc.integer({ min: 3, max: 30 }),
    cuts: fc.array(fc.integer({ min: 0, max: 29 }), { minLength: 4, maxLength: 4 }),
    mineCount: fc.integer({ min: 0, max: 3 }),
    theirCount: fc.integer({ min: 0, max: 3 }),
    mineFirst: fc.boolean(),
    finalNewline: fc.boolean(),
    eol: eolArb,
  })
  .filter(({ size, cuts }) => {
    const [, e1, s2, e2] = [...cuts].sort((x, y) => x - y) as [number, number, number, number];
    // Blocks [s1, e1] and [s2, e2] (inclusive) inside the base, at least one line apart.
    return e2 < size && s2 > e1 + 1;
  })
  .map(({ size, cuts, mineCount, theirCount, mineFirst, finalNewline, eol }) => {
    const [s1, e1, s2, e2] = [...cuts].sort((x, y) => x - y) as [number, number, number, number];
    const base = Array.from({ length: size }, (_, i) => `base line ${i}`);
    const replace = (from: string[], start: number, end: number, prefix: string, count: number) => [
      ...from.slice(0, start),
      ...Array.from({ length: count }, (_, i) => `${prefix} ${start}.${i}`),
      ...from.slice(end + 1),
    ];
    const [mineBlock, theirBlock] = mineFirst
      ? [
          [s1, e1],
          [s2, e2],
        ]
      : [
          [s2, e2],
          [s1, e1],
        ];
    const mine = replace(base, mineBlock[0]!, mineBlock[1]!, 'mine', mineCount);
    const theirs = replace(base, theirBlock[0]!, theirBlock[1]!, 'theirs', theirCount);
    // Apply the later block first so the earlier block's indices stay valid.
    const [later, earlier] = mineFirst
      ? [
          { b: theirBlock, p: 'theirs', n: theirCount },
          { b: mineBlock, p: 'mine', n: mineCount },
        ]
      : [
          { b: mineBlock, p: 'mine', n: mineCount },
          { b: theirBlock, p: 'theirs', n: theirCount },
        ];
    const both = replace(replace(base, later.b[0]!, later.b[1]!, later.p, later.n), earlier.b[0]!, earlier.b[1]!, earlier.p, earlier.n);
    const text = (l: string[]) => l.join(eol) + (finalNewline ? eol : '');
    return { base: text(base), mine: text(mine), theirs: text(theirs), expected: text(both) };
  });

describe('three-way merge properties', () => {
  test('with no change on one side, the result is the other side exactly', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (base, other) => {
        assert.deepEqual(mergeTexts(base, base, other), { clean: true, text: other });
        assert.deepEqual(mergeTexts(base, other, base), { clean: true, text: other });
      }),
    );
  });

  test('with no change on one side (line-structured texts), the result is the other side', () => {
    const doc = fc.tuple(fc.array(fc.constantFrom('a', 'b', 'c', '', '  x', '}'), { maxLength: 12 }), eolArb, fc.boolean());
    fc.assert(
      fc.property(doc, doc, ([bl, eol, fin], [ol]) => {
        const base = bl.join(eol) + (fin ? eol : '');
        const other = ol.join(eol) + (fin ? eol : '');
        assert.equal(mergeTexts(base, base, other).text, other);
        assert.equal(mergeTexts(base, other, base).text, other);
      }),
    );
  });

  test('edits to separate lines merge cleanly and keep both sides’ edits', () => {
    fc.assert(
      fc.property(disjointEdits, ({ base, mine, theirs, expected }) => {
        assert.deepEqual(mergeTexts(base, mine, theirs), { clean: true, text: expected });
      }),
      { numRuns: 300 },
    );
  });

  test('markers appear only when both sides changed the same lines, and then hold every line of both', () => {
    const edit = fc.record({
      start: fc.integer({ min: 0, max: 9 }),
      length: fc.integer({ min: 0, max: 3 }),
      added: fc.array(fc.constantFrom('p', 'q', 'r', 's'), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(edit, edit, ({ start: ms, length: ml, added: ma }, { start: ts, length: tl, added: ta }) => {
        const base = Array.from({ length: 10 }, (_, i) => `line ${i}`);
        const apply = (s: number, l: number, added: string[], side: string) => [
          ...base.slice(0, s),
          ...added.map((a) => `${side} ${a}`),
          ...base.slice(s + l),
        ];
        const mine = apply(ms, ml, ma, 'mine');
        const theirs = apply(ts, tl, ta, 'theirs');
        const result = mergeTexts(`${base.join('\n')}\n`, `${mine.join('\n')}\n`, `${theirs.join('\n')}\n`);
        const mineChanged = ml > 0 || ma.length > 0;
        const theirsChanged = tl > 0 || ta.length > 0;
        // The touched base ranges, widened by one line: adjacent edits may conflict too.
        const apart = ms + ml < ts || ts + tl < ms;
        if (!mineChanged || !theirsChanged || apart) assert.equal(result.clean, true, JSON.stringify({ mine, theirs, result }));
        if (!result.clean) {
          assert.ok(mineChanged && theirsChanged, 'a conflict needs changes on both sides');
          const out = new Set(result.text.split('\n'));
          for (const line of [...mine, ...theirs]) assert.ok(out.has(line), `the merged text keeps ${JSON.stringify(line)}`);
        } else {
          assert.ok(!hasConflictMarkers(result.text));
        }
      }),
      { numRuns: 500 },
    );
  });
});
