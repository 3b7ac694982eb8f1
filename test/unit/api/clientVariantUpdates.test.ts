// Write sync and app saves against every emulator variant profile, through the
// vscode-free save flow as the extension saves: one PUT whose body holds exactly the fields the
// README's choice names (strict-bodies refuses anything else, extra-fields adds keys the client
// must not echo), a stale token ending in a conflict (409, or 412), and the service's refusal
// placed at its line (422 or 400, our error body or problem+json). Real HTTP on loopback.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SaveResult } from '../../../src/documents/model/saveTypes';
import { PROFILES, lineOf, useProfile } from '../variantSupport';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests edit any field of a document
type Doc = any;

const edit = (text: string, change: (d: Doc) => void) => {
  const doc = JSON.parse(text) as Doc;
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
};

const saved = (r: SaveResult) =>
  r.status === 'saved'
    ? r
    : assert.fail(`expected a save, got ${JSON.stringify(r, (_k, v: unknown) => (v instanceof Error ? v.message : v))}`);

for (const profile of PROFILES) {
  describe(`write sync and app saves with the ${profile.label} profile`, () => {
    const rig = useProfile(profile.variants);
    const onlyPut = () => {
      const puts = rig().requests('PUT');
      assert.equal(puts.length, 1, 'one PUT');
      assert.ok(puts[0]!.status! < 300, `accepted: ${puts[0]!.status}`);
      return puts[0]!.body as Doc;
    };

    test('a write sync mapping and switch edit is one PUT of exactly expectedVersion and the editable fields', async () => {
      const f = rig().file('writeSync', rig().ids().writeSyncId!);
      const base = await rig().reader.snapshot(f);
      const text = edit(base.text, (d) => ((d.definition.fields.churn_rate = 'Churn_Rate__c'), (d.isEnabled = false)));
      rig().emu.clearRequests();
      const result = saved(await rig().save(f, text, base));
      const body = onlyPut();
      assert.deepEqual(Object.keys(body), ['expectedVersion', 'name', 'definition', 'isEnabled', 'automaticEnabled']);
      assert.deepEqual(Object.keys(body.definition), ['source', 'destination', 'input', 'keyColumn', 'fields']);
      for (const part of ['source', 'destination']) assert.deepEqual(Object.keys(body.definition[part]), ['resourceId', 'object', 'scope']);
      assert.deepEqual(Object.keys(body.definition.input), ['type', 'operationId', 'revisionId', 'table']);
      assert.equal(body.expectedVersion, 1);
      // A key the service added inside the definition stays in the text, said, and is not sent.
      const infos = result.warnings.filter((w) => w.severity === 'info');
      assert.equal(infos.length > 0, rig().has('extra-fields'));
      const now = await rig().client.getWriteSync(f.id);
      assert.equal(now.version, 2);
      assert.equal(now.definition.fields['churn_rate'], 'Churn_Rate__c');
    });

    test('an app edit is one PUT of exactly a bare expectedDraft, name and description', async () => {
      const f = rig().file('app', rig().ids().liveAppId!);
      const base = await rig().reader.snapshot(f);
      rig().emu.clearRequests();
      saved(
        await rig().save(
          f,
          edit(base.text, (d) => (d.description = 'Edited here.')),
          base,
        ),
      );
      const body = onlyPut();
      assert.deepEqual(Object.keys(body), ['expectedDraft', 'name', 'description']);
      assert.deepEqual(Object.keys(body.expectedDraft), ['revisionId', 'sequence']);
      assert.equal((await rig().client.getApp(f.id)).description, 'Edited here.');
    });

    test('a stale version or draft is a conflict, and the service’s refusal is placed at its line', async () => {
      const f = rig().file('writeSync', rig().ids().writeSyncId!);
      const base = await rig().reader.snapshot(f);
      saved(
        await rig().save(
          f,
          edit(base.text, (d) => (d.name = 'Theirs')),
          base,
        ),
      );
      rig().emu.clearRequests();
      const stale = await rig().save(
        f,
        edit(base.text, (d) => (d.name = 'Mine')),
        base,
      );
      assert.equal(stale.status, 'conflict');
      assert.equal(rig().requests('PUT')[0]!.status, rig().has('conflict-412') ? 412 : 409);
      const app = rig().file('app', rig().ids().liveAppId!);
      const appBase = await rig().reader.snapshot(app);
      saved(
        await rig().save(
          app,
          edit(appBase.text, (d) => (d.name = 'Theirs')),
          appBase,
        ),
      );
      assert.equal(
        (
          await rig().save(
            app,
            edit(appBase.text, (d) => (d.name = 'Mine')),
            appBase,
          )
        ).status,
        'conflict',
        'a stale draft',
      );
      const latest = await rig().reader.snapshot(f);
      const text = edit(latest.text, (d) => (d.definition.keyColumn = 'not_mapped'));
      const refused = await rig().save(f, text, latest);
      assert.equal(refused.status, 'invalid');
      if (refused.status === 'invalid') assert.equal(refused.problems[0]!.line, lineOf(text, '"keyColumn"'));
    });
  });
}
