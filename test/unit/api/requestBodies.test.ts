// What the client sends and how it orders what it reads, as pure functions: request bodies hold
// only the fields the spec names (a revision reference sent back is bare even when the service's
// came with more), a fact's "$readOnly" group is never edited silently, and revision items end up
// newest first whatever order they came in. The same over HTTP against every emulator variant
// profile: clientVariantReads.test.ts and clientVariantSaves.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { databaseDefinitionBody, definitionBody, factBody, revisionRef, writeSyncDefinitionBody } from '../../../src/api/requestBodies';
import { newestFirst } from '../../../src/api/revisionPages';
import type { RevisionListItem } from '../../../src/api/schemas';
import { readOnlyEdits } from '../../../src/kinds/contract/readOnlyGroup';

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('request bodies hold only what the spec names', () => {
  test('a write sync input of type operation sends its four fields; one of a type the spec does not show is sent as it stands', () => {
    const endpoint = { resourceId: 'conn_1', object: 'Contact', scope: 's' };
    const operation = { type: 'operation', operationId: 'oper_1', revisionId: 'rvsn_1', table: 't', links: { self: '/x' } };
    const other = { type: 'dataset', datasetId: 'ds_1', filter: { active: true } };
    const body = (input: unknown) =>
      writeSyncDefinitionBody({ source: endpoint, destination: endpoint, input, keyColumn: 'id', fields: { id: 'Id' } }) as {
        input: unknown;
      };
    assert.deepEqual(body(operation).input, { type: 'operation', operationId: 'oper_1', revisionId: 'rvsn_1', table: 't' });
    assert.deepEqual(body(other).input, other);
  });

  test('a revision reference sent back is exactly {revisionId, sequence}', () => {
    assert.deepEqual(revisionRef({ revisionId: 'rvsn_1', sequence: 4, createdAt: 'x', actor: {} } as never), {
      revisionId: 'rvsn_1',
      sequence: 4,
    });
    assert.deepEqual(
      databaseDefinitionBody({ expectedDraft: { revisionId: 'rvsn_1', sequence: 4, by: 'y' } as never, definition: { tables: [] } }),
      {
        expectedDraft: { revisionId: 'rvsn_1', sequence: 4 },
        definition: { tables: [] },
      },
    );
  });

  test('a definition keeps the request shape with its values and drops every other key', () => {
    const doc = {
      tables: [
        {
          name: 'orders',
          comment: 'from the service',
          columns: [{ name: 'id', type: 'uuid', nullable: false, comment: 'pk', default: null }, 'odd'],
          primaryKey: ['id'],
          indexes: [],
        },
      ],
      engine: 'x',
    };
    assert.deepEqual(definitionBody(doc), {
      tables: [{ name: 'orders', columns: [{ name: 'id', type: 'uuid', nullable: false }, 'odd'], primaryKey: ['id'] }],
    });
  });

  test('a fact body is the documented editable fields the document holds, nothing else', () => {
    const body = factBody({
      name: 'n',
      formula: 'a',
      unit: null,
      id: 'fact_1',
      key: 'k',
      updatedAt: 'x',
      $readOnly: { v: 1 },
      colour: 'blue',
    });
    assert.deepEqual(body, { name: 'n', formula: 'a', unit: null });
  });

  test('an edit under "$readOnly" is a warning at its line; no edit, no warning', () => {
    const base = `${JSON.stringify({ name: 'n', $readOnly: { vendorNote: 'a', level: 1 } }, null, 2)}\n`;
    assert.deepEqual(readOnlyEdits(base, base), []);
    const edited = base.replace('"a"', '"b"');
    const warnings = readOnlyEdits(edited, base);
    assert.deepEqual(
      warnings.map((w) => [w.severity, w.line]),
      [['warning', lineOf(edited, '"b"')]],
    );
    assert.match(warnings[0]!.message, /"\$readOnly\.vendorNote" is read-only .*not sent/);
    assert.equal(readOnlyEdits(base.replace(/,\n\s*"level": 1/, ''), base).length, 1, 'a removed field is an edit too');
  });

  test('revision items are put newest first, stable, whichever order they came in', () => {
    const item = (id: string, createdAt: string, parent: string | null): RevisionListItem => ({
      id,
      parentRevisionId: parent,
      dependencyRevisionIds: [],
      actor: { type: 'user', id: 'user_1' },
      message: id,
      createdAt,
    });
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const newest = [item('r4', t(3), 'r3'), item('r3', t(2), 'r2'), item('r2', t(2), 'r1'), item('r1', t(1), null)];
    assert.deepEqual(
      newestFirst(newest).map((i) => i.id),
      ['r4', 'r3', 'r2', 'r1'],
    );
    assert.deepEqual(
      newestFirst([...newest].reverse()).map((i) => i.id),
      ['r4', 'r3', 'r2', 'r1'],
      'oldest first is turned round; equal times keep their order',
    );
    const same = [item('a1', t(5), null), item('a2', t(5), 'a1'), item('a3', t(5), 'a2')];
    assert.deepEqual(
      newestFirst(same).map((i) => i.id),
      ['a3', 'a2', 'a1'],
      'all at one instant: the chain tells the order',
    );
    assert.deepEqual(
      newestFirst([item('x', 'not a time', null), item('y', 'nor this', 'x')]).map((i) => i.id),
      ['y', 'x'],
    );
  });
});
