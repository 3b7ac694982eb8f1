// A resource's text as promote compares it: what a save sends, without what the service manages,
// which is returned apart; and its fingerprint, blind to key order and line ends.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bodyOf, fingerprint, normalize, sameContent } from '../../../src/environments/model/normalize';
import { DocumentParseError } from '../../../src/kinds/contract/jsonDocument';

const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe('normalizing a resource’s text', () => {
  test('a write sync: its editable fields; its "$readOnly" group and anything else a save does not send are managed', () => {
    const doc = {
      name: 'S',
      definition: { keyColumn: 'k', fields: { k: 'K' }, extra: 1 },
      isEnabled: true,
      $readOnly: { id: 'wsyn_a', createdAt: 't', identityLocked: true },
      version: 4,
    };
    const n = normalize('writeSync', text(doc));
    assert.equal(n.text, text({ name: 'S', definition: { keyColumn: 'k', fields: { k: 'K' } }, isEnabled: true }));
    assert.deepEqual(n.managed, { id: 'wsyn_a', createdAt: 't', identityLocked: true, version: 4 });
  });

  test('a "$readOnly" that is not an object is managed under its own name', () => {
    assert.deepEqual(normalize('app', text({ name: 'A', description: 'd', $readOnly: 3 })).managed, { $readOnly: 3 });
  });

  test('a fact, an app, a database: the request’s fields only', () => {
    assert.equal(normalize('fact', text({ name: 'F', formula: 'a', key: 'k', ownerId: 'u' })).text, text({ name: 'F', formula: 'a' }));
    assert.deepEqual(normalize('fact', text({ name: 'F', formula: 'a', key: 'k', ownerId: 'u' })).managed, { key: 'k', ownerId: 'u' });
    assert.equal(
      normalize('app', text({ name: 'A', description: 'd', $readOnly: { id: 'appl_a' } })).text,
      text({ name: 'A', description: 'd' }),
    );
    const db = { tables: [{ name: 't', columns: [{ name: 'c', type: 'text', nullable: false, x: 1 }], primaryKey: ['c'] }], serviceKey: 2 };
    const n = normalize('database', text(db));
    assert.equal(n.text, text({ tables: [{ name: 't', columns: [{ name: 'c', type: 'text', nullable: false }], primaryKey: ['c'] }] }));
    assert.deepEqual(n.managed, { serviceKey: 2 });
  });

  test('a dashboard’s TSX is itself, with its line ends as \\n; nothing managed', () => {
    assert.deepEqual(normalize('dashboard', 'a\r\nb\rc\n'), { text: 'a\nb\nc\n', managed: {} });
    assert.equal(bodyOf('dashboard', 'x'), 'x');
  });

  test('a text that is no document throws the kind’s parse error', () => {
    assert.throws(() => normalize('fact', '{'), DocumentParseError);
    assert.throws(() => normalize('writeSync', '[]'), DocumentParseError);
    assert.throws(() => fingerprint('app', 'nope'), DocumentParseError);
  });
});

describe('fingerprints', () => {
  test('blind to managed fields, key order, layout and line ends', () => {
    const a = text({ name: 'F', formula: 'a', definition: 'd' });
    const b = `{"definition":"d","formula":"a","name":"F","key":"other","updatedAt":"x"}`;
    assert.equal(fingerprint('fact', a), fingerprint('fact', b));
    assert.ok(sameContent('fact', a, b));
    assert.equal(fingerprint('dashboard', 'a\r\nb'), fingerprint('dashboard', 'a\nb'));
    const nested = (fields: Record<string, string>) => text({ name: 'S', definition: { fields } });
    assert.equal(fingerprint('writeSync', nested({ a: 'A', b: 'B' })), fingerprint('writeSync', nested({ b: 'B', a: 'A' })));
  });

  test('different where a save would send something else; stable in form', () => {
    assert.notEqual(fingerprint('fact', text({ name: 'F' })), fingerprint('fact', text({ name: 'G' })));
    assert.notEqual(fingerprint('fact', text({ name: 'F', unit: null })), fingerprint('fact', text({ name: 'F' })));
    assert.notEqual(fingerprint('database', text({ tables: [1, 2] })), fingerprint('database', text({ tables: [2, 1] })));
    assert.notEqual(fingerprint('dashboard', 'a'), fingerprint('dashboard', 'a '));
    assert.ok(!sameContent('dashboard', 'a', 'b'));
    assert.match(fingerprint('dashboard', 'x'), /^sha256:[0-9a-f]{32}$/);
    assert.equal(fingerprint('dashboard', 'x'), 'sha256:2d711642b726b04401627ca9fbac32f5');
    assert.equal(
      fingerprint('fact', text({ name: 'F', aliases: ['a', 'b'], metadata: { z: 1, a: [true, null] } })),
      fingerprint('fact', `{"metadata":{"a":[true,null],"z":1},"aliases":["a","b"],"name":"F"}`),
    );
  });
});
