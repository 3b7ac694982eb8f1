// What an agent's save may change: revisions that can be undone (dashboards, database drafts, app
// drafts), and live resources (write syncs, facts) only with the user's second opt-in, refused
// before any request otherwise. A fact whose service sends no `updatedAt` is saved only when its
// editable fields are still the ones the edit was based on, through the tools and through the
// `wsa:` save flow alike. And VS Code's confirmation offers a save only of a diff it shows whole.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { confirmationOf, CONFIRMATION_DIFF_BYTES, isLiveView, TOOL_SPECS, unifiedDiff } from '../../../src/agents/tools/api';
import { FILE_VIEWS } from '../../../src/kinds/resourceKinds';
import { isEditable, type FileView } from '../../../src/kinds/resourcePath';
import { useEmulator } from '../emulator/emulatorSupport';
import { useProfile } from '../variantSupport';
import { toolsRig, unfenced } from './agentsRig';

describe('agents: live resources need a second opt-in', () => {
  const { emu, call } = useEmulator();
  const ids = () => emu.demo.ids;
  const puts = () => emu.requests().filter((r) => r.method === 'PUT');

  test('the live views are the editable ones whose kind keeps no history: write syncs and facts', () => {
    const live = (Object.keys(FILE_VIEWS) as FileView[]).filter(isLiveView);
    assert.deepEqual(live.sort(), ['fact', 'writeSync']);
    assert.ok(live.every(isEditable));
    const spec = TOOL_SPECS.save_resource.description;
    for (const words of [
      /Write syncs and facts/,
      /--allow-live-writes/,
      /workspaceAutomation\.agents\.allowLiveSave/,
      /refused \(nothing sent\)/,
    ])
      assert.match(spec, words);
  });

  test('a write sync or a fact is refused with no request, saying why and how to allow it', async () => {
    const { tools } = toolsRig(emu);
    for (const [id, kind] of [
      [ids().writeSyncId, 'write sync'],
      [ids().factId, 'fact'],
    ] as const) {
      const read = await tools.call('read_resource', { id });
      const text = unfenced(read.text).replace('"automaticEnabled": false', '"automaticEnabled": true');
      emu.clearRequests();
      await assert.rejects(
        tools.call('save_resource', { id, baseRevision: read.baseRevision, text }),
        new RegExp(
          `^ToolFailure: ${id} is a ${kind}: a save takes effect on the service at once and keeps no revision to go back to, so agents do not save it\\. Nothing was sent\\. .*wsa mcp --allow-live-writes .*workspaceAutomation\\.agents\\.allowLiveSave`,
        ),
      );
      assert.deepEqual(emu.requests(), [], `${kind}: a refused save made a request`);
    }
  });

  test('dashboards, database drafts and app drafts are saved, one PUT each', async () => {
    const { tools } = toolsRig(emu);
    const edits: [string, (t: string) => string][] = [
      [ids().dashboardId, (t) => `${t}// an agent's line\n`],
      [ids().databaseId, (t) => t.replace('"nullable": false', '"nullable": true')],
      [ids().liveAppId, (t) => t.replace(/"description": "/, '"description": "Agent: ')],
    ];
    for (const [id, edit] of edits) {
      const read = await tools.call('read_resource', { id });
      const text = edit(unfenced(read.text));
      assert.notEqual(text, unfenced(read.text), id);
      emu.clearRequests();
      const saved = await tools.call('save_resource', { id, baseRevision: read.baseRevision, text });
      assert.equal(saved.status, 'saved', `${id}: ${JSON.stringify(saved)}`);
      assert.equal(puts().length, 1, id);
    }
  });

  test('with the second opt-in, a write sync and a fact are saved through the guarded save', async () => {
    const { tools } = toolsRig(emu, { live: true });
    const read = await tools.call('read_resource', { id: ids().writeSyncId });
    emu.clearRequests();
    const text = unfenced(read.text).replace(/"name": "([^"]*)"/, '"name": "$1 (agent)"');
    const saved = await tools.call('save_resource', { id: ids().writeSyncId, baseRevision: read.baseRevision, text });
    assert.equal(saved.status, 'saved', JSON.stringify(saved));
    assert.equal(puts().length, 1);
    const fact = await tools.call('read_resource', { id: ids().factId });
    const factSaved = await tools.call('save_resource', {
      id: ids().factId,
      baseRevision: fact.baseRevision,
      text: unfenced(fact.text).replace(/"definition": "/, '"definition": "Agent: '),
    });
    assert.equal(factSaved.status, 'saved');
    assert.match((await call('GET', `/v1/facts/${ids().factId}`)).json.data.definition, /^Agent: /);
  });
});

describe('agents: a fact without updatedAt is saved only over the fields it was based on', () => {
  const rig = useProfile(['fact-no-updated']);
  const colleague = async (id: string, change: (fact: Record<string, unknown>) => Record<string, unknown>) => {
    const c = rig().clientWith(rig().emu.demo.editorApiKey);
    const now = await c.getFact(id);
    const body = change({ name: now.name, definition: now.definition, formula: now.formula, formulaType: now.formulaType });
    await c.replaceFact(id, body as never);
  };

  test('the service sends none, and two reads agree on the empty token', async () => {
    const { reader, ids, file } = rig();
    const snapshot = await reader.snapshot(file('fact', ids().factId!));
    assert.deepEqual(snapshot.tokens, { kind: 'fact', updatedAt: '' });
  });

  test('the `wsa:` save: a colleague’s change since the read is a conflict and nothing is sent; an unchanged fact saves', async () => {
    const { reader, ids, file, save, requests, emu } = rig();
    const f = file('fact', ids().factId!);
    const base = await reader.snapshot(f);
    await colleague(f.id, (b) => ({ ...b, definition: 'A colleague’s definition' }));
    emu.clearRequests();
    const mine = base.text.replace(/"formula": "([^"]*)"/, '"formula": "$1 + 1"');
    const result = await save(f, mine, base);
    assert.equal(result.status, 'conflict', JSON.stringify(result));
    assert.equal(requests('PUT').length, 0, 'the colleague’s change was overwritten');
    const again = await reader.snapshot(f);
    const saved = await save(f, again.text.replace(/"formula": "([^"]*)"/, '"formula": "$1 + 1"'), again);
    assert.equal(saved.status, 'saved', JSON.stringify(saved));
    assert.equal(requests('PUT').length, 1);
  });

  test('save_resource: a changed fact answers a conflict with no PUT; an unchanged one saves', async () => {
    const { emu, ids, requests } = rig();
    const { tools } = toolsRig(emu, { live: true });
    const id = ids().factId!;
    const read = await tools.call('read_resource', { id });
    const text = unfenced(read.text).replace(/"formula": "([^"]*)"/, '"formula": "$1 * 2"');
    await colleague(id, (b) => ({ ...b, name: 'Renamed by a colleague' }));
    emu.clearRequests();
    const conflict = await tools.call('save_resource', { id, baseRevision: read.baseRevision, text });
    assert.equal(conflict.status, 'conflict', JSON.stringify(conflict));
    assert.match(unfenced(conflict.diff), /^-.*Renamed by a colleague/m);
    assert.equal(requests('PUT').length, 0);
    const fresh = await tools.call('save_resource', {
      id,
      baseRevision: conflict.baseRevision,
      text: unfenced((await tools.call('read_resource', { id })).text).replace(/"formula": "([^"]*)"/, '"formula": "$1 * 2"'),
    });
    assert.equal(fresh.status, 'saved', JSON.stringify(fresh));
    assert.equal(requests('PUT').length, 1);
  });
});

describe('agents: VS Code’s confirmation offers a save only of what it shows whole', () => {
  const facts = (diff: string, saveAllowed = true) => ({
    saveAllowed,
    kind: 'dashboard',
    id: 'oper_1',
    name: 'Revenue',
    workspaceId: 'wksp_1',
    origin: 'https://svc.example',
    baseLabel: 'revision 3',
    stale: false,
    diff,
  });
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}\n`).join('');

  test('a diff within the bound: save when allowed, propose otherwise; past it: Open in the editor, never a save', () => {
    const small = unifiedDiff(lines(10), `${lines(10)}more\n`, 'a', 'b');
    assert.equal(confirmationOf(facts(small)).mode, 'save');
    assert.equal(confirmationOf(facts(small)).title, 'Save oper_1?');
    assert.equal(confirmationOf(facts(small, false)).mode, 'propose');
    const big = unifiedDiff('', lines(20_000), 'a', 'b');
    assert.ok(Buffer.byteLength(JSON.stringify(big)) > CONFIRMATION_DIFF_BYTES);
    const cut = confirmationOf(facts(big));
    assert.equal(cut.mode, 'propose');
    assert.equal(cut.title, 'Open in the editor: the proposed text for oper_1?');
    assert.match(cut.markdown, /it is not saved from here: Open in the editor puts the text into the editor as one undoable edit/);
    assert.match(cut.markdown, /The diff is cut here\.$/);
    assert.doesNotMatch(confirmationOf(facts(small)).markdown, /cut here|not saved from here/);
    // At the bound exactly (the bytes of its JSON string, quotes included): still shown whole.
    const edge = 'x'.repeat(CONFIRMATION_DIFF_BYTES - 2);
    assert.equal(confirmationOf(facts(edge)).mode, 'save');
    assert.equal(confirmationOf(facts(`${edge}x`)).mode, 'propose');
    assert.match(
      confirmationOf({ ...facts(small), stale: true }).markdown,
      /based on another state than the one open now \(`revision 3`\): it will be refused/,
    );
  });
});
