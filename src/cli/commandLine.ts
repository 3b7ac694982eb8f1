// `wsa`'s one parser and dispatcher, on the table of subcommands: an argument that looks like a key
// is refused first (without being printed), then --help (anywhere), --version, the command and its
// flags; a usage error, the parser's or a handler's, is one line on stderr (and JSON on stdout for
// a command that takes --json) with exit code 2.
import * as l10n from '@vscode/l10n';
import { refuseKeyArguments } from './args/connectionFlags';
import { parseFlags, UsageError, wantsHelp, type FlagSpec, type ParsedArgs } from './args/flags';
import { EXIT } from './folderCli';
import { commandHelp, wsaHelp } from './help';
import { COMMAND_NAMES, isCommand, SUBCOMMANDS, type CommandName, type Subcommand, type WsaIo } from './subcommands';
import { inertJson, inertLines, visible } from '../util/visibleText';

/** A command of the table to run, with what the parser read for it. */
export type Invocation = {
  [K in CommandName]: { readonly kind: 'run'; readonly command: K; readonly args: ParsedArgs<(typeof SUBCOMMANDS)[K]['flags']> };
}[CommandName];

/** What a command line asks for: help (the whole program's, or a command's), the version, or a command to run. */
export type CommandLine = { readonly kind: 'help'; readonly command?: CommandName } | { readonly kind: 'version' } | Invocation;

/** `a, b or c`. */
function oneOf(names: readonly string[]): string {
  return names.length > 1 ? l10n.t('{0} or {1}', names.slice(0, -1).join(', '), names.at(-1)!) : names.join('');
}

/** Reads a command line against the table; throws UsageError for one it does not take. */
export function parseCommandLine(argv: readonly string[], env: Record<string, string | undefined>): CommandLine {
  refuseKeyArguments(argv, env);
  const [name, ...rest] = argv;
  const command = isCommand(name) ? name : undefined;
  if (argv.length === 0 || wantsHelp(argv)) return command ? { kind: 'help', command } : { kind: 'help' };
  if (argv.includes('--version')) return { kind: 'version' };
  if (!command) throw new UsageError(l10n.t('Unknown command {0}: use {1} (--help).', JSON.stringify(name), oneOf(COMMAND_NAMES)));
  const entry: Subcommand<readonly FlagSpec[]> = SUBCOMMANDS[command];
  const args = parseFlags(rest, entry.flags, (flag) => l10n.t('{0} does not take {1} (--help).', command, flag));
  return { kind: 'run', command, args } as Invocation;
}

/** Runs a command line as dist/cli.js does; its exit code. */
export async function runWsa(argv: readonly string[], io: WsaIo): Promise<number> {
  try {
    const line = parseCommandLine(argv, io.env);
    if (line.kind === 'help') {
      io.out(line.command ? commandHelp(line.command) : wsaHelp());
      return EXIT.done;
    }
    if (line.kind === 'version') {
      io.out(io.version);
      return EXIT.done;
    }
    const entry: Subcommand<readonly FlagSpec[]> = SUBCOMMANDS[line.command];
    return await entry.run(line.args, io);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    // A script that asked for JSON gets its error as JSON too, where the command prints JSON at all.
    const name = argv[0];
    if (argv.includes('--json') && (!isCommand(name) || SUBCOMMANDS[name].flags.some((f: FlagSpec) => f.name === '--json')))
      io.out(inertJson(JSON.stringify({ error: e.message, exitCode: EXIT.error })));
    io.err(inertLines(visible(e.message)));
    return EXIT.error;
  }
}
