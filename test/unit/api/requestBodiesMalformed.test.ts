// Request bodies built from documents that are not quite right: each part that is not an object
// or array is sent as it stands for the service to judge; what the spec does not name is left out
// at every level; tokens are sent bare. Pure functions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  appUpdateBody,
  dashboardSourceBody,
  databaseDefinitionBody,
  definitionBody,
  factBody,
  revisionOperationBody,
  writeSyncDefinitionBody,
  writeSyncUpdateBody,
} from '../../../src/api/requestBodies';

describe('request bodies from malformed documents', () => {
  test('a definition: a part of the wrong type is kept as it is, every other key is dropped', () => {
    assert.equal(definitionBody('tables'), 'tables');
    assert.equal(definitionBody(null), null);
    assert.deepEqual(definitionBody([1]), [1]);
    assert.deepEqual(definitionBody({ tables: 'none', extra: 1 }), { tables: 'none' });
    assert.deepEqual(definitionBody({ tables: [null, 'x', { name: 't', columns: 'c', extra: 1 }] }), {
      tables: [null, 'x', { name: 't', columns: 'c' }],
    });
    assert.deepEqual(
      definitionBody({ tables: [{ name: 't', columns: [null, [1], { name: 'c', type: 'int', nullable: true, unique: true }] }] }),
      {
        tables: [{ name: 't', columns: [null, [1], { name: 'c', type: 'int', nullable: true }] }],
      },
    );
    assert.deepEqual(definitionBody({}), {});
    assert.deepEqual(
      definitionBody({ tables: [{ name: undefined, columns: [] }] }),
      { tables: [{ columns: [] }] },
      'an undefined value is not sent',
    );
  });

  test('a database save sends the draft bare, or null for none', () => {
    const definition = { tables: [] };
    assert.deepEqual(databaseDefinitionBody({ expectedDraft: null, definition }), { expectedDraft: null, definition });
    assert.deepEqual(
      databaseDefinitionBody({
        expectedDraft: { revisionId: 'rvsn_1', sequence: 2, by: 'x' } as never,
        definition: { tables: [], x: 1 } as never,
      }),
      { expectedDraft: { revisionId: 'rvsn_1', sequence: 2 }, definition },
    );
  });

  test('a dashboard save sends exactly its source and bare tokens', () => {
    assert.deepEqual(
      dashboardSourceBody({
        source: 's',
        expectedRevision: { revisionId: 'rvsn_1', sequence: 1, at: 'x' } as never,
        expectedDataRunId: 'oprn_1',
        extra: 1,
      } as never),
      { source: 's', expectedRevision: { revisionId: 'rvsn_1', sequence: 1 }, expectedDataRunId: 'oprn_1' },
    );
  });

  test('a write sync definition: endpoints and an operation input keep their named fields; other parts stand', () => {
    assert.equal(writeSyncDefinitionBody(7), 7);
    assert.deepEqual(writeSyncDefinitionBody({ source: 'conn_1', destination: null, input: 'x', keyColumn: 'id', other: 1 }), {
      source: 'conn_1',
      destination: null,
      input: 'x',
      keyColumn: 'id',
    });
    assert.deepEqual(
      writeSyncDefinitionBody({
        source: { resourceId: 'conn_1', object: 'A', scope: 's', label: 'l' },
        destination: { resourceId: 'conn_2', object: 'B', scope: 't', label: 'l' },
      }),
      { source: { resourceId: 'conn_1', object: 'A', scope: 's' }, destination: { resourceId: 'conn_2', object: 'B', scope: 't' } },
    );
  });

  test('a write sync update: the version and the editable fields it holds, the definition shaped', () => {
    assert.deepEqual(writeSyncUpdateBody({ expectedVersion: 3 }), { expectedVersion: 3 });
    assert.deepEqual(
      writeSyncUpdateBody({ expectedVersion: 3, name: 'n', isEnabled: false, automaticEnabled: true, id: 'wsyn_1' } as never),
      {
        expectedVersion: 3,
        name: 'n',
        isEnabled: false,
        automaticEnabled: true,
      },
    );
    assert.deepEqual(writeSyncUpdateBody({ expectedVersion: 3, definition: { keyColumn: 'id', extra: 1 } }), {
      expectedVersion: 3,
      definition: { keyColumn: 'id' },
    });
  });

  test('an app update, a revision operation and a fact body hold only their named fields', () => {
    assert.deepEqual(
      appUpdateBody({ expectedDraft: { revisionId: 'rvsn_1', sequence: 1, x: 1 } as never, name: 'n', deployment: {} } as never),
      {
        expectedDraft: { revisionId: 'rvsn_1', sequence: 1 },
        name: 'n',
      },
    );
    assert.deepEqual(revisionOperationBody({ expectedVersion: 'v1', other: 1 } as never), { expectedVersion: 'v1' });
    assert.deepEqual(
      factBody({ name: 'n', formula: 'f', unit: 'u' }, ['unit', 'name']),
      { name: 'n', formula: 'f' },
      'a body field is never left out',
    );
  });
});
