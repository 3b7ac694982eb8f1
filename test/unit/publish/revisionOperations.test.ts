// Publish and restore through the real client against the emulator, in every variant profile:
// the version token is sent once; a stale token says what changed; a lost answer is read back and
// never sent twice; the answer's body (history, 204) is never relied on.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runRevisionOperation, draftPublishedSummary, publishQuestion } from '../../../src/publish/model/revisionOperations';
import { PROFILES, useProfile } from '../variantSupport';

for (const profile of PROFILES) {
  describe(`publish and restore against the ${profile.label} profile`, () => {
    const rig = useProfile(profile.variants);
    const db = () => rig().ids()['databaseId']!;

    test('publishing the database draft makes it the published revision', async () => {
      const seen = await rig().client.revisionState(db());
      const outcome = await runRevisionOperation(rig().client, {
        op: 'publish',
        resourceId: db(),
        revisionId: seen.draft.revisionId,
        seen,
      });
      assert.equal(outcome.status, 'done');
      assert.ok(outcome.status === 'done' && !outcome.readBack);
      assert.equal(outcome.status === 'done' && outcome.history.published?.revisionId, seen.draft.revisionId);
      assert.equal(rig().requests('POST').length, 1);
    });

    test('a stale token publishes nothing and says the draft changed', async () => {
      const seen = await rig().client.revisionState(db());
      const older = (await rig().client.listRevisions(db())).items[2]!;
      // A colleague restores meanwhile: the draft moves on.
      await rig().client.restoreRevision(db(), older.id, { expectedVersion: seen.version });
      const outcome = await runRevisionOperation(rig().client, {
        op: 'publish',
        resourceId: db(),
        revisionId: seen.draft.revisionId,
        seen,
      });
      assert.equal(outcome.status, 'stale');
      if (outcome.status !== 'stale') return;
      assert.match(outcome.change, new RegExp(`^draft is now #${seen.draft.sequence + 1}, saved by apik_`));
      assert.deepEqual((await rig().client.revisionState(db())).published, seen.published);
    });

    test('a restore whose answer is lost is read back as done, and sent once', async () => {
      const seen = await rig().client.revisionState(db());
      const oldest = (await rig().client.listRevisions(db())).items.at(-1)!;
      rig().emu.injectFault({ match: { method: 'POST' }, kind: 'dropMidBody' });
      rig().emu.injectFault({ match: { method: 'POST' }, kind: 'status', status: 500 });
      const outcome = await runRevisionOperation(rig().client, { op: 'restore', resourceId: db(), revisionId: oldest.id, seen });
      assert.equal(outcome.status, 'done');
      assert.ok(outcome.status === 'done' && outcome.readBack);
      assert.equal(rig().requests('POST').length, 1, 'never sent twice');
      assert.equal((await rig().client.revisionState(db())).draft.sequence, seen.draft.sequence + 1);
    });
  });
}

describe('publish and restore refusals (default profile)', () => {
  const rig = useProfile([]);

  test('a publish that never reached the service is read back as not applied, and not repeated', async () => {
    const db = rig().ids()['databaseId']!;
    const seen = await rig().client.revisionState(db);
    rig().emu.injectFault({ match: { method: 'POST' }, kind: 'drop' });
    const outcome = await runRevisionOperation(rig().client, { op: 'publish', resourceId: db, revisionId: seen.draft.revisionId, seen });
    // A dropped connection before the route ran: the history shows nothing changed.
    assert.equal(outcome.status, 'notApplied');
    assert.equal(rig().requests('POST').length, 1);
  });

  test('a 2xx whose body is not JSON (the answer did not arrive whole) is read back: not applied, nothing sent again', async () => {
    const db = rig().ids()['databaseId']!;
    const seen = await rig().client.revisionState(db);
    rig().emu.injectFault({ match: { method: 'POST' }, kind: 'malformedJson' });
    const outcome = await runRevisionOperation(rig().client, { op: 'publish', resourceId: db, revisionId: seen.draft.revisionId, seen });
    assert.equal(outcome.status, 'notApplied');
    assert.match(outcome.status === 'notApplied' ? String((outcome.error as Error).message) : '', /not valid JSON/);
    assert.equal(rig().requests('POST').length, 1);
  });

  test('a 2xx with any JSON body (an object the client does not know) is success once the history shows it', async () => {
    const db = rig().ids()['databaseId']!;
    const seen = await rig().client.revisionState(db);
    rig().emu.injectFault({ match: { method: 'POST' }, kind: 'schemaViolation' });
    const outcome = await runRevisionOperation(rig().client, { op: 'publish', resourceId: db, revisionId: seen.draft.revisionId, seen });
    assert.equal(outcome.status, 'done');
  });

  test('a key without database admin is refused with the permission named', async () => {
    const db = rig().ids()['databaseId']!;
    const client = rig().clientWith(rig().emu.demo.editorApiKey);
    const seen = await client.revisionState(db);
    const outcome = await runRevisionOperation(client, { op: 'publish', resourceId: db, revisionId: seen.draft.revisionId, seen });
    assert.equal(outcome.status, 'failed');
    const error = outcome.status === 'failed' ? (outcome.error as { kind: string; permission: string }) : undefined;
    assert.equal(error?.kind, 'forbidden');
    assert.equal(error?.permission, 'databaseAdmin');
  });

  test('an app, whose capabilities offer no publish, is refused as validation', async () => {
    const app = rig().ids()['liveAppId']!;
    const seen = await rig().client.revisionState(app);
    const outcome = await runRevisionOperation(rig().client, { op: 'publish', resourceId: app, revisionId: seen.draft.revisionId, seen });
    assert.equal(outcome.status, 'failed');
    assert.equal(outcome.status === 'failed' && (outcome.error as { kind: string }).kind, 'validation');
  });

  test('the summary and the question name draft and published by number', () => {
    const h = {
      resourceId: 'dbas_x',
      version: 'v',
      draft: { revisionId: 'rvsn_c', sequence: 12 },
      published: { revisionId: 'rvsn_a', sequence: 9 },
      capabilities: { history: true, restore: true, publish: true },
      items: [],
    };
    assert.equal(draftPublishedSummary(h), 'draft #12 · published #9 · 3 unpublished revisions');
    assert.equal(draftPublishedSummary({ ...h, published: h.draft }), 'draft #12 · published #12 · no unpublished revisions');
    assert.equal(draftPublishedSummary({ ...h, published: null }), 'draft #12 · nothing published · 12 unpublished revisions');
    assert.equal(publishQuestion('CRM', h, h.draft), 'Publish draft #12 of «CRM» (replacing published #9)?');
    const older = { revisionId: 'rvsn_b', sequence: 10 };
    assert.equal(publishQuestion('CRM', h, older), 'Publish revision #10 of «CRM» (replacing published #9)?');
    assert.equal(publishQuestion('CRM', { ...h, published: null }, h.draft), 'Publish draft #12 of «CRM» (nothing is published yet)?');
    assert.equal(publishQuestion('CRM', { ...h, published: null }, older), 'Publish revision #10 of «CRM» (nothing is published yet)?');
  });
});
