// The merge where it is easiest to lose a line: at the end of the text, with and without the final
// newline, and with mixed line endings. Every expected text is written out in full, markers included,
// as the user sees it in the editor.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dominantEol, hasConflictMarkers, mergeTexts } from '../../../src/documents/model/merge';

describe('merging at the end of the text', () => {
  test('both sides change the last line (no final newline): both lines are in the block, none dropped', () => {
    const r = mergeTexts('a\nb\nlast', 'a\nb\nmine', 'a\nb\ntheirs');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\nb\n<<<<<<< Yours\nmine\n=======\ntheirs\n>>>>>>> Service' });
  });

  test('both sides change the last line (with a final newline): the newline follows the end marker', () => {
    const r = mergeTexts('a\nlast\n', 'a\nmine\n', 'a\ntheirs\n');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\n<<<<<<< Yours\nmine\n=======\ntheirs\n>>>>>>> Service\n' });
  });

  test('the user adds lines at the end, the service changes the same last line: all of the user’s lines are kept', () => {
    const r = mergeTexts('a\nb\n', 'a\nb2\nc\nd\n', 'a\nb3\n');
    assert.deepEqual(r, {
      clean: false,
      conflicts: 1,
      text: 'a\n<<<<<<< Yours\nb2\nc\nd\n=======\nb3\n>>>>>>> Service\n',
    });
  });

  test('only the user’s side ends with a newline in a conflict at the end: it is kept after the block', () => {
    const r = mergeTexts('a\nx', 'a\nmine\n', 'a\ntheirs');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\n<<<<<<< Yours\nmine\n=======\ntheirs\n>>>>>>> Service\n' });
  });

  test('only the service’s side ends with a newline in a conflict at the end: it is kept after the block', () => {
    const r = mergeTexts('a\nx', 'a\nmine', 'a\ntheirs\n');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\n<<<<<<< Yours\nmine\n=======\ntheirs\n>>>>>>> Service\n' });
  });

  test('a conflict before shared last lines keeps those lines after the block, once', () => {
    const r = mergeTexts('a\nx\nz\n', 'a\nmine\nz\n', 'a\ntheirs\nz\n');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\n<<<<<<< Yours\nmine\n=======\ntheirs\n>>>>>>> Service\nz\n' });
  });

  test('a conflict in the middle followed by a clean edit at the end', () => {
    const r = mergeTexts('a\nb\nc\nd\ne\n', 'a\nB1\nc\nd\ne\n', 'a\nB2\nc\nd\nE\n');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\n<<<<<<< Yours\nB1\n=======\nB2\n>>>>>>> Service\nc\nd\nE\n' });
  });

  test('two conflicts are counted, each with its own markers', () => {
    const r = mergeTexts('1\n2\n3\n4\n5\n', 'x\n2\n3\n4\ny\n', 'X\n2\n3\n4\nY\n');
    assert.deepEqual(r, {
      clean: false,
      conflicts: 2,
      text: '<<<<<<< Yours\nx\n=======\nX\n>>>>>>> Service\n2\n3\n4\n<<<<<<< Yours\ny\n=======\nY\n>>>>>>> Service\n',
    });
  });

  test('a conflict reaching the end whose last line is the user’s keeps every line of the user’s, blank ones included', () => {
    const r = mergeTexts('a\nx', 'a\nm\n\nn', 'a\nt');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\n<<<<<<< Yours\nm\n\nn\n=======\nt\n>>>>>>> Service' });
  });

  test('a conflict reaching the end whose last line is the service’s keeps every line of the service’s', () => {
    const r = mergeTexts('a\nx', 'a\nm', 'a\nt\n\nu');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\n<<<<<<< Yours\nm\n=======\nt\n\nu\n>>>>>>> Service' });
  });

  test('the same change on both sides is that text byte for byte, mixed line endings included', () => {
    assert.deepEqual(mergeTexts('x\n', 'a\r\nb\nc\n', 'a\r\nb\nc\n'), { clean: true, text: 'a\r\nb\nc\n' });
  });

  test('texts that differ only in line endings on each side merge to the user’s', () => {
    assert.deepEqual(mergeTexts('a\nb\n', 'a\r\nb\r\n', 'a\rb\r'), { clean: true, text: 'a\r\nb\r\n' });
  });

  test('a blank line at the end of the user’s side of a conflict in the middle stays inside the block', () => {
    const r = mergeTexts('a\nx\nb\n', 'a\nm\n\nb\n', 'a\nt\nb\n');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\n<<<<<<< Yours\nm\n\n=======\nt\n>>>>>>> Service\nb\n' });
  });

  test('the same change on both sides beside a real conflict is taken once, outside the block', () => {
    const r = mergeTexts('a\nb\nc\nd\ne\n', 'A\nb\nc\nd\nE1\n', 'A\nb\nc\nd\nE2\n');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'A\nb\nc\nd\n<<<<<<< Yours\nE1\n=======\nE2\n>>>>>>> Service\n' });
  });

  test('an insertion on each side after shared lines is one conflict; the shared lines are not doubled', () => {
    const r = mergeTexts('q\nq', 'q\nq\nq', 'q\nz\nq\nq');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'q\n<<<<<<< Yours\nq\n=======\nz\nq\n>>>>>>> Service\nq' });
  });

  test('the labels given name the sides', () => {
    const r = mergeTexts('a\n', 'b\n', 'c\n', { mine: 'Local', theirs: 'rvsn_9 by Ada' });
    assert.equal(r.text, '<<<<<<< Local\nb\n=======\nc\n>>>>>>> rvsn_9 by Ada\n');
  });
});

describe('merging with mixed line endings', () => {
  test('the result uses the user’s line ending, whatever the service’s text uses', () => {
    const r = mergeTexts('a\nb\nc\n', 'A\r\nb\r\nc\r\n', 'a\nb\nC\n');
    assert.deepEqual(r, { clean: true, text: 'A\r\nb\r\nC\r\n' });
  });

  test('a conflict in a CRLF document is written with CRLF throughout', () => {
    const r = mergeTexts('a\r\nx\r\n', 'a\r\nmine\r\n', 'a\ntheirs\n');
    assert.deepEqual(r, { clean: false, conflicts: 1, text: 'a\r\n<<<<<<< Yours\r\nmine\r\n=======\r\ntheirs\r\n>>>>>>> Service\r\n' });
  });

  test('with one side unchanged the other is the answer byte for byte, its line endings included', () => {
    assert.deepEqual(mergeTexts('a\r\nb', 'a\r\nb', 'a\nb\nc'), { clean: true, text: 'a\nb\nc' });
    assert.deepEqual(mergeTexts('a\r\nb', 'a\nb\nc', 'a\r\nb'), { clean: true, text: 'a\nb\nc' });
    assert.deepEqual(mergeTexts('a\r\nb', 'a\nb\nc', 'a\nb\nc'), { clean: true, text: 'a\nb\nc' });
  });

  test('a user text of mostly LF with one CRLF line merges as LF', () => {
    const r = mergeTexts('a\nb\nc\n', 'a\r\nb\nc\nd\n', 'z\nb\nc\n');
    assert.deepEqual(r, { clean: true, text: 'z\nb\nc\nd\n' });
  });

  test('a user text without any line break takes the service’s line ending, then the base’s', () => {
    assert.equal(mergeTexts('a\r\nb', 'x', 'a\r\nc').text, '<<<<<<< Yours\r\nx\r\n=======\r\na\r\nc\r\n>>>>>>> Service');
    assert.equal(mergeTexts('a\rb', 'x', 'y').text, '<<<<<<< Yours\rx\r=======\ry\r>>>>>>> Service');
    assert.equal(mergeTexts('a', 'x', 'y').text, '<<<<<<< Yours\nx\n=======\ny\n>>>>>>> Service');
  });

  test('the dominant line ending: most used wins, CRLF before LF before CR on a tie', () => {
    assert.equal(dominantEol('a\r\nb\nc\n'), '\n');
    assert.equal(dominantEol('a\r\nb\r\nc\n'), '\r\n');
    assert.equal(dominantEol('a\r\nb\n'), '\r\n');
    assert.equal(dominantEol('a\nb\r'), '\n');
    assert.equal(dominantEol('a\rb\rc\n'), '\r');
    assert.equal(dominantEol('a\rb\r\nc\r\n'), '\r\n');
    assert.equal(dominantEol('a\r\nb\r'), '\r\n');
    assert.equal(dominantEol('abc'), undefined);
  });

  test('conflict markers are found only at the start of a line', () => {
    assert.equal(hasConflictMarkers('a\r\n<<<<<<< Yours\r\nb'), true);
    assert.equal(hasConflictMarkers('a\r<<<<<<<'), true);
    assert.equal(hasConflictMarkers('a <<<<<<< b\n<<<<<< c'), false);
  });
});

describe('texts too large to merge here', () => {
  test('are one block, all of the user’s text against all of the service’s, with the final newline added where missing', () => {
    const big = 'x'.repeat(1024 * 1024 + 1);
    const r = mergeTexts('base\n', `${big}\r\n`, 'theirs');
    assert.equal(r.clean, false);
    if (r.clean) return;
    assert.equal(r.conflicts, 1);
    assert.match(r.tooLarge ?? '', /^too large to merge here \(a side has 1048579 characters\)$/);
    assert.equal(r.text, `<<<<<<< Yours\r\n${big}\r\n=======\r\ntheirs\r\n>>>>>>> Service\r\n`);
  });

  test('a side of exactly 1 MB is still merged line by line', () => {
    const line = `${'z'.repeat(1023)}\n`;
    const mine = `mine\n${line.repeat(1023)}${'z'.repeat(1024 - 6)}\n`;
    assert.equal(mine.length, 1024 * 1024);
    const r = mergeTexts(`base\n${line}`, mine, `base\n${line}theirs\n`);
    assert.ok(!('tooLarge' in r), 'merged here');
    assert.ok(r.text.startsWith('<<<<<<< Yours\nmine\n') || r.text.startsWith('mine\n'), r.text.slice(0, 40));
  });

  test('an empty side stays empty inside the block', () => {
    const big = 'y\n'.repeat(600 * 1024);
    const r = mergeTexts('base\n', '', big);
    assert.equal(r.text, `<<<<<<< Yours\n=======\n${big}>>>>>>> Service\n`);
  });
});
