// Pull into Folder… is offered where docs/local-folders.md says: the command palette (signed in), the
// explorer's `…` menu (its title, out of the navigation icons), and the context menu of a group and
// of a resource, not of Load more, messages or an operation's other files. The `when` clauses of
// package.json are evaluated against the context values the real explorer gives its nodes
// (the explorer model over the emulator), not compared as strings.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { COMMANDS, VIEWS } from '../../../src/manifest/contributions';
import { ExplorerModel } from '../../../src/explorer/model/explorerModel';
import type { ExplorerNode } from '../../../src/explorer/model/nodes';
import { present } from '../../../src/explorer/model/presentation';
import { useEmulator } from '../emulator/emulatorSupport';
import { TestConnection } from '../explorer/explorerSupport';
import { repoRoot } from '../../harness/lib/paths';
import { evaluateWhen } from '../whenSupport';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}

const root = repoRoot;
const menus = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, MenuEntry[]> } })
  .contributes.menus;

const pullInto = (menu: string) => (menus[menu] ?? []).filter((m) => m.command === COMMANDS.pullIntoFolder);

describe('where Pull into Folder… is offered', () => {
  const { emu } = useEmulator({}, { resetEach: false });

  test('the command palette and the explorer’s … menu, signed in only', () => {
    const palette = pullInto('commandPalette');
    assert.equal(palette.length, 1);
    assert.ok(evaluateWhen(palette[0]!.when, { 'workspaceAutomation.signedIn': true }));
    assert.ok(!evaluateWhen(palette[0]!.when, { 'workspaceAutomation.connectionKnown': true }), 'not offered signed out');
    // Before the extension has read the connection it cannot tell: offered, and running it activates the extension.
    assert.ok(evaluateWhen(palette[0]!.when, {}), 'offered before the connection is known');

    const title = pullInto('view/title');
    assert.equal(title.length, 1);
    const explorer = { view: VIEWS.explorer, 'workspaceAutomation.signedIn': true };
    assert.ok(evaluateWhen(title[0]!.when, explorer));
    assert.ok(!evaluateWhen(title[0]!.when, { ...explorer, view: 'workbench.scm' }), 'not on other views');
    assert.ok(!evaluateWhen(title[0]!.when, { view: VIEWS.explorer }), 'not signed out');
    assert.ok(title[0]!.group && !title[0]!.group.startsWith('navigation'), 'in the … menu, not among the title icons');
  });

  test('the context menu of every group and every resource of the real explorer, not of its other items', async () => {
    const connection = TestConnection.forEmulator(emu);
    const model = new ExplorerModel(connection, { pageSize: 2 });
    try {
      const [item] = pullInto('view/item/context');
      assert.ok(item && pullInto('view/item/context').length === 1);
      const offered = (node: ExplorerNode) => evaluateWhen(item.when, { view: VIEWS.explorer, viewItem: present(node).contextValue });
      let resources = 0;
      const others = new Set<string>();
      for (const group of await model.getChildren(undefined)) {
        assert.equal(group.kind, 'group');
        assert.ok(offered(group), `offered on the group ${present(group).label}`);
        assert.ok(!evaluateWhen(item.when, { view: 'workbench.scm', viewItem: present(group).contextValue }), 'only in the explorer');
        for (const child of await model.getChildren(group)) {
          if (child.kind === group.group.kind) {
            resources++;
            assert.ok(offered(child), `offered on ${present(child).label}`);
            for (const below of await model.getChildren(child))
              if (below.kind === 'file' || below.kind === 'dataSource') assert.ok(!offered(below), `not on ${present(below).label}`);
          } else {
            others.add(child.kind);
            assert.ok(!offered(child), `not on ${child.kind} ${present(child).label}`);
          }
        }
      }
      assert.ok(resources >= 6, `${resources} resources seen`);
      assert.ok(others.has('loadMore'), `Load more seen (${[...others].join(', ')})`);
    } finally {
      model.dispose();
      await connection.close();
    }
  });
});
