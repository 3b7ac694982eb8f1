// The command palette shows only what applies: before sign-in, Sign In…, Connect to Local Emulator
// and Show Log; each of the four rare security prompts only while the connection is in the state it
// answers (the context keys the connection manager sets); the commands that need a service only when
// signed in, or before the extension has read the connection (a window that has not activated it
// yet cannot tell, and running one activates it). Titles that ask before acting end with "…" in every language, and the settings start
// with the connection.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ASKING_COMMANDS, COMMANDS, CONTEXT_KEYS } from '../../src/manifest/contributions';
import { evaluateWhen, type WhenContext } from './whenSupport';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;

interface Manifest {
  contributes: {
    commands: { command: string; title: string }[];
    menus: { commandPalette: { command: string; when?: string }[] };
    configuration: { properties: Record<string, { order?: number }> };
  };
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;

/** The commands the palette lists in `context`: a command is listed unless a commandPalette entry's `when` is false. */
function palette(context: WhenContext): string[] {
  const entries = manifest.contributes.menus.commandPalette;
  return manifest.contributes.commands
    .map((c) => c.command)
    .filter((command) => entries.filter((e) => e.command === command).every((e) => evaluateWhen(e.when, context)));
}

const SECURITY_PROMPTS = [
  COMMANDS.signInToFolderService,
  COMMANDS.useMyKeyForFolderService,
  COMMANDS.acceptFolderHeaders,
  COMMANDS.allowPlainHttp,
];
const without = (list: string[], ...drop: string[]) => list.filter((c) => !drop.includes(c));

describe('the command palette shows what applies', () => {
  const known = { [CONTEXT_KEYS.connectionKnown]: true };
  const NEED_SERVICE = [
    COMMANDS.signOut,
    COMMANDS.switchWorkspace,
    COMMANDS.addResource,
    COMMANDS.openResourceById,
    COMMANDS.refresh,
    COMMANDS.showHistory,
    COMMANDS.pullIntoFolder,
  ];

  test('before sign-in: Sign In…, Connect to Local Emulator and Show Log', () => {
    assert.deepEqual(palette(known), [COMMANDS.signIn, COMMANDS.connectEmulator, COMMANDS.showLog]);
    assert.deepEqual(palette({ ...known, [CONTEXT_KEYS.connectionBlocked]: '' }), palette(known));
  });

  test('before the extension has read the connection: what a signed-in user has too, so that running it activates the extension', () => {
    const before = palette({});
    for (const command of NEED_SERVICE) assert.ok(before.includes(command), `${command} is listed before the connection is known`);
    assert.deepEqual(
      before.filter((c) => SECURITY_PROMPTS.includes(c as never)),
      [],
      'no security prompt: nothing is blocked yet',
    );
    for (const command of NEED_SERVICE) assert.ok(!palette(known).includes(command), `${command} is hidden once known signed out`);
  });

  test('each security prompt only while the connection is in the state it answers', () => {
    const shown = (context: WhenContext) => palette({ ...known, ...context }).filter((c) => SECURITY_PROMPTS.includes(c as never));
    assert.deepEqual(shown({ [CONTEXT_KEYS.connectionBlocked]: 'folderService' }), [
      COMMANDS.signInToFolderService,
      COMMANDS.useMyKeyForFolderService,
    ]);
    assert.deepEqual(shown({ [CONTEXT_KEYS.connectionBlocked]: 'plainHttp' }), [COMMANDS.allowPlainHttp]);
    assert.deepEqual(shown({ [CONTEXT_KEYS.signedIn]: true, [CONTEXT_KEYS.folderHeadersIgnored]: true }), [COMMANDS.acceptFolderHeaders]);
    assert.deepEqual(shown({ [CONTEXT_KEYS.signedIn]: true, [CONTEXT_KEYS.folderHeadersIgnored]: false }), []);
  });

  test('signed in: the commands that need a service, and no security prompt', () => {
    const signedIn = palette({ ...known, [CONTEXT_KEYS.signedIn]: true });
    for (const command of NEED_SERVICE) assert.ok(signedIn.includes(command), `${command} is listed signed in`);
    assert.deepEqual(without(signedIn, ...SECURITY_PROMPTS), signedIn);
    // A document's commands still wait for their document, held saves for a held save, folders for a folder.
    for (const command of [COMMANDS.save, COMMANDS.publish, COMMANDS.sendHeldChanges, COMMANDS.pushFolder])
      assert.ok(!signedIn.includes(command), `${command} waits for what it acts on`);
    assert.ok(palette({ resourceScheme: 'wsa' }).includes(COMMANDS.save));
    assert.ok(palette({ [CONTEXT_KEYS.hasLocalFolders]: true }).includes(COMMANDS.pushFolder));
  });

  test('a title ends with "…" exactly when its command asks before acting, in English and in every translation', () => {
    const asking = new Set<string>(ASKING_COMMANDS);
    const nlsFiles = readdirSync(root).filter((f) => /^package\.nls(\.[\w-]+)?\.json$/.test(f));
    assert.ok(nlsFiles.length >= 2, nlsFiles.join());
    for (const file of nlsFiles) {
      const nls = JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, string>;
      for (const { command, title } of manifest.contributes.commands) {
        const text = nls[title.slice(1, -1)]!;
        assert.ok(text, `${file} has a title for ${command}`);
        assert.doesNotMatch(text, /\.\.\./, `${file}: ${command} writes its ellipsis as one character`);
        assert.equal(
          text.endsWith('…'),
          asking.has(command),
          `${file}: «${text}» (${command}) ${asking.has(command) ? 'asks first' : 'acts at once'}`,
        );
      }
    }
  });

  test('settings have an order: the connection first, the service and workspace before the headers', () => {
    const props = manifest.contributes.configuration.properties;
    const orders = Object.values(props).map((p) => p.order);
    assert.ok(
      orders.every((o) => Number.isInteger(o)),
      'every setting has an order',
    );
    assert.equal(new Set(orders).size, orders.length, 'no two settings share an order');
    const sorted = Object.keys(props).sort((a, b) => props[a]!.order! - props[b]!.order!);
    assert.deepEqual(
      sorted.slice(0, 6).map((id) => id.replace('workspaceAutomation.', '')),
      ['baseUrl', 'workspaceId', 'authHeader', 'authScheme', 'workspaceHeader', 'requestTimeoutMs'],
    );
  });
});
