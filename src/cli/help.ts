// What the table of subcommands says to people: `wsa --help`, `wsa <command> --help`, and the usage
// block and flags table of docs/cli.md, written between its markers by `npm run cli-doc`
// (scripts/cli-doc.mjs; test/unit/cli/cliDoc.test.ts fails on a stale page).
import { BASE_URL_VARIABLE, CARRIER_FLAG_SPECS } from './args/connectionFlags';
import { flagLines, wrapText, type FlagSpec } from './args/flags';
import { COMMAND_NAMES, HELP_FLAG, SUBCOMMANDS, VERSION_FLAG, type CommandName, type UsageLine } from './subcommands';

const HEADERS = `<headers> is ${CARRIER_FLAG_SPECS.map((f) => `[${f.name} ${f.value}]`).join(' ')}.`;
const STANDING_ALONE = ['<command> --help', `${HELP_FLAG.name} | ${HELP_FLAG.alias}`, VERSION_FLAG.name];

const entries = () => COMMAND_NAMES.map((name) => [name, SUBCOMMANDS[name]] as const);
const argsOf = (line: UsageLine) => (typeof line === 'string' ? line : line.args);

function usageLines(name: CommandName, prefix: string): string[] {
  return SUBCOMMANDS[name].usage.flatMap((line) => [
    `${prefix}wsa ${name} ${argsOf(line)}`,
    ...(typeof line === 'string' ? [] : [`${prefix}      ${line.note}`]),
  ]);
}

/** Every flag of the table once, in the order the commands first name them, with the commands that take it. */
export function tableFlags(): { flag: FlagSpec; commands: CommandName[] }[] {
  const byName = new Map<string, { flag: FlagSpec; commands: CommandName[] }>();
  for (const [name, entry] of entries())
    for (const flag of entry.flags as readonly FlagSpec[]) {
      const row = byName.get(flag.name) ?? { flag, commands: [] };
      row.commands.push(name);
      byName.set(flag.name, row);
    }
  return [...byName.values()];
}

/** `wsa --help`: every command's usage and summary, every flag, the notes. */
export function wsaHelp(): string {
  const width = Math.max(...COMMAND_NAMES.map((n) => n.length)) + 4;
  const flags = tableFlags().map(({ flag, commands }) =>
    flagLines(flag, commands.length === COMMAND_NAMES.length ? '' : `[${commands.join(', ')}] `),
  );
  const notes = [...new Set(entries().map(([, entry]) => entry.notes))];
  return `wsa: Workspace Automation from a terminal: a workspace pulled into ordinary files and pushed back,
and the agent tools for an MCP client

Usage:
${[...COMMAND_NAMES.flatMap((name) => usageLines(name, '  ')), ...STANDING_ALONE.map((line) => `  wsa ${line}`)].join('\n')}

Commands:
${entries()
  .map(([name, entry]) => `  ${name.padEnd(width)}${entry.summary}`)
  .join('\n')}

  ${HEADERS}
  On a pulled folder --base-url may be left out when ${BASE_URL_VARIABLE} is set.
  From a checkout, wsa is \`node dist/cli.js\`.

Options:
${[...flags, flagLines(HELP_FLAG), flagLines(VERSION_FLAG)].join('\n')}

${wrapText(notes.join('\n\n'))}
`;
}

/** `wsa <command> --help`: its summary, usage, flags and notes. */
export function commandHelp(name: CommandName): string {
  const entry = SUBCOMMANDS[name];
  const headers = entry.usage.some((line) => argsOf(line).includes('<headers>'));
  return `wsa ${name}: ${entry.summary}

Usage:
${usageLines(name, '  ').join('\n')}
${headers ? `\n  ${HEADERS}\n` : ''}
Options:
${[...(entry.flags as readonly FlagSpec[]), HELP_FLAG].map((f) => flagLines(f)).join('\n')}

${wrapText(entry.notes)}
`;
}

/** A help text as a sentence of the docs: a capital, a full stop, and as code its flags, variables, URLs, identifiers and `''`. */
function docText(help: string): string {
  const code = /(?<![\w`/-])(--[a-z][\w-]*|[A-Z][A-Z_]+_[A-Z]+(?:=1)?|https?:\/\/[\w./-]*\w|https?:\/\/|[a-z]+_[\w…]+|'')/g;
  const text = help.replace(code, '`$1`').replace(/\|/g, '\\|');
  return `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/** The blocks of docs/cli.md the table writes, by marker name. */
export function cliDocBlocks(): Record<'cli-usage' | 'cli-flags', string> {
  const usage = [
    ...COMMAND_NAMES.flatMap((name) => usageLines(name, '').filter((l) => l.startsWith('wsa '))),
    ...STANDING_ALONE.map((l) => `wsa ${l}`),
  ];
  const rows = [
    ...tableFlags().map(({ flag, commands }) => ({ flag, commands: commands.join(', ') })),
    { flag: HELP_FLAG as FlagSpec, commands: '' },
    { flag: VERSION_FLAG as FlagSpec, commands: '' },
  ].map(({ flag, commands }) => {
    const name = `\`${flag.name}${flag.value ? ` ${flag.value}` : ''}\`${flag.alias ? `, \`${flag.alias}\`` : ''}`;
    return `| ${name} |${commands ? ` ${commands} ` : ' '}| ${docText(flag.help)} |`;
  });
  return {
    'cli-usage': ['```text', ...usage, '```', ''].join('\n'),
    'cli-flags': ['| flag | commands | what it does |', '| --- | --- | --- |', ...rows, ''].join('\n'),
  };
}

/** `markdown` (docs/cli.md) with the table's blocks written between their markers; throws when a marker is missing. */
export function withCliDoc(markdown: string): string {
  let text = markdown;
  for (const [name, block] of Object.entries(cliDocBlocks())) {
    const pattern = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
    if (!pattern.test(text)) throw new Error(`docs/cli.md has no <!-- ${name}:start --> … <!-- ${name}:end --> markers`);
    text = text.replace(pattern, (_, start: string, end: string) => `${start}${block}${end}`);
  }
  return text;
}
