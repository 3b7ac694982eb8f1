// The one flag parser of the repository's command lines (src/cli/args/flags.ts), on flags of its
// own: what it reads, what it refuses, and that its refusals name a flag and never a value.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { flagLines, parseFlags, UsageError, wantsHelp, wrapText, type FlagSpec } from '../../../src/cli/args/flags';

const FLAGS = [
  { name: '--url', value: '<url>', help: 'a value' },
  { name: '--tag', value: '<tag>', repeatable: true, help: 'a repeatable value' },
  { name: '--dry-run', alias: '-n', help: 'a switch' },
] as const satisfies readonly FlagSpec[];

const parse = (argv: readonly string[]) => parseFlags(argv, FLAGS, (name) => `no ${name}`);
const refused = (argv: readonly string[], message: string) =>
  assert.throws(
    () => parse(argv),
    (e: unknown) => e instanceof UsageError && e.message === message,
    argv.join(' '),
  );

describe('the flag parser', () => {
  test('nothing given: no value, no values, switches off, no positionals', () => {
    assert.deepEqual(parse([]), { flags: { '--url': undefined, '--tag': [], '--dry-run': false }, positionals: [] });
  });

  test('--flag value and --flag=value alike, the value after the first =, an empty one kept; positionals in order around them', () => {
    const a = parse(['one', '--url', 'https://a.example/?x=1', 'two', '-n', '-', '--tag=a=b', '--tag=']);
    assert.deepEqual(a, {
      flags: { '--url': 'https://a.example/?x=1', '--tag': ['a=b', ''], '--dry-run': true },
      positionals: ['one', 'two', '-'],
    });
    assert.equal(parse(['--url=']).flags['--url'], '');
    // A value is taken as given, even one that looks like a flag.
    assert.equal(parse(['--url', '--dry-run']).flags['--url'], '--dry-run');
  });

  test('a repeatable flag gathers zero, one or many values; any other value flag given twice is refused', () => {
    assert.deepEqual(parse(['--tag', 'a']).flags['--tag'], ['a']);
    assert.deepEqual(parse(['--tag', 'a', '--tag=b', '--tag', 'c']).flags['--tag'], ['a', 'b', 'c']);
    refused(['--url', 'a', '--url=b'], '--url is given twice; it takes one value.');
    assert.equal(parse(['-n', '--dry-run']).flags['--dry-run'], true, 'a switch twice is still on');
  });

  test('refusals name the flag, never the value', () => {
    refused(['--url'], '--url needs a value.');
    refused(['x', '--tag'], '--tag needs a value.');
    refused(['--dry-run=secret-value'], '--dry-run takes no value.');
    refused(['--nope=secret-value'], 'no --nope');
    refused(['-x=secret-value'], 'no -x');
    refused(['--'], 'no --');
  });

  test('--help or -h anywhere asks for help', () => {
    assert.equal(wantsHelp(['a', '--url', 'x', '-h']), true);
    assert.equal(wantsHelp(['--help']), true);
    assert.equal(wantsHelp(['--helpful', '-hx']), false);
  });

  test('a flag’s help is wrapped beside it within 100 columns; a long text is wrapped by paragraph', () => {
    const lines = flagLines({ name: '--url', value: '<url>', help: 'word '.repeat(40).trim() }).split('\n');
    assert.ok(lines.length > 1);
    assert.match(lines[0]!, /^ {2}--url <url> {16}word/);
    for (const line of lines) assert.ok(line.length <= 100 && /^ {2}(--url <url> {16}| {27})word/.test(line), line);
    assert.equal(flagLines({ name: '--dry-run', alias: '-n', help: 'a switch' }, '[x] '), `  -n, --dry-run${' '.repeat(14)}[x] a switch`);
    assert.equal(wrapText('a b\nc\n\nd', 3), 'a b\nc\n\nd');
  });
});
