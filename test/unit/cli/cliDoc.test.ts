// docs/cli.md's usage block and flags table are the table of subcommands written out: the page
// holds what `npm run cli-doc` would write, and a page changed by hand, or a table changed without
// the page, fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cliDocBlocks, tableFlags, withCliDoc } from '../../../src/cli/help';
import { COMMAND_NAMES, SUBCOMMANDS } from '../../../src/cli/subcommands';
import { repoRoot } from '../../harness/lib/paths';

const page = () => readFileSync(join(repoRoot, 'docs/cli.md'), 'utf8');

describe('docs/cli.md from the table of subcommands', () => {
  test('the usage block and the flags table are the ones the table writes (npm run cli-doc)', () => {
    const text = page();
    assert.equal(withCliDoc(text), text, 'docs/cli.md differs from src/cli/subcommands.ts: run `npm run cli-doc`');
  });

  test('a stale page is caught, and a page without the markers is refused', () => {
    const text = page();
    assert.notEqual(withCliDoc(text.replace(/^wsa push .*$/m, 'wsa push <folder>')), text.replace(/^wsa push .*$/m, 'wsa push <folder>'));
    assert.notEqual(withCliDoc(text.replace(/^\| `--local` .*\n/m, '')), text.replace(/^\| `--local` .*\n/m, ''));
    assert.throws(
      () => withCliDoc(text.replace('<!-- cli-flags:end -->', '')),
      /no <!-- cli-flags:start --> … <!-- cli-flags:end --> markers/,
    );
  });

  test('the blocks name every usage line and every flag, with the commands that take it', () => {
    const { 'cli-usage': usage, 'cli-flags': flags } = cliDocBlocks();
    for (const command of COMMAND_NAMES)
      for (const line of SUBCOMMANDS[command].usage)
        assert.ok(usage.includes(`\nwsa ${command} ${typeof line === 'string' ? line : line.args}\n`), `${command}: ${String(line)}`);
    for (const { flag, commands } of tableFlags())
      assert.match(flags, new RegExp(`^\\| \`${flag.name}[^|]*\\| ${commands.join(', ')} \\| [A-Z]`, 'm'), flag.name);
    assert.match(flags, /^\| `--help`, `-h` \| \| The usage/m);
  });
});
