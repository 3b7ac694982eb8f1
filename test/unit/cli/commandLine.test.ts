// The command line's flags are one declared table (CLI_FLAGS): the parser takes each flag for the
// commands the table names and refuses it for the others, --help prints every one of them, and
// the usage lines name every command.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CLI_COMMANDS, CLI_FLAGS, CLI_HELP, parseCliArgs, UsageError } from '../../../src/cli/args/connectionFlags';

const sample: Record<string, string> = { '<kind>': 'dashboard', '<id>': 'wksp_a', '<url>': 'https://a.example' };

describe('the command line table', () => {
  test('each flag is taken by the commands the table names, and refused by the others', () => {
    for (const flag of CLI_FLAGS.filter((f) => f.commands.length)) {
      for (const command of CLI_COMMANDS) {
        const argv = [command, 'folder', flag.name, ...(flag.value ? [sample[flag.value] ?? 'X-Value'] : [])];
        if (flag.commands.includes(command)) {
          const args = parseCliArgs(argv);
          assert.ok(typeof args === 'object' && args.folder === 'folder', `${command} takes ${flag.name}`);
          assert.notDeepEqual(args, parseCliArgs([command, 'folder']), `${flag.name} changes what ${command} does`);
        } else assert.throws(() => parseCliArgs(argv), UsageError, `${command} refuses ${flag.name}`);
      }
    }
  });

  test('a first pull alone takes the workspace and the choice of resources; a status alone --local', () => {
    const takenBy = (name: string) => CLI_FLAGS.find((f) => f.name === name)?.commands;
    for (const name of ['--workspace', '--id', '--kind']) assert.deepEqual(takenBy(name), ['pull'], name);
    assert.deepEqual(takenBy('--local'), ['status']);
    for (const name of ['--base-url', '--auth-header', '--auth-scheme', '--workspace-header', '--json'])
      assert.deepEqual(takenBy(name), [...CLI_COMMANDS], `${name}: every command that may send takes it`);
    assert.throws(() => parseCliArgs(['push', 'f', '--local']), /push does not take --local/);
  });

  test('a value flag takes --flag value and --flag=value alike, and says when the value is missing', () => {
    assert.deepEqual(
      parseCliArgs(['pull', 'f', '--base-url=https://a.example']),
      parseCliArgs(['pull', 'f', '--base-url', 'https://a.example']),
    );
    assert.throws(() => parseCliArgs(['pull', 'f', '--base-url']), /--base-url needs a value/);
    assert.throws(() => parseCliArgs(['push', 'f', '--api-key', 'k']), /not taken as an argument/);
  });

  test('--help and -h print the help, --version the version; --help lists every flag and every command', () => {
    assert.equal(parseCliArgs(['-h']), 'help');
    assert.equal(parseCliArgs(['status', 'f', '--help']), 'help');
    assert.equal(parseCliArgs([]), 'help');
    assert.equal(parseCliArgs(['--version']), 'version');
    for (const flag of CLI_FLAGS) assert.match(CLI_HELP, new RegExp(`^  (-\\w, )?${flag.name}\\b`, 'm'), `--help lists ${flag.name}`);
    for (const command of CLI_COMMANDS) assert.match(CLI_HELP, new RegExp(`^  wsa ${command} <folder>`, 'm'), `usage of ${command}`);
    // status and push need --base-url (or WORKSPACE_AUTOMATION_BASE_URL), and their usage says so.
    assert.match(CLI_HELP, /^ {2}wsa status <folder> --base-url <url>/m);
    assert.match(CLI_HELP, /^ {2}wsa push <folder> \[<file>…\] --base-url <url>/m);
  });
});
