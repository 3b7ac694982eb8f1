// package.json names only the commands and context keys that src/manifest/contributions.ts
// declares, every declared command is contributed (or listed as internal) and registered by the
// feature it belongs to, and every declared context key is set somewhere.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { COMMANDS, CONTEXT_KEYS, INTERNAL_COMMANDS, VIEWS, focusViewCommand } from '../../src/manifest/contributions';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;

/** The context keys of VS Code itself that our `when` clauses use. */
const VSCODE_CONTEXT_KEYS = new Set(['view', 'viewItem', 'resourceScheme', 'isInDiffLeftEditor', 'scmProvider', 'scmResourceGroup']);

interface Manifest {
  contributes: {
    commands: { command: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    keybindings: { command: string; when?: string }[];
    viewsWelcome: { view: string; contents: string; when?: string }[];
    walkthroughs: { steps: { description: string; completionEvents?: string[]; when?: string }[] }[];
  };
}

const declared = new Set<string>(Object.values(COMMANDS));
const contextKeys = new Set<string>(Object.values(CONTEXT_KEYS));
const views = new Set<string>(Object.values(VIEWS));
const focusCommands = new Set<string>(Object.values(VIEWS).map(focusViewCommand));

function manifest(): Manifest {
  // Texts are `%key%` placeholders (package.nls.json): the links they hold are checked resolved.
  const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'), (_key, value: unknown) =>
    typeof value === 'string' && /^%[^%\s]+%$/.test(value) ? (nls[value.slice(1, -1)] ?? value) : value,
  ) as Manifest;
}

/** The context keys a `when` clause reads (left of its operators); values after `==`, `=~` and `in` are not keys. */
function whenKeys(when: string): { keys: string[]; viewValues: string[] } {
  const keys: string[] = [];
  const viewValues: string[] = [];
  const withoutRegexes = when.replace(/=~\s*\/(?:\\.|[^/])*\/[a-z]*/g, '=~ REGEX');
  for (const term of withoutRegexes.split(/&&|\|\||[()]/)) {
    const m = /^\s*!?\s*([\w.]+)\s*(?:(==|!=|=~|in|not in)\s*(\S+))?\s*$/.exec(term);
    assert.ok(m, `a term of «${when}» that the check cannot read: «${term}»`);
    if (m[1] === 'true' || m[1] === 'false') continue;
    keys.push(m[1]!);
    if (m[1] === 'view' && m[3]) viewValues.push(m[3]);
  }
  return { keys, viewValues };
}

/** Everything wrong with a package.json against the declarations: empty when it agrees. */
function problems(pkg: Manifest): string[] {
  const found: string[] = [];
  const c = pkg.contributes;
  const contributed = new Set(c.commands.map((x) => x.command));
  const checkCommand = (command: string, where: string) => {
    if (!declared.has(command) && !focusCommands.has(command)) found.push(`${where} names the undeclared command ${command}`);
  };
  const checkWhen = (when: string | undefined, where: string) => {
    if (!when) return;
    const { keys, viewValues } = whenKeys(when);
    for (const key of keys)
      if (!contextKeys.has(key) && !VSCODE_CONTEXT_KEYS.has(key)) found.push(`${where}: «${when}» reads the undeclared context key ${key}`);
    for (const view of viewValues) if (!views.has(view)) found.push(`${where}: «${when}» names the undeclared view ${view}`);
  };
  const links = (text: string) => [...text.matchAll(/\(command:([\w.]+)/g)].map((m) => m[1]!);

  for (const command of contributed) checkCommand(command, 'contributes.commands');
  for (const command of declared) {
    const internal = (INTERNAL_COMMANDS as readonly string[]).includes(command);
    if (!internal && !contributed.has(command))
      found.push(`${command} is declared but neither contributed nor listed in INTERNAL_COMMANDS`);
    if (internal && contributed.has(command)) found.push(`${command} is listed as internal but contributed`);
  }
  for (const [menu, entries] of Object.entries(c.menus)) {
    for (const e of entries) {
      checkCommand(e.command, `menus.${menu}`);
      if (!contributed.has(e.command)) found.push(`menus.${menu} names ${e.command}, which contributes.commands does not`);
      checkWhen(e.when, `menus.${menu} ${e.command}`);
    }
  }
  for (const k of c.keybindings) {
    checkCommand(k.command, 'keybindings');
    checkWhen(k.when, `keybinding of ${k.command}`);
  }
  for (const w of c.viewsWelcome) {
    if (!views.has(w.view)) found.push(`viewsWelcome names the undeclared view ${w.view}`);
    for (const command of links(w.contents)) checkCommand(command, 'viewsWelcome');
    checkWhen(w.when, 'viewsWelcome');
  }
  for (const step of c.walkthroughs.flatMap((w) => w.steps)) {
    for (const command of links(step.description)) checkCommand(command, 'walkthrough link');
    checkWhen(step.when, 'walkthrough step');
    for (const event of step.completionEvents ?? []) {
      const [kind, value] = [event.slice(0, event.indexOf(':') + 1), event.slice(event.indexOf(':') + 1)];
      if (kind === 'onCommand:') checkCommand(value, 'walkthrough completion');
      if (kind === 'onContext:') checkWhen(value, 'walkthrough completion');
      if (kind === 'onView:' && !views.has(value)) found.push(`walkthrough completion names the undeclared view ${value}`);
    }
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(root, dir, f), 'utf8'));
}

describe('contributions: package.json and the declared ids', () => {
  test('package.json names only declared commands, views and context keys, and contributes every declared command', () => {
    assert.deepEqual(problems(manifest()), []);
  });

  test('an undeclared command in a menu, a key binding or a link, or an undeclared context key, is caught', () => {
    const cases: [string, (m: Manifest) => void, RegExp][] = [
      [
        'menu',
        (m) => m.contributes.menus['view/title']!.push({ command: 'workspaceAutomation.nope' }),
        /menus\.view\/title names the undeclared command workspaceAutomation\.nope/,
      ],
      [
        'key binding',
        (m) => m.contributes.keybindings.push({ command: 'workspaceAutomation.nope' }),
        /keybindings names the undeclared command/,
      ],
      [
        'welcome link',
        (m) => (m.contributes.viewsWelcome[0]!.contents += '\n[X](command:workspaceAutomation.nope)'),
        /viewsWelcome names the undeclared command/,
      ],
      [
        'walkthrough link',
        (m) => (m.contributes.walkthroughs[0]!.steps[0]!.description += ' [X](command:workspaceAutomation.nope)'),
        /walkthrough link names/,
      ],
      [
        'context key',
        (m) => (m.contributes.menus.commandPalette![0]!.when = 'workspaceAutomation.isAdmin && !view'),
        /undeclared context key workspaceAutomation\.isAdmin/,
      ],
      [
        'view',
        (m) => (m.contributes.menus['view/title']![0]!.when = 'view == workspaceAutomation.other'),
        /undeclared view workspaceAutomation\.other/,
      ],
      [
        'uncontributed command',
        (m) => (m.contributes.commands = m.contributes.commands.filter((x) => x.command !== COMMANDS.copyId)),
        /copyId is declared but neither contributed/,
      ],
    ];
    for (const [what, change, expected] of cases) {
      const m = manifest();
      change(m);
      assert.match(problems(m).join('\n'), expected, what);
    }
  });

  test('when clauses are read key by key, with regexes and values left out', () => {
    assert.deepEqual(whenKeys('view == workspaceAutomation.explorer && viewItem =~ /\\bresource\\b|\\bgroup\\b/'), {
      keys: ['view', 'viewItem'],
      viewValues: ['workspaceAutomation.explorer'],
    });
    assert.deepEqual(whenKeys('resourceScheme == wsa && !isInDiffLeftEditor').keys, ['resourceScheme', 'isInDiffLeftEditor']);
    assert.deepEqual(whenKeys('false').keys, []);
  });

  test('the features register every declared command, through the one wrapper', () => {
    const text = sources('src').join('\n');
    // One at a time (`registerCommand(log, COMMANDS.x`, `command(COMMANDS.x`) or a map for registerCommands (`[COMMANDS.x]:`).
    const registered = new Set(
      [...text.matchAll(/(?:registerCommand\([\w.]+, |command\(|\[)COMMANDS\.(\w+)(?:\]:)?/g)]
        .filter((m) => !m[0].startsWith('[') || m[0].endsWith(']:'))
        .map((m) => m[1]!),
    );
    assert.deepEqual(
      Object.keys(COMMANDS).filter((name) => !registered.has(name)),
      [],
      'declared commands that no feature registers',
    );
    assert.doesNotMatch(
      sources('src').join('\n'),
      /vscode\.commands\.registerCommand\((?!id,)/,
      'commands are registered only by registerCommand.ts',
    );
  });

  test('every declared context key is set by the extension', () => {
    const text = sources('src').join('\n');
    const set = new Set([...text.matchAll(/'setContext', CONTEXT_KEYS\.(\w+)/g)].map((m) => m[1]!));
    assert.deepEqual(
      Object.keys(CONTEXT_KEYS).filter((k) => !set.has(k)),
      [],
    );
    assert.doesNotMatch(text, /'setContext', '/, 'context keys are named from CONTEXT_KEYS');
  });
});
