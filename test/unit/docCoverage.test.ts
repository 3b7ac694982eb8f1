// The docs name only what exists, and everything that exists is documented: the settings and
// commands of package.json (and the context keys and views of src/manifest), the command line's
// commands and flags (its table of subcommands), environment variables and exit codes, and the
// npm scripts. Read over the README, docs/, CONTRIBUTING.md, ARCHITECTURE.md and SECURITY.md (the
// changelog is history: it names what was).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { EXIT } from '../../src/cli/folderCli';
import {
  BASE_URL_VARIABLE,
  CARRIER_VARIABLES,
  KEY_VARIABLE,
  PLAIN_HTTP_VARIABLE,
  WORKSPACE_VARIABLE,
} from '../../src/cli/args/connectionFlags';
import type { FlagSpec } from '../../src/cli/args/flags';
import { tableFlags } from '../../src/cli/help';
import { COMMAND_NAMES, HELP_FLAG, VERSION_FLAG } from '../../src/cli/subcommands';
import { TARGET_VARIABLE } from '../../src/environments/model/targets';
import { CONTEXT_KEYS, VIEWS } from '../../src/manifest/contributions';
import { codeOf, docFiles, readDoc, root, withoutCode } from './docSupport';

interface Manifest {
  contributes: { commands: { command: string; title: string }[]; configuration: { properties: Record<string, unknown> } };
  scripts: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const titles = new Map(manifest.contributes.commands.map((c) => [c.command, nls[c.title.slice(1, -1)]!]));
const settings = Object.keys(manifest.contributes.configuration.properties);
/** Titles of VS Code's own that the docs name (menus of the workbench, not ours). */
const VSCODE_TITLES = new Set(['Install from VSIX…']);
const CLI_VARIABLES = [KEY_VARIABLE, BASE_URL_VARIABLE, ...Object.values(CARRIER_VARIABLES), WORKSPACE_VARIABLE, PLAIN_HTTP_VARIABLE];
/**
 * A variable the CLI reads by that name, or a target's key or service, read by the target's name:
 * `…_API_KEY_PROD`, or the family written with a placeholder, `…_API_KEY_<NAME>`.
 */
const isCliVariable = (name: string, placeholder: boolean): boolean =>
  placeholder ? TARGET_VARIABLE.test(`${name}NAME`) : CLI_VARIABLES.includes(name) || TARGET_VARIABLE.test(name);
/** Every flag of `wsa`, from its table of subcommands, and the two that stand alone. */
const CLI_FLAGS: readonly FlagSpec[] = [...tableFlags().map((row) => row.flag), HELP_FLAG, VERSION_FLAG];

type Docs = ReadonlyMap<string, string>;

function realDocs(): Map<string, string> {
  return new Map(
    docFiles()
      .filter((f) => f !== 'CHANGELOG.md' && !f.startsWith('media/'))
      .map((f) => [f, readDoc(f)]),
  );
}

/** Names the docs use that do not exist, one line each. */
export function unknownNames(docs: Docs): string[] {
  const problems: string[] = [];
  const ids = new Set<string>([...settings, ...titles.keys(), ...Object.values(CONTEXT_KEYS), ...Object.values(VIEWS)]);
  const flags = new Set<string>(CLI_FLAGS.flatMap((f) => [f.name, ...(f.alias ? [f.alias] : [])]));
  // The welcome views' and the walkthrough's buttons are ours too: `[Sign In](command:…)`.
  const buttons = Object.values(nls).flatMap((text) => [...text.matchAll(/\[([^\]]+)\]\(command:/g)].map((m) => m[1]!));
  const current = new Set([...titles.values(), ...VSCODE_TITLES, ...buttons]);
  for (const [file, text] of docs) {
    for (const [, id] of text.matchAll(/\b(workspaceAutomation\.[\w.]*\w)/g))
      if (!ids.has(id!)) problems.push(`${file}: ${id} is no setting or command`);
    for (const [, name, placeholder] of text.matchAll(/\b(WORKSPACE_AUTOMATION_\w+)(<NAME>)?/g))
      if (!isCliVariable(name!, placeholder !== undefined)) problems.push(`${file}: ${name}${placeholder ?? ''} is read by nothing`);
    for (const [, script] of text.matchAll(/\bnpm run ([\w:-]+)/g))
      if (!(script! in manifest.scripts)) problems.push(`${file}: npm run ${script} is no script`);
    // A command written out: `wsa <command> … --flag` in code, each flag from the table.
    for (const code of codeOf(text))
      for (const line of code.split('\n'))
        for (const [, rest] of line.matchAll(/(?:^|[\s`$])wsa((?:\s+[^\s#|;&]+)*)/g))
          for (const [, flag] of rest!.matchAll(/(?:^|\s)(--?[a-z][\w-]*)/g))
            if (!flags.has(flag!)) problems.push(`${file}: wsa has no ${flag}`);
    // A command named in emphasis (*Sign In…*): ours, spelled as its title is now, or VS Code's.
    for (const [, name] of withoutCode(text).matchAll(/(?<!\*)\*{1,2}(?:Workspace Automation: )?([^*\n]+?)\*{1,2}(?!\*)/g)) {
      const bare = name!.replace(/…$/, '');
      const ours = [...titles.values()].find((t) => t.replace(/…$/, '') === bare);
      if (current.has(name!)) continue;
      if (ours || name!.endsWith('…')) problems.push(`${file}: *${name}* is no command's title`);
    }
  }
  return problems;
}

/** What exists and no doc documents, one line each. */
export function undocumented(docs: Docs): string[] {
  const all = [...docs.values()].join('\n');
  const cli = docs.get('docs/cli.md') ?? '';
  const flagsTable = cli.split('\n').filter((l) => /^\| `--?[a-z]/.test(l));
  const commandsTable = cli.split('\n').filter((l) => /^\| `[a-z]+` \|/.test(l));
  const exitTable = cli.split('\n').filter((l) => /^\| `\d` \|/.test(l));
  const envTable = cli.split('\n').filter((l) => /^\| `WORKSPACE_AUTOMATION_/.test(l));
  return [
    ...settings.filter((id) => !all.includes(`\`${id}\``)).map((id) => `the setting ${id}`),
    ...[...titles.keys()].filter((id) => !all.includes(`\`${id}\``)).map((id) => `the command ${id}`),
    ...CLI_FLAGS.filter((f) => !flagsTable.some((l) => l.startsWith(`| \`${f.name}`) && (!f.alias || l.includes(`\`${f.alias}\``)))).map(
      (f) => `the flag ${f.name} in docs/cli.md's flags`,
    ),
    ...COMMAND_NAMES.filter((c) => !commandsTable.some((l) => l.startsWith(`| \`${c}\``))).map((c) => `wsa ${c} in docs/cli.md's commands`),
    ...Object.values(EXIT)
      .filter((code) => !exitTable.some((l) => l.startsWith(`| \`${code}\``)))
      .map((code) => `exit code ${code} in docs/cli.md`),
    ...CLI_VARIABLES.filter((v) => !envTable.some((l) => l.startsWith(`| \`${v}\``))).map((v) => `${v} in docs/cli.md's environment`),
  ];
}

describe('what the docs name exists, and what exists is documented', () => {
  test('every setting, command, context key, variable, script and wsa flag the docs name exists', () => {
    assert.deepEqual(unknownNames(realDocs()), []);
  });

  test('every setting, command, wsa command, flag, variable and exit code is documented', () => {
    assert.deepEqual(undocumented(realDocs()), []);
  });

  test('a name that does not exist, or a thing left undocumented, is caught', () => {
    const docs = realDocs();
    const readme = docs.get('README.md')!;
    const cli = docs.get('docs/cli.md')!;
    const broken = new Map(docs);
    broken.set(
      'README.md',
      `${readme}\nSet \`workspaceAutomation.theme\`, run \`wsa push x --force\` and \`npm run deploy\`, export WORKSPACE_AUTOMATION_TOKEN and WORKSPACE_AUTOMATION_API_KEY_PROD, WORKSPACE_AUTOMATION_BASE_URL_<NAME>, WORKSPACE_AUTOMATION_TOKEN_PROD, WORKSPACE_AUTOMATION_TOKEN_<NAME>, WORKSPACE_AUTOMATION_BASE_URL_; *Use This Folder's Header Settings…*, *Add Resource by ID*.\n`,
    );
    assert.deepEqual(unknownNames(broken), [
      'README.md: workspaceAutomation.theme is no setting or command',
      'README.md: WORKSPACE_AUTOMATION_TOKEN is read by nothing',
      'README.md: WORKSPACE_AUTOMATION_TOKEN_PROD is read by nothing',
      'README.md: WORKSPACE_AUTOMATION_TOKEN_<NAME> is read by nothing',
      'README.md: WORKSPACE_AUTOMATION_BASE_URL_ is read by nothing',
      'README.md: npm run deploy is no script',
      'README.md: wsa has no --force',
      "README.md: *Use This Folder's Header Settings…* is no command's title",
      "README.md: *Add Resource by ID* is no command's title",
    ]);
    const missing = new Map(docs);
    missing.set('README.md', readme.replace(/^.*`workspaceAutomation\.autoSave`.*$/gm, ''));
    missing.set(
      'docs/cli.md',
      cli
        .replace(/^\| `--local` .*$/m, '')
        .replace(/^\| `1` .*$/m, '')
        .replace(/^\| `status` .*$/m, ''),
    );
    assert.deepEqual(undocumented(missing), [
      'the setting workspaceAutomation.autoSave',
      "the flag --local in docs/cli.md's flags",
      "wsa status in docs/cli.md's commands",
      'exit code 1 in docs/cli.md',
    ]);
  });
});
