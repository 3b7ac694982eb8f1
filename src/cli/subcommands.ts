// The table of `wsa`'s subcommands: one entry each, with what it does, its usage, its flags, what
// its --help says below them, and the handler that runs it. The parser (commandLine.ts), --help and
// docs/cli.md (help.ts) read this table and nothing else, so a new subcommand is one entry here:
// the type below makes the compiler ask for every part of it (test/unit/cli/subcommandRecipe.test.ts).
import type { Readable, Writable } from 'node:stream';
import type { TextProblem } from '../documents/model/saveTypes';
import type { FileView } from '../kinds/resourcePath';
import { MCP_FLAGS, MCP_NOTES } from '../agents/mcp/mcpCommand';
import { BASE_URL_FLAG, CARRIER_FLAG_SPECS, PLAIN_HTTP_FLAG, WORKSPACE_FLAG } from './args/connectionFlags';
import type { FlagSpec, ParsedArgs } from './args/flags';
import { PROMOTE_FLAGS, PROMOTE_NOTES, runPromote } from './promoteCli';
import { FOLDER_NOTES, ID_FLAG, JSON_FLAG, KIND_FLAG, LOCAL_FLAG } from './folderCli';
import { runTargetable, TARGET_FLAG, YES_FLAG } from './targetCli';

/** What a subcommand may use of the process: what the folder commands and `wsa mcp` need, together. */
export interface WsaIo {
  out(text: string): void;
  err(text: string): void;
  readonly env: Record<string, string | undefined>;
  readonly cwd: string;
  /** What `--version` prints (package.json's, built into dist/cli.js). */
  readonly version: string;
  readonly stdin: Readable;
  readonly stdout: Writable;
  /** The folder of dist/cli.js: the bundles loaded by path are beside it. */
  readonly distDir: string;
  /** Local checks before a save (the TSX parser bundle beside dist/cli.js). */
  validate(view: FileView, text: string): Promise<TextProblem[]>;
  /** A question answered in the terminal; absent when stdin is no terminal (CI, a pipe), where nothing can be asked. */
  readonly ask?: (question: string) => Promise<string>;
}

/** A form of the command after `wsa <name>`, with what it is for when the command has more than one. */
export type UsageLine = string | { readonly args: string; readonly note: string };

export interface Subcommand<Flags extends readonly FlagSpec[]> {
  /** What it does, in one line (--help's list of commands). */
  readonly summary: string;
  /** Its forms after `wsa <name>`, as --help and docs/cli.md write them; `[<headers>]` stands for the carrier flags. */
  readonly usage: readonly [UsageLine, ...UsageLine[]];
  /** The flags it takes; --help and --version are every command's and no entry's. */
  readonly flags: Flags;
  /** What its --help says below its flags. */
  readonly notes: string;
  /** Runs it with what the parser read; its exit code. A UsageError it throws is printed as the parser's are. */
  run(args: ParsedArgs<Flags>, io: WsaIo): Promise<number>;
}

/** An entry of the table, its flags' types kept for its handler. */
export function subcommand<const Flags extends readonly FlagSpec[]>(entry: Subcommand<Flags>): Subcommand<Flags> {
  return entry;
}

export const SUBCOMMANDS = {
  pull: subcommand({
    summary: 'pull a workspace into a folder of ordinary files, or a pulled folder again',
    usage: [
      {
        args: '<folder> --base-url <url> --workspace <wksp_…> [--id <id>]… [--kind <kind>]… [<headers>] [--json]',
        note: 'a first pull into a new (or empty) folder',
      },
      {
        args: '<folder> --base-url <url> [--id <id>]… [--kind <kind>]… [<headers>] [--json]',
        note: 'a pulled folder again: its state names the service, --base-url confirms it',
      },
      {
        args: '<folder> --target <name> [--base-url <url>] [--id <id>]… [--kind <kind>]… [<headers>] [--json]',
        note: "a target of the folder's wsa.targets.json, its service confirmed by its variable or --base-url",
      },
    ],
    flags: [BASE_URL_FLAG, WORKSPACE_FLAG, ID_FLAG, KIND_FLAG, ...CARRIER_FLAG_SPECS, JSON_FLAG, PLAIN_HTTP_FLAG, TARGET_FLAG],
    notes: FOLDER_NOTES,
    run: (args, io) => runTargetable('pull', args, io),
  }),
  status: subcommand({
    summary: "each file's state: changed here, on the service, or both (here only with --local)",
    usage: [
      '<folder> --base-url <url> [<headers>] [--json]',
      '<folder> --local [--json]',
      '<folder> --target <name> [--base-url <url>] [<headers>] [--local] [--json]',
    ],
    flags: [BASE_URL_FLAG, ...CARRIER_FLAG_SPECS, LOCAL_FLAG, JSON_FLAG, PLAIN_HTTP_FLAG, TARGET_FLAG],
    notes: FOLDER_NOTES,
    run: (args, io) => runTargetable('status', args, io),
  }),
  push: subcommand({
    summary: 'send the changed files (or the files named) through the guarded save',
    usage: [
      '<folder> [<file>…] --base-url <url> [<headers>] [--json]',
      {
        args: '<folder> [<file>…] --target <name> [--yes] [--base-url <url>] [<headers>] [--json]',
        note: 'to a target of wsa.targets.json; a protected one asks first, or needs --yes',
      },
    ],
    flags: [BASE_URL_FLAG, ...CARRIER_FLAG_SPECS, JSON_FLAG, PLAIN_HTTP_FLAG, TARGET_FLAG, YES_FLAG],
    notes: FOLDER_NOTES,
    run: (args, io) => runTargetable('push', args, io),
  }),
  promote: subcommand({
    summary: "promote one target's resources into another's: a plan first, then the target's guarded saves",
    usage: [
      { args: '<folder> --from <name> --to <name> --plan [<headers>] [--json]', note: 'the plan only: nothing is sent' },
      {
        args: '<folder> --from <name> --to <name> [--yes] [<headers>] [--json]',
        note: 'the plan, then its updates saved; a protected target asks first, or needs --yes',
      },
    ],
    flags: PROMOTE_FLAGS,
    notes: PROMOTE_NOTES,
    run: (args, io) => runPromote(args, io),
  }),
  mcp: subcommand({
    summary: 'the agent tools over stdio for an MCP client, read-only unless --allow-writes',
    usage: ['--base-url <url> --workspace <wksp_…> [<headers>] [--allow-writes [--allow-live-writes]]'],
    flags: MCP_FLAGS,
    notes: MCP_NOTES,
    // Loaded on first need: the folder commands never load the MCP SDK.
    run: (args, io) => import('../agents/mcp').then(({ runMcp }) => runMcp(args, io)),
  }),
} satisfies Record<string, Subcommand<readonly FlagSpec[]>>;

export type CommandName = keyof typeof SUBCOMMANDS;

/** The commands in the table's order. */
export const COMMAND_NAMES = Object.keys(SUBCOMMANDS) as CommandName[];

/** Whether `name` is a command of the table (and not a name every object has, such as `constructor`). */
export function isCommand(name: string | undefined): name is CommandName {
  return name !== undefined && Object.hasOwn(SUBCOMMANDS, name);
}

/** Stand-alone flags: every command's, and no entry's. */
export const HELP_FLAG = { name: '--help', alias: '-h', help: "the usage; after a command, that command's" } as const satisfies FlagSpec;
export const VERSION_FLAG = { name: '--version', help: 'the version of wsa' } as const satisfies FlagSpec;
