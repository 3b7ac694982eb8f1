// Write sync and app documents as pure functions: the update bodies hold only the
// README's fields, each identity field of a locked write sync is an error at its own line, and the
// local checks refuse only wrong types (the spec's), leaving the rest to the service.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appUpdateBody, writeSyncUpdateBody } from '../../../src/api/requestBodies';
import { lockedIdentityEdits } from '../../../src/kinds/writeSync/writeSyncIdentity';
import { appProblems } from '../../../src/kinds/app/appRules';
import { writeSyncProblems } from '../../../src/kinds/writeSync/writeSyncRules';

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const text = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;
const endpoint = (object: string) => ({ resourceId: 'conn_1', object, scope: 'crm' });
const sync = () => ({
  name: 'Contacts',
  definition: {
    source: endpoint('contacts'),
    destination: endpoint('Contact'),
    input: { type: 'operation', operationId: 'oper_1', revisionId: 'rvsn_1', table: 'contacts' },
    keyColumn: 'id',
    fields: { id: 'External_Id__c', email: 'Email' },
  },
  isEnabled: true,
  automaticEnabled: false,
  $readOnly: { id: 'wsyn_1', version: 3, identityLocked: true },
});

describe('write sync and app update bodies', () => {
  test('a write sync body is expectedVersion and the editable fields, the definition in the spec’s shape', () => {
    const doc = sync() as Record<string, unknown>;
    (doc.definition as { source: Record<string, unknown> }).source.connector = { version: 2 };
    const body = writeSyncUpdateBody({ expectedVersion: 3, ...doc, id: 'wsyn_1', version: 9 } as never);
    assert.deepEqual(Object.keys(body), ['expectedVersion', 'name', 'definition', 'isEnabled', 'automaticEnabled']);
    assert.deepEqual((body.definition as { source: unknown }).source, endpoint('contacts'));
    assert.equal(body.expectedVersion, 3);
  });

  test('an app body is a bare expectedDraft, name and description', () => {
    const body = appUpdateBody({
      expectedDraft: { revisionId: 'rvsn_1', sequence: 2, extra: 1 },
      name: 'A',
      description: 'B',
      id: 'x',
    } as never);
    assert.deepEqual(body, { expectedDraft: { revisionId: 'rvsn_1', sequence: 2 }, name: 'A', description: 'B' });
  });
});

describe('the identity lock of a write sync', () => {
  const base = text(sync());
  const changed = (change: (d: ReturnType<typeof sync>) => void) => {
    const d = sync();
    change(d);
    return text(d);
  };

  test('nothing changed, or only name and switches: no problem', () => {
    assert.deepEqual(lockedIdentityEdits(base, base), []);
    assert.deepEqual(
      lockedIdentityEdits(
        changed((d) => ((d.name = 'x'), (d.isEnabled = false))),
        base,
      ),
      [],
    );
  });

  test('each identity field is an error at its own line', () => {
    const cases: [string, (d: ReturnType<typeof sync>) => void, string][] = [
      ['source', (d) => (d.definition.source.object = 'leads'), '"source"'],
      ['destination', (d) => (d.definition.destination.scope = 'erp'), '"destination"'],
      ['key column', (d) => (d.definition.keyColumn = 'email'), '"keyColumn"'],
      ['matching field', (d) => (d.definition.fields.id = 'Key__c'), '"id": "Key__c"'],
      ['managed field names', (d) => ((d.definition.fields as Record<string, string>).phone = 'Phone'), '"phone"'],
    ];
    for (const [name, change, needle] of cases) {
      const edited = changed(change);
      const problems = lockedIdentityEdits(edited, base);
      assert.ok(problems.length >= 1, name);
      assert.equal(problems[0]!.severity, 'error', name);
      assert.equal(problems[0]!.line, lineOf(edited, needle), name);
      assert.match(problems[0]!.message, /identity-locked/, name);
    }
  });
});

describe('local checks of write sync and app documents', () => {
  test('a valid document has no problem; a wrong type is an error at its value', () => {
    assert.deepEqual(writeSyncProblems(text(sync())), []);
    const d: Record<string, unknown> = sync();
    d.isEnabled = 'yes';
    const t = text(d);
    const problems = writeSyncProblems(t);
    assert.deepEqual(
      problems.map((p) => [p.severity, p.line]),
      [['error', lineOf(t, '"isEnabled"')]],
    );
  });

  test('a key the request shape does not name is information inside the definition, a warning at the top; a missing field warns', () => {
    const d = sync() as Record<string, unknown> & ReturnType<typeof sync>;
    (d.definition.input as Record<string, unknown>).connector = 'x';
    d.colour = 'blue';
    delete (d as Partial<typeof d>).automaticEnabled;
    const problems = writeSyncProblems(text(d));
    assert.deepEqual(problems.map((p) => p.severity).sort(), ['info', 'warning', 'warning']);
    assert.ok(problems.every((p) => p.severity !== 'error'));
  });

  test('an app document needs string name and description', () => {
    assert.deepEqual(appProblems(text({ name: 'A', description: '' })), []);
    assert.deepEqual(
      appProblems(text({ name: 1, description: '' })).map((p) => p.severity),
      ['error'],
    );
  });
});
