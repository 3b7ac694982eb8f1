// Compare with Another Environment… is offered where a resource can be compared: the context menu of
// every explorer item of a kind that can be saved (not an operation's, nor a group's), and the
// editor title and context menus of a `wsa:` document; Compare Environments… in the palette. The
// `when` clauses are evaluated against the context values the real explorer gives its nodes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { COMMANDS, VIEWS } from '../../../src/manifest/contributions';
import { ExplorerModel } from '../../../src/explorer/model/explorerModel';
import { present } from '../../../src/explorer/model/presentation';
import { EDITABLE_KINDS } from '../../../src/environments/engine/promoteReads';
import { useEmulator } from '../emulator/emulatorSupport';
import { TestConnection } from '../explorer/explorerSupport';
import { repoRoot } from '../../harness/lib/paths';
import { evaluateWhen } from '../whenSupport';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}

const menus = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, MenuEntry[]> } })
  .contributes.menus;
const entries = (menu: string, command: string) => (menus[menu] ?? []).filter((m) => m.command === command);

describe('where the comparisons across environments are offered', () => {
  const { emu } = useEmulator({}, { resetEach: false });

  test('on every explorer item of a kind that can be saved, and on no other', async () => {
    const [item] = entries('view/item/context', COMMANDS.compareWithEnvironment);
    assert.ok(item);
    const connection = TestConnection.forEmulator(emu);
    const model = new ExplorerModel(connection, { pageSize: 50 });
    try {
      const seen = new Set<string>();
      for (const group of await model.getChildren(undefined)) {
        if (group.kind !== 'group') continue;
        assert.ok(!evaluateWhen(item.when, { view: VIEWS.explorer, viewItem: present(group).contextValue }), 'not on a group');
        for (const child of await model.getChildren(group)) {
          if (child.kind !== group.group.kind) continue;
          const editable = (EDITABLE_KINDS as readonly string[]).includes(child.kind);
          const offered = evaluateWhen(item.when, { view: VIEWS.explorer, viewItem: present(child).contextValue });
          assert.equal(offered, editable, `${child.kind} ${present(child).label}`);
          seen.add(child.kind);
        }
      }
      for (const kind of EDITABLE_KINDS) assert.ok(seen.has(kind), `the demo has a ${kind}`);
      assert.ok(seen.has('operation'), 'an operation was looked at too');
    } finally {
      model.dispose();
      await connection.close();
    }
  });

  test('on a wsa: document’s title and context menus; Compare Environments… in the palette', () => {
    for (const menu of ['editor/title', 'editor/context', 'commandPalette']) {
      const [entry] = entries(menu, COMMANDS.compareWithEnvironment);
      assert.ok(entry && evaluateWhen(entry.when, { resourceScheme: 'wsa' }), menu);
      assert.ok(!evaluateWhen(entry.when, { resourceScheme: 'file' }), `${menu}: not on other files`);
    }
    const [palette] = entries('commandPalette', COMMANDS.compareEnvironments);
    assert.ok(palette && evaluateWhen(palette.when, { 'workspaceAutomation.signedIn': true }));
  });
});
