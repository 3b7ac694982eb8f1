// ARCHITECTURE.md's recipe for a new subcommand, as the compiler holds it: `npx tsc --noEmit` (the
// type check of `npm test`, which covers test/) compiles this file, and each `@ts-expect-error`
// below is an entry the compiler refuses: without its handler, its summary, its notes, its flags or
// any usage line; with a handler that reads a flag its entry does not declare, or mistakes a value's
// type; a table entry not made by subcommand() and incomplete. Were any of them accepted, the unused
// directive would fail the type check. At run time, the complete entry goes through the real parser.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FlagSpec } from '../../../src/cli/args/flags';
import { parseFlags } from '../../../src/cli/args/flags';
import { subcommand, SUBCOMMANDS, type Subcommand } from '../../../src/cli/subcommands';
import { recordedIo } from './cliSupport';

const TO_FLAG = { name: '--to', value: '<revision>', help: 'the revision to publish' } as const satisfies FlagSpec;
const summary = 'publish a revision';
const usage = ['<id> --to <revision>'] as const;
const notes = '';
const run = () => Promise.resolve(0);

describe('the recipe for a new subcommand, as the compiler holds it', () => {
  test('an entry missing a part, or a handler reading what its flags do not give, does not compile', () => {
    const incomplete = [
      // @ts-expect-error -- no handler: 'run' is missing
      subcommand({ summary, usage, flags: [TO_FLAG], notes }),
      // @ts-expect-error -- no summary
      subcommand({ usage, flags: [TO_FLAG], notes, run }),
      // @ts-expect-error -- no notes for its --help
      subcommand({ summary, usage, flags: [TO_FLAG], run }),
      // @ts-expect-error -- no flags (an entry that takes none says `flags: []`)
      subcommand({ summary, usage, notes, run }),
      // @ts-expect-error -- no usage line at all
      subcommand({ summary, usage: [], flags: [TO_FLAG], notes, run }),
      subcommand({
        summary,
        usage,
        flags: [TO_FLAG],
        notes,
        // @ts-expect-error -- a flag the entry does not declare
        run: ({ flags }) => Promise.resolve(flags['--from'] ? 0 : 1),
      }),
      subcommand({
        summary,
        usage,
        flags: [TO_FLAG],
        notes,
        // @ts-expect-error -- --to may be left out: its value is a string or undefined
        run: ({ flags }) => Promise.resolve(flags['--to'].length),
      }),
      // @ts-expect-error -- a flag spec without its help
      subcommand({ summary, usage, flags: [{ name: '--to', value: '<revision>' }], notes, run }),
    ];
    assert.equal(incomplete.length, 8);
    const table = {
      ...SUBCOMMANDS,
      // @ts-expect-error -- written into the table without subcommand(), incomplete all the same
      publish: { summary, usage, flags: [TO_FLAG], notes },
    } satisfies Record<string, Subcommand<readonly FlagSpec[]>>;
    assert.ok(table.publish);
  });

  test('the complete entry compiles, and its handler gets what the parser read, typed', async () => {
    let seen: string | undefined;
    const publish = subcommand({
      summary,
      usage,
      flags: [TO_FLAG],
      notes,
      run: ({ flags, positionals }) => {
        seen = `${positionals.join(' ')} → ${flags['--to'] ?? 'latest'}`;
        return Promise.resolve(0);
      },
    });
    const table = { ...SUBCOMMANDS, publish } satisfies Record<string, Subcommand<readonly FlagSpec[]>>;
    const args = parseFlags(['oper_1', '--to=7'], table.publish.flags, (name) => `publish does not take ${name}`);
    assert.equal(await table.publish.run(args, recordedIo({})), 0);
    assert.equal(seen, 'oper_1 → 7');
  });
});
