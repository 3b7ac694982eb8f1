// The history's cached reads (revisions, resource names) over real HTTP against the emulator:
// what is read once stays read, and a failed read is tried again (util/async's failure rule).
import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { ResourceNames } from '../../../src/history/model/resourceNames';
import { RevisionCache } from '../../../src/documents/model/revisionCache';
import { TestConnection } from '../explorer/explorerSupport';
import { useEmulator } from '../emulator/emulatorSupport';
let connection: TestConnection;
const client = () => connection.require().client;
const operationId = () => emu.demo.ids['publishedOperationId']!;
const reads = (path: string) => emu.requests().filter((r) => r.method === 'GET' && r.path === path).length;

const { emu } = useEmulator({}, { resetEach: false, setUp: (running) => (connection = TestConnection.forEmulator(running)) });
beforeEach(() => emu.clearRequests());
after(async () => {
  await connection.close();
});

describe('revision cache over HTTP', () => {
  test('a revision opened twice, even at the same time, is read from the service once', async () => {
    const history = await client().listRevisions(operationId());
    const revisionId = history.items[0]!.id;
    const path = `/v1/resources/${operationId()}/revisions/${revisionId}`;
    const cache = new RevisionCache(client);
    const [a, b] = await Promise.all([cache.get(operationId(), revisionId), cache.get(operationId(), revisionId)]);
    assert.equal((await cache.get(operationId(), revisionId)).id, revisionId);
    assert.deepEqual(a, b);
    assert.equal(reads(path), 1);
  });

  test('a revision whose read failed is read again when it is opened again', async () => {
    const history = await client().listRevisions(operationId());
    const revisionId = history.items[0]!.id;
    const cache = new RevisionCache(client);
    emu.injectFault({ kind: 'status', status: 503, count: 1, match: { path: '^/v1/resources/[^/]+/revisions/rvsn_' } });
    await assert.rejects(cache.get(operationId(), revisionId));
    assert.equal(cache.has(operationId(), revisionId), false);
    assert.equal((await cache.get(operationId(), revisionId)).id, revisionId);
  });
});

describe('resource names over HTTP', () => {
  test('a name is looked up once', async () => {
    const names = new ResourceNames(client);
    const expected = (await client().getOperation(operationId())).name;
    emu.clearRequests();
    assert.deepEqual(await Promise.all([names.name(operationId()), names.name(operationId())]), [expected, expected]);
    assert.equal(await names.name(operationId()), expected);
    assert.equal(reads(`/v1/operations/${operationId()}`), 1);
  });

  test('a title whose name lookup failed shows the id, and the name once the service answers again', async () => {
    const names = new ResourceNames(client);
    emu.injectFault({ kind: 'status', status: 503, count: 1, match: { path: '/v1/operations/oper_' } });
    assert.equal(await names.name(operationId()), undefined);
    assert.equal(await names.name(operationId()), (await client().getOperation(operationId())).name);
  });
});
