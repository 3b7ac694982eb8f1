// The emulator's concurrency checks as a client meets them over HTTP: a dashboard save's expected
// revision (id and sequence) and data run, a write sync's version, a history's version token for
// publish and restore. Each stale part is named in the refusal, and the refusal's text is literal.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useEmulator } from './emulatorSupport';

const { emu, call } = useEmulator();

const ids = () => emu.demo.ids as Record<string, string>;

describe('a dashboard save checks the revision and the data run it was read at', () => {
  const path = () => `/v1/dashboards/${ids()['dashboardId']}/source`;
  const read = async () =>
    (await call('GET', path())).json.data as { source: string; revision: { revisionId: string; sequence: number }; dataRunId: string };

  test('the tokens read save; the answer holds the new revision, one sequence on, with the message sent', async () => {
    const current = await read();
    const r = await call('PUT', path(), {
      source: `${current.source}// saved\n`,
      expectedRevision: current.revision,
      expectedDataRunId: current.dataRunId,
      message: 'Tidied up',
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.data.revision.sequence, current.revision.sequence + 1);
    assert.equal(r.json.data.source, `${current.source}// saved\n`);
    const history = (await call('GET', `/v1/resources/${r.json.data.resourceId}/revisions`)).json.data;
    assert.equal(history.items[0].message, 'Tidied up');
    assert.equal(history.items[0].parentRevisionId, current.revision.revisionId);
  });

  test('without a message the revision says the source was updated', async () => {
    const current = await read();
    const r = await call('PUT', path(), {
      source: current.source,
      expectedRevision: current.revision,
      expectedDataRunId: current.dataRunId,
    });
    const history = (await call('GET', `/v1/resources/${r.json.data.resourceId}/revisions`)).json.data;
    assert.equal(history.items[0].message, 'Updated dashboard source');
  });

  test('a stale revision id, a stale sequence and a stale data run are each a 409 naming what is current', async () => {
    const current = await read();
    const { revisionId, sequence } = current.revision;
    const cases = [
      [
        { revisionId: 'rvsn_stale00000000001', sequence },
        current.dataRunId,
        [`the current revision is ${revisionId} (sequence ${sequence})`],
      ],
      [{ revisionId, sequence: sequence - 1 }, current.dataRunId, [`the current revision is ${revisionId} (sequence ${sequence})`]],
      [current.revision, 'oprn_stale00000000001', [`the current data run is ${current.dataRunId}`]],
      [
        { revisionId, sequence: sequence + 1 },
        'oprn_stale00000000001',
        [`the current revision is ${revisionId} (sequence ${sequence})`, `the current data run is ${current.dataRunId}`],
      ],
    ] as const;
    for (const [expectedRevision, expectedDataRunId, stale] of cases) {
      const r = await call('PUT', path(), { source: 'export default 1;\n', expectedRevision, expectedDataRunId });
      assert.equal(r.status, 409, JSON.stringify(expectedRevision));
      assert.equal(r.json.error.code, 'conflict');
      assert.equal(r.json.error.message, `The dashboard changed since it was read: ${stale.join('; ')}.`);
      assert.deepEqual(r.json.error.details.current.revision, current.revision);
      assert.equal(r.json.error.details.current.dataRunId, current.dataRunId);
    }
    assert.equal((await read()).source, current.source, 'nothing was saved');
  });

  test('a body that does not hold the tokens is a 400 that says which part is wrong', async () => {
    const current = await read();
    const good = { source: 'export default 1;\n', expectedRevision: current.revision, expectedDataRunId: current.dataRunId };
    const expected = 'Expected {source, expectedRevision: {revisionId, sequence}, expectedDataRunId}: ';
    const cases: [unknown, string][] = [
      [[good], 'the body is not a JSON object'],
      [{ ...good, source: 1 }, 'source must be a string'],
      [{ ...good, expectedRevision: 'rvsn_x' }, 'expectedRevision must be an object'],
      [{ ...good, expectedRevision: { sequence: 1 } }, 'expectedRevision.revisionId must be a string'],
      [
        { ...good, expectedRevision: { revisionId: current.revision.revisionId, sequence: '1' } },
        'expectedRevision.sequence must be an integer',
      ],
      [
        { ...good, expectedRevision: { revisionId: current.revision.revisionId, sequence: 1.5 } },
        'expectedRevision.sequence must be an integer',
      ],
      [{ ...good, expectedDataRunId: null }, 'expectedDataRunId must be a string'],
      [{ ...good, message: 5 }, 'message, when sent, must be a string'],
    ];
    for (const [body, why] of cases) {
      const r = await call('PUT', path(), body);
      assert.equal(r.status, 400, why);
      assert.equal(r.json.error.code, 'bad_request');
      assert.equal(r.json.error.message, `${expected}${why}.`);
    }
    const badRevision = await call('PUT', path(), { ...good, expectedRevision: { revisionId: 'oper_1', sequence: 1 } });
    assert.equal(badRevision.status, 400);
    assert.equal(badRevision.json.error.code, 'invalid_id');
    assert.equal(badRevision.json.error.message, 'expectedRevision.revisionId must be a revision id (rvsn_…), got "oper_1".');
    const badRun = await call('PUT', path(), { ...good, expectedDataRunId: 'x'.repeat(80) });
    assert.equal(badRun.json.error.code, 'invalid_id');
    assert.equal(badRun.json.error.message, `expectedDataRunId must be a data run id (oprn_…), got "${'x'.repeat(60)}".`);
  });

  test('a source that does not parse is a 422 at its line and column, and nothing is saved', async () => {
    const current = await read();
    const r = await call('PUT', path(), {
      source: 'export default (\n  <div>\n',
      expectedRevision: current.revision,
      expectedDataRunId: current.dataRunId,
    });
    assert.equal(r.status, 422);
    assert.equal(r.json.error.code, 'validation_failed');
    assert.equal(typeof r.json.error.details.line, 'number');
    assert.match(
      r.json.error.message,
      new RegExp(
        `^The dashboard source does not parse: .* \\(line ${r.json.error.details.line}, column ${r.json.error.details.column}\\)\\.$`,
      ),
    );
    assert.equal((await read()).revision.sequence, current.revision.sequence);
  });
});

describe('a write sync update checks the version it was read at', () => {
  const path = () => `/v1/write-syncs/${ids()['writeSyncId']}`;

  test('a stale version is a 409 naming both versions; a version that is not an integer is a 400', async () => {
    const ws = (await call('GET', path())).json.data;
    const body = { name: ws.name, definition: ws.definition, isEnabled: ws.isEnabled, automaticEnabled: ws.automaticEnabled };
    const stale = await call('PUT', path(), { ...body, expectedVersion: ws.version + 1 });
    assert.equal(stale.status, 409);
    assert.equal(
      stale.json.error.message,
      `The write sync changed since it was read: its version is ${ws.version}, not ${ws.version + 1}.`,
    );
    assert.equal(stale.json.error.details.current.version, ws.version);
    for (const expectedVersion of [String(ws.version), ws.version + 0.5, undefined]) {
      const r = await call('PUT', path(), { ...body, expectedVersion });
      assert.equal(r.status, 400, String(expectedVersion));
      assert.equal(
        r.json.error.message,
        'Expected {expectedVersion: <integer version read>, name, definition, isEnabled, automaticEnabled}.',
      );
    }
    const notObject = await call('PUT', path(), [body]);
    assert.equal(notObject.status, 400);
    const ok = await call('PUT', path(), { ...body, expectedVersion: ws.version });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.data.version, ws.version + 1);
  });
});

describe('publish and restore check the history’s version token', () => {
  test('a stale or missing token is a 409 that says which, with the version now; a body that is not an object is a 400', async () => {
    const db = ids()['databaseId']!;
    const history = (await call('GET', `/v1/resources/${db}/revisions`)).json.data;
    const publish = `/v1/resources/${db}/revisions/${history.draft.revisionId}/publish`;
    const stale = await call('POST', publish, { expectedVersion: `${history.version}x` });
    assert.equal(stale.status, 409);
    assert.equal(
      stale.json.error.message,
      `The revision history of ${db} changed since it was read: the version token is stale; the version is now ${history.version}.`,
    );
    assert.deepEqual(stale.json.error.details.current, { version: history.version, draft: history.draft, published: history.published });
    const missing = await call('POST', publish, {});
    assert.equal(
      missing.json.error.message,
      `The revision history of ${db} changed since it was read: expectedVersion is missing (read the revision history first); the version is now ${history.version}.`,
    );
    const notObject = await call('POST', publish, [history.version]);
    assert.equal(notObject.status, 400);
    assert.equal(notObject.json.error.message, 'Expected {expectedVersion: "<version>"}.');
    const ok = await call('POST', publish, { expectedVersion: history.version });
    assert.equal(ok.status, 200, ok.text);
  });

  test('restore names the revision it restored in the new draft’s message', async () => {
    const db = ids()['databaseId']!;
    const history = (await call('GET', `/v1/resources/${db}/revisions`)).json.data;
    const oldest = history.items.at(-1);
    const r = await call('POST', `/v1/resources/${db}/revisions/${oldest.id}/restore`, { expectedVersion: history.version });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.data.items[0].message, `Restored revision #${oldest.sequence} (${oldest.id})`);
    assert.equal(r.json.data.draft.sequence, history.draft.sequence + 1);
  });
});
