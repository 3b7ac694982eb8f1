// `wsa`'s command line is one table (src/cli/subcommands.ts) read by one parser: each command takes
// the flags its entry names and refuses the others; --help, --version and the unknown-command error
// come from the table; an argument that looks like a key is refused wherever it stands, and never
// printed. Run in this process as dist/cli.js runs it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError, type FlagSpec } from '../../../src/cli/args/flags';
import { parseCommandLine, runWsa } from '../../../src/cli/commandLine';
import { commandHelp, tableFlags, wsaHelp } from '../../../src/cli/help';
import { COMMAND_NAMES, HELP_FLAG, SUBCOMMANDS, VERSION_FLAG, type CommandName } from '../../../src/cli/subcommands';
import { recordedIo } from './cliSupport';

const sample: Record<string, string> = { '<kind>': 'dashboard', '<id>': 'wksp_a', '<url>': 'https://a.example' };
const flagsOf = (command: CommandName) => SUBCOMMANDS[command].flags as readonly FlagSpec[];
/** What the parser read for a command line that runs a command. */
function run(argv: readonly string[], env: Record<string, string> = {}) {
  const line = parseCommandLine(argv, env);
  assert.equal(line.kind, 'run', argv.join(' '));
  return line as Extract<typeof line, { kind: 'run' }>;
}
/** What the parser read for the flags of a pull. */
function pullFlags(argv: readonly string[]) {
  const line = run(['pull', 'f', ...argv]);
  assert.ok(line.command === 'pull');
  return line.args.flags;
}
const usageError = (pattern: RegExp) => (e: unknown) => e instanceof UsageError && pattern.test(e.message);

describe('the table of subcommands', () => {
  test('each command takes the flags its entry names, and refuses every other flag of the table', () => {
    for (const { flag } of tableFlags())
      for (const command of COMMAND_NAMES) {
        const argv = [command, 'folder', flag.name, ...(flag.value ? [sample[flag.value] ?? 'X-Value'] : [])];
        if (flagsOf(command).includes(flag)) {
          const line = run(argv);
          assert.equal(line.command, command);
          assert.notDeepEqual(line.args.flags, run([command, 'folder']).args.flags, `${flag.name} changes what ${command} reads`);
        } else
          assert.throws(() => parseCommandLine(argv, {}), usageError(new RegExp(`^${command} does not take ${flag.name} \\(--help\\)`)));
      }
  });

  test('a first pull alone takes the workspace and the choice of resources, a status alone --local, mcp alone its writes', () => {
    const takenBy = (name: string) => tableFlags().find((row) => row.flag.name === name)?.commands;
    for (const name of ['--id', '--kind']) assert.deepEqual(takenBy(name), ['pull'], name);
    assert.deepEqual(takenBy('--workspace'), ['pull', 'mcp']);
    assert.deepEqual(takenBy('--local'), ['status']);
    assert.deepEqual(takenBy('--json'), ['pull', 'status', 'push', 'promote']);
    for (const name of ['--allow-writes', '--allow-live-writes']) assert.deepEqual(takenBy(name), ['mcp'], name);
    for (const name of ['--auth-header', '--auth-scheme', '--workspace-header', '--allow-plain-http'])
      assert.deepEqual(takenBy(name), COMMAND_NAMES, `${name}: every command that sends the key takes it`);
    // A promotion sends to two services, each confirmed by its own variable: one --base-url cannot confirm both.
    assert.deepEqual(
      takenBy('--base-url'),
      COMMAND_NAMES.filter((c) => c !== 'promote'),
    );
  });

  test('a flag is one spec wherever it is taken, and every flag a usage line names is one its command takes', () => {
    const seen = new Map<string, FlagSpec>();
    for (const command of COMMAND_NAMES) {
      for (const flag of flagsOf(command)) {
        assert.equal(seen.get(flag.name) ?? flag, flag, `${flag.name} is declared once`);
        seen.set(flag.name, flag);
      }
      const names = flagsOf(command).map((f) => f.name);
      for (const line of SUBCOMMANDS[command].usage) {
        const args = typeof line === 'string' ? line : line.args;
        const named = [...args.matchAll(/--[a-z][\w-]*/g)].map((m) => m[0]);
        if (args.includes('<headers>')) named.push('--auth-header', '--auth-scheme', '--workspace-header');
        for (const name of named) assert.ok(names.includes(name as `--${string}`), `wsa ${command} ${args}: ${name}`);
      }
    }
  });
});

describe('the parser at its boundaries', () => {
  test('no argument, --help or -h anywhere is the help; after a known command, that command’s', () => {
    assert.deepEqual(parseCommandLine([], {}), { kind: 'help' });
    assert.deepEqual(parseCommandLine(['-h'], {}), { kind: 'help' });
    assert.deepEqual(parseCommandLine(['--help', 'pull'], {}), { kind: 'help' });
    assert.deepEqual(parseCommandLine(['status', 'f', '--help'], {}), { kind: 'help', command: 'status' });
    assert.deepEqual(parseCommandLine(['pull', '--frobnicate', '-h'], {}), { kind: 'help', command: 'pull' });
    assert.deepEqual(parseCommandLine(['bogus', '--help'], {}), { kind: 'help' });
    assert.deepEqual(parseCommandLine(['--version'], {}), { kind: 'version' });
    assert.deepEqual(parseCommandLine(['pull', 'f', '--version'], {}), { kind: 'version' });
    assert.deepEqual(parseCommandLine(['--version', '--help'], {}), { kind: 'help' });
  });

  test('an unknown command, the empty one and a flag in its place are refused with the commands of the table', () => {
    for (const [argv, shown] of [
      [['bogus'], '"bogus"'],
      [[''], '""'],
      [['--json'], '"--json"'],
      [['constructor', 'f'], '"constructor"'],
    ] as const)
      assert.throws(
        () => parseCommandLine(argv, {}),
        usageError(new RegExp(`^Unknown command ${shown}: use pull, status, push, promote or mcp \\(--help\\)\\.$`)),
        argv.join(' '),
      );
  });

  test('a value flag takes --flag value and --flag=value alike: the value after the first =, empty too; at the end without one, it is refused', () => {
    assert.deepEqual(run(['pull', 'f', '--base-url=https://a.example']).args, run(['pull', 'f', '--base-url', 'https://a.example']).args);
    assert.equal(pullFlags(['--auth-scheme='])['--auth-scheme'], '');
    assert.equal(pullFlags(['--auth-header=X=Y=Z'])['--auth-header'], 'X=Y=Z');
    assert.throws(() => parseCommandLine(['pull', 'f', '--base-url'], {}), usageError(/^--base-url needs a value\.$/));
    assert.throws(
      () => parseCommandLine(['pull', 'f', '--base-url', 'a', '--base-url', 'b'], {}),
      usageError(/^--base-url is given twice/),
    );
    assert.throws(() => parseCommandLine(['pull', 'f', '--json=yes'], {}), usageError(/^--json takes no value\.$/));
  });

  test('a repeatable flag reads zero, one or many values in order', () => {
    assert.deepEqual(pullFlags([])['--id'], []);
    assert.deepEqual(pullFlags(['--id', 'a'])['--id'], ['a']);
    assert.deepEqual(pullFlags(['--id', 'a', '--kind=fact', '--id=b', '--id', 'c'])['--id'], ['a', 'b', 'c']);
    assert.deepEqual(pullFlags(['--kind', 'fact', '--kind', 'apps'])['--kind'], ['fact', 'apps']);
  });

  test('an argument that looks like a key is refused wherever it stands, and never printed', () => {
    const key = 'apik_0123456789abcdefghij';
    const env = { WORKSPACE_AUTOMATION_API_KEY: 'sekrit-env-key-1234' };
    const lines = [
      [key],
      [key, 'f'],
      ['pull', key],
      ['pull', 'f', '--workspace', key],
      ['pull', 'f', `--workspace=${key}`],
      ['pull', 'f', `--frobnicate=${key}`],
      ['push', 'f', 'file', key],
      ['mcp', '--api-key', 'hunter2-not-printed'],
      ['mcp', '--token=hunter2-not-printed'],
      ['status', 'f', '--help', `--base-url=https://u:${key}@a.example`],
      ['pull', 'f', '--auth-scheme', 'sekrit-env-key-1234'],
      ['--version', 'sekrit-env-key-1234'],
    ];
    for (const argv of lines)
      assert.throws(
        () => parseCommandLine(argv, env),
        (e: unknown) =>
          e instanceof UsageError &&
          /^The key is not taken as an argument: set the WORKSPACE_AUTOMATION_API_KEY environment variable\./.test(e.message) &&
          !/apik_|hunter2|sekrit/.test(e.message),
        argv.join(' '),
      );
  });

  test('an unknown flag is named without its value', () => {
    assert.throws(
      () => parseCommandLine(['mcp', '--frobnicate=some-value'], {}),
      (e: unknown) => e instanceof UsageError && e.message === 'mcp does not take --frobnicate (--help).',
    );
    assert.throws(() => parseCommandLine(['status', 'f', '-x=some-value'], {}), usageError(/^status does not take -x \(--help\)\.$/));
  });
});

describe('what wsa prints', () => {
  test('--help lists every command with its usage and summary, and every flag of the table', () => {
    const help = wsaHelp();
    for (const command of COMMAND_NAMES) {
      assert.match(help, new RegExp(`^ {2}wsa ${command} `, 'm'), `usage of ${command}`);
      assert.match(help, new RegExp(`^ {2}${command} +${SUBCOMMANDS[command].summary.slice(0, 20)}`, 'm'), `summary of ${command}`);
    }
    for (const flag of [...tableFlags().map((row) => row.flag), HELP_FLAG, VERSION_FLAG])
      assert.match(help, new RegExp(`^ {2}(-\\w, )?${flag.name}\\b`, 'm'), `--help lists ${flag.name}`);
    // status and push need --base-url (or WORKSPACE_AUTOMATION_BASE_URL), and their usage says so.
    assert.match(help, /^ {2}wsa status <folder> --base-url <url>/m);
    assert.match(help, /^ {2}wsa push <folder> \[<file>…\] --base-url <url>/m);
    assert.match(help, /^Exit codes: 0 done; 1 a conflict/m);
    for (const line of help.split('\n')) assert.ok(line.length <= 110, line);
  });

  test('wsa mcp --help lists mcp’s flags and notes only, on stdout, and exits 0', async () => {
    const io = recordedIo({});
    assert.equal(await runWsa(['mcp', '--help'], io), 0);
    const help = io.stdoutLines.join('\n');
    assert.equal(help, commandHelp('mcp'));
    assert.deepEqual(io.stderrLines, []);
    assert.match(help, /^wsa mcp: the agent tools/);
    for (const flag of [...flagsOf('mcp'), HELP_FLAG]) assert.match(help, new RegExp(`^ {2}(-\\w, )?${flag.name}\\b`, 'm'), flag.name);
    for (const name of ['--json', '--local', '--id', '--version']) assert.doesNotMatch(help, new RegExp(`^ {2}${name}\\b`, 'm'), name);
    assert.match(help, /reads the API key from WORKSPACE_AUTOMATION_API_KEY only/);
  });

  test('a usage error is one line on stderr with exit 2, and JSON on stdout too where the command takes --json', async () => {
    const bogus = recordedIo({});
    assert.equal(await runWsa(['bogus', '--json'], bogus), 2);
    assert.deepEqual(
      bogus.stdoutLines.map((l) => JSON.parse(l) as unknown),
      [{ error: 'Unknown command "bogus": use pull, status, push, promote or mcp (--help).', exitCode: 2 }],
    );
    const pull = recordedIo({});
    assert.equal(await runWsa(['pull', 'f', '--json', '--frobnicate'], pull), 2);
    assert.match(pull.stdoutLines[0]!, /"exitCode":2/);
    assert.deepEqual(pull.stderrLines, ['pull does not take --frobnicate (--help).']);
    const mcp = recordedIo({});
    assert.equal(await runWsa(['mcp', '--json'], mcp), 2);
    assert.deepEqual(mcp.stdoutLines, [], 'mcp prints no JSON: its stdout is the protocol');
    assert.deepEqual(mcp.stderrLines, ['mcp does not take --json (--help).']);
    const version = recordedIo({});
    assert.equal(await runWsa(['--version'], version), 0);
    assert.deepEqual(version.stdoutLines, ['0.0.0-test']);
  });

  test('a handler’s usage error is printed as the parser’s: a folder command without its folder, mcp with an argument', async () => {
    const pull = recordedIo({});
    assert.equal(await runWsa(['pull', '--json'], pull), 2);
    assert.deepEqual(pull.stderrLines, ['pull needs a folder (--help).']);
    assert.equal(pull.stdoutLines.length, 1);
    const status = recordedIo({});
    assert.equal(await runWsa(['status', 'a', 'b'], status), 2);
    assert.deepEqual(status.stderrLines, ['status takes one folder, not b.']);
    const mcp = recordedIo({ WORKSPACE_AUTOMATION_API_KEY: 'k' });
    assert.equal(await runWsa(['mcp', 'something'], mcp), 2);
    assert.deepEqual(mcp.stderrLines, ['mcp takes flags only (--help).']);
    const kind = recordedIo({});
    assert.equal(await runWsa(['pull', 'f', '--kind', 'widgets'], kind), 2);
    assert.match(kind.stderrLines[0]!, /^--kind "widgets" is not a kind: use one of operation, /);
  });
});
