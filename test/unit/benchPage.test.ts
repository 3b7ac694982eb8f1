// `npm run bench` writes the latest table of each part it ran whole into docs/performance.md,
// between that part's markers, and leaves the rest of the page as it is; the page states the
// targets the bench holds the figures to.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { markers, partBlock, PARTS, replacePart } from '../bench/page';
import { ACTIVATION_CPU_TARGET_MS, COMPLETION_P95_TARGET_MS, HISTORY_TARGET, PULL_TARGET } from '../bench/verdicts';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;
const page = () => readFileSync(join(root, 'docs', 'performance.md'), 'utf8');

describe('docs/performance.md, written by the bench', () => {
  test('a part’s block is replaced between its markers, and nothing else changes', () => {
    const before = page();
    const block = partBlock(
      '**Node side**: now.',
      [{ what: 'pull', figure: '1 ms', target: '≤ 2× the floor', met: true, whyNot: '' }],
      ['a note'],
    );
    const after = replacePart(before, 'node', block);
    const [start, end] = markers('node');
    assert.ok(after.includes(`${start}\n**Node side**: now.\n\n| what | figure | floor, same run | target | verdict |`));
    assert.ok(after.includes(`| pull | 1 ms |  | ≤ 2× the floor | ok |\n\n- a note\n${end}`));
    assert.equal(after.slice(0, after.indexOf(start)), before.slice(0, before.indexOf(start)), 'what comes before is kept');
    assert.equal(after.slice(after.indexOf(end)), before.slice(before.indexOf(end)), 'what comes after is kept');
    assert.equal(replacePart(after, 'node', block), after, 'writing the same table again changes nothing');
  });

  test('the page has the markers of every part, in order, and a page without them is refused', () => {
    const text = page();
    let last = -1;
    for (const part of PARTS) {
      const [start, end] = markers(part);
      assert.ok(text.indexOf(start) > last && text.indexOf(end) > text.indexOf(start), `${part}: its markers, after the last part's`);
      last = text.indexOf(end);
    }
    assert.throws(() => replacePart('# Performance\n', 'host', 'x'), /no <!-- bench:host:start --> … <!-- bench:host:end --> markers/);
  });

  test('the page states the targets the bench holds the figures to', () => {
    const text = page();
    for (const target of [
      `≤ ${PULL_TARGET}× the floor`,
      `≤ ${HISTORY_TARGET}× the floor`,
      `CPU ≤ ${ACTIVATION_CPU_TARGET_MS} ms`,
      `p95 ≤ ${COMPLETION_P95_TARGET_MS} ms`,
    ])
      assert.ok(text.includes(target), `docs/performance.md says «${target}»`);
  });
});
