// Text from a pulled folder or the service, shown in a terminal, a CI log or a notification: every
// control, bidirectional and zero-width character is seen as its escape, and no line can start a
// CI workflow command; JSON keeps its value.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { notificationText } from '../../../src/util/notify';
import { hasInvisible, inertJson, inertLine, inertLines, visible } from '../../../src/util/visibleText';

describe('visible text', () => {
  test('ESC, line breaks, tabs, DEL and C1 controls are written as their escapes', () => {
    assert.equal(visible('a\x1b[31mred\x1b[0m'), 'a\\x1b[31mred\\x1b[0m');
    assert.equal(visible('one\ntwo\r\nthree\tfour'), 'one\\ntwo\\r\\nthree\\tfour');
    assert.equal(visible('\x00\x07\x7f\x85\x9b'), '\\x00\\x07\\x7f\\x85\\x9b');
    assert.equal(visible('\u2028\u2029'), '\\u2028\\u2029');
  });

  test('bidirectional controls and zero-width characters are seen (Trojan Source)', () => {
    assert.equal(visible('admin\u202e\u2066txt.exe'), 'admin\\u202e\\u2066txt.exe');
    assert.equal(visible('a\u200bb\u200cc\u200dd\u2060e\ufeff'), 'a\\u200bb\\u200cc\\u200dd\\u2060e\\ufeff');
    assert.equal(visible('\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u2067\u2068\u2069').split('\\u').length, 11);
    assert.equal(visible('a\u061cb'), 'a\\u061cb', 'four hex digits, zero-padded');
  });

  test('ordinary text is unchanged: empty, letters of every script, emoji, quotes and backslashes', () => {
    for (const text of ['', 'Revenue by region', 'Umsätze «Q1» — 𝔘 ✓ 😀', 'עברית', 'C:\\path\\x', '日本語']) {
      assert.equal(visible(text), text);
      assert.equal(hasInvisible(text), false, text);
    }
    assert.equal(hasInvisible('a\u202eb'), true);
    assert.equal(hasInvisible('a\nb'), true);
  });

  test('whatever the text, the visible form holds no raw control or line break', () => {
    const ran = { escaped: 0, unchanged: 0 };
    const part = fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom('\x1b', '\n', '\u202e', '\u200b', 'a', 'é'));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 20 }), (parts) => {
        const text = parts.join('');
        const out = visible(text);
        ran[hasInvisible(text) ? 'escaped' : 'unchanged']++;
        assert.equal(hasInvisible(out), false, JSON.stringify(out));
        if (!hasInvisible(text)) assert.equal(out, text);
      }),
      { numRuns: 1000 },
    );
    assert.ok(ran.escaped > 0 && ran.unchanged > 0, JSON.stringify(ran));
  });
});

describe('inert lines', () => {
  test('a line cannot begin a GitHub Actions command, with or without leading spaces', () => {
    assert.equal(inertLine('::error::forged'), '\\x3a:error::forged');
    assert.equal(inertLine('  ::add-mask::x'), '  \\x3a:add-mask::x');
    assert.ok(!/^\s*::/.test(inertLine('\t::set-output name=a::b')));
    assert.equal(inertLine('a ::error:: in the middle'), 'a ::error:: in the middle', 'only a line start is a command');
  });

  test('no ##vso[ or ##[ is left anywhere in a line, in any case', () => {
    assert.equal(inertLine('x ##vso[task.setvariable variable=a]b'), 'x #\\x23vso[task.setvariable variable=a]b');
    assert.equal(inertLine('##[error]x'), '#\\x23[error]x');
    assert.equal(inertLine('##VSO[task.complete]'), '#\\x23VSO[task.complete]');
    assert.equal(inertLine('#1 ## heading [x]'), '#1 ## heading [x]');
  });

  test('every line of a text is made inert, and the lines stay as they were', () => {
    assert.equal(inertLines('::a\nok\n ##vso[x]'), '\\x3a:a\nok\n #\\x23vso[x]');
    assert.equal(inertLines(''), '');
  });

  test('an ESC or a line break in a value cannot start a new line once made visible', () => {
    const path = 'dashboards/x\n::error file=a::pwned\x1b]0;title\x07.tsx';
    const out = inertLines(`  localChange    ${visible(path)}`);
    assert.equal(out.split('\n').length, 1);
    assert.ok(!out.includes('\x1b'));
    for (const line of inertLines('::a\n ##vso[b]\nok').split('\n')) assert.ok(!/^\s*::|##vso\[/i.test(line), line);
  });
});

describe('inert JSON', () => {
  test('keeps the value and leaves no raw bidi character or CI marker', () => {
    const value = { path: 'a\u202eb ##vso[task.complete] ::error::x \x1b \u2028 \\##[ \u007f\u0085' };
    const json = inertJson(JSON.stringify(value, null, 2));
    assert.deepEqual(JSON.parse(json), value);
    assert.ok(!['\u202e', '\u2028', '\x1b'].some((c) => json.includes(c)));
    assert.ok(!/##vso\[|##\[/i.test(json));
  });

  test('any value survives', () => {
    const ran = { marked: 0, plain: 0 };
    const text = fc
      .array(fc.constantFrom('##vso[', '##[', '#', '[', '\u202e', '\\', '"', 'x', '\x1b'), { maxLength: 12 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.dictionary(text, text)), (value) => {
        const raw = JSON.stringify(value);
        ran[/##vso\[|##\[/i.test(raw) ? 'marked' : 'plain']++;
        const json = inertJson(raw);
        assert.deepEqual(JSON.parse(json), JSON.parse(raw));
        assert.ok(!/##vso\[|##\[/i.test(json));
      }),
      { numRuns: 500 },
    );
    assert.ok(ran.marked > 0 && ran.plain > 0, JSON.stringify(ran));
  });
});

describe('notification text keeps names visible', () => {
  test('an ESC, a newline or a bidi override in a name is shown as its escape', () => {
    assert.equal(notificationText('Could not save «a\u202eb\nc\x1b»'), 'Could not save «a\\u202eb\\nc\\x1b»');
  });
});
