// The one flag parser of the repository's command lines (`wsa`'s subcommands, the emulator): flags
// declared as data, read by one loop, written into --help by one formatter. An error names the
// flag, never what follows it: a value may be a key.
import * as l10n from '@vscode/l10n';

/** A command line a program does not take: printed, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** One flag: its name, its value (none for a switch), whether it may be given more than once, its help. */
export interface FlagSpec {
  readonly name: `--${string}`;
  readonly alias?: `-${string}`;
  /** The value as --help writes it (`<url>`); a switch has none. */
  readonly value?: string;
  /** Given again, it adds a value; any other flag given twice is an error. */
  readonly repeatable?: boolean;
  readonly help: string;
}

/** A value as the parser leaves it: a switch's boolean, a value (or undefined when not given), a repeatable flag's values. */
export type FlagValue = boolean | string | undefined | string[];

// A flag declared as data (`as const`) gets its own type; a flag of unknown shape, any of them.
type ValueOf<F extends FlagSpec> = `--${string}` extends F['name']
  ? FlagValue
  : F extends { readonly value: string }
    ? F extends { readonly repeatable: true }
      ? string[]
      : string | undefined
    : boolean;

/** What a command line gave each flag, by name: a switch's `true`, a value, the values of a repeatable flag. */
export type FlagValues<Flags extends readonly FlagSpec[]> = { -readonly [F in Flags[number] as F['name']]: ValueOf<F> };

export interface ParsedArgs<Flags extends readonly FlagSpec[]> {
  readonly flags: FlagValues<Flags>;
  /** The arguments that are no flag and no flag's value, in order. */
  readonly positionals: readonly string[];
}

/** Whether the command line asks for help anywhere: `--help` or `-h`. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/**
 * Reads `argv` against `specs`: `--flag value` and `--flag=value` alike (the value after the first
 * `=`, empty too), switches, repeatable flags, and the rest as positionals. An argument that
 * starts with `-` (but `-` alone) is a flag; one no spec names is refused with `unknown(name)`.
 */
export function parseFlags<const Flags extends readonly FlagSpec[]>(
  argv: readonly string[],
  specs: Flags,
  unknown: (name: string) => string,
): ParsedArgs<Flags> {
  const byName = new Map<string, FlagSpec>(specs.flatMap((f) => [[f.name, f] as const, ...(f.alias ? [[f.alias, f] as const] : [])]));
  const values: Record<string, FlagValue> = {};
  for (const f of specs) values[f.name] = f.value ? (f.repeatable ? [] : undefined) : false;
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.length < 2 || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const spec = byName.get(name);
    if (!spec) throw new UsageError(unknown(name));
    if (!spec.value) {
      if (eq !== -1) throw new UsageError(l10n.t('{0} takes no value.', spec.name));
      values[spec.name] = true;
      continue;
    }
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new UsageError(l10n.t('{0} needs a value.', spec.name));
    const before = values[spec.name];
    if (Array.isArray(before)) before.push(value);
    // Two values where one is taken: which one the user meant (which service gets the key) is not a guess to make.
    else if (before !== undefined) throw new UsageError(l10n.t('{0} is given twice; it takes one value.', spec.name));
    else values[spec.name] = value;
  }
  return { flags: values as FlagValues<Flags>, positionals };
}

/** `text` as lines of at most `width` columns (a word longer than that alone on its line); a blank line starts a paragraph. */
export function wrapText(text: string, width = 100): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => wrapWords(paragraph, width).join('\n'))
    .join('\n\n');
}

function wrapWords(text: string, width: number): string[] {
  const lines = [''];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (lines.at(-1)!.length && lines.at(-1)!.length + 1 + word.length > width) lines.push('');
    lines[lines.length - 1] += `${lines.at(-1)!.length ? ' ' : ''}${word}`;
  }
  return lines;
}

/** A flag's lines in --help: the flag (and its value), then `note` and its help wrapped beside it within `width` columns. */
export function flagLines(f: FlagSpec, note = '', width = 100): string {
  const left = `  ${f.alias ? `${f.alias}, ` : ''}${f.name}${f.value ? ` ${f.value}` : ''}`.padEnd(29);
  return wrapWords(`${note}${f.help}`, width - left.length)
    .map((line, i) => `${i ? ' '.repeat(left.length) : left}${line}`)
    .join('\n');
}
