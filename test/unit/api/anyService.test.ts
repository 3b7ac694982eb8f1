// Saves against any service the spec allows: values outside the extension's lists are the
// service's to judge, a request body holds only what the spec names, and a save confirmed by reading
// it back is told like any other. Against the default emulator over loopback HTTP, and one playing
// a service that adds fields to its answers and refuses unknown body fields (variant profiles
// `extra-fields` and `strict-bodies`). Every profile is covered by clientVariant*.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient, DEFAULT_CONNECTION, type ServiceClient } from '../../../src/api';
import { demoClient, FAST_RETRY, useEmulator } from '../emulator/emulatorSupport';
import { FACT_EDITABLE_FIELDS } from '../../../src/api/schemaConstants';
import { startEmulator } from '../../../src/emulator';
import { savedMessage } from '../../../src/documents/files/saveMessages';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import type { FileView, ResourceFile } from '../../../src/kinds/resourcePath';
import { SaveFlow } from '../../../src/documents/model/saveFlow';
import type { SaveResult, ServerSnapshot } from '../../../src/documents/model/saveTypes';
import { validateText } from '../../../src/documents/validation/validate';

const validate = (view: FileView, text: string) => validateText(view, text, { tsxCheckPath: '/nonexistent/tsx-check.js' });

describe('saving against any service the spec allows', () => {
  let client: ServiceClient;
  let reader: ResourceReader;
  let flow: SaveFlow;
  const ids = () => emu.demo.ids as Record<string, string>;
  const file = (view: FileView, id: string, name = 'Test'): ResourceFile => ({ workspaceId: emu.demo.workspaceId, view, id, name });
  const save = (f: ResourceFile, text: string, base: ServerSnapshot) =>
    flow.save({ file: f, uri: `wsa:/${f.workspaceId}/${f.view}/${f.id}`, text, base });
  const puts = () => emu.requests().filter((r) => r.method === 'PUT');
  const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

  const { emu } = useEmulator();
  before(async () => {
    client = demoClient(emu);
    reader = new ResourceReader(() => client);
    flow = new SaveFlow(() => client, reader, { validate });
  });
  after(async () => {
    await client.close();
  });

  test('a column type outside the extension’s list (uuid) is sent: the service decides, and its refusal is placed at the line', async () => {
    const f = file('database', ids().inventoryDatabaseId!);
    const base = await reader.snapshot(f);
    const definition = JSON.parse(base.text) as { tables: { columns: { name: string; type: string; nullable: boolean }[] }[] };
    definition.tables[0]!.columns.push({ name: 'external_id', type: 'uuid', nullable: true });
    const text = `${JSON.stringify(definition, null, 2)}\n`;

    const local = await validate('database', text);
    assert.deepEqual(
      local.map((p) => [p.severity, p.line]),
      [['info', lineOf(text, '"uuid"')]],
      'only an Information at the type',
    );
    assert.match(local[0]!.message, /"uuid".*service decides/);

    emu.clearRequests();
    const result = await save(f, text, base);
    assert.equal(puts().length, 1, 'the definition left the machine');
    // The default emulator knows no `uuid` and answers 422 naming the column's type.
    assert.equal(result.status, 'invalid');
    if (result.status === 'invalid') {
      const refusal = result.problems.find((p) => p.source === 'service');
      assert.ok(refusal, 'the service’s refusal is a problem');
      assert.equal(refusal.line, lineOf(text, '"uuid"'));
      assert.equal(refusal.severity, 'error');
    }
  });

  test('a fact whose answers carry fields the spec does not list is saved with exactly its documented editable fields', async () => {
    // A service that adds fields to every answer and answers 400 to a body field it does not take.
    const strict = await startEmulator({ quiet: true, variants: ['extra-fields', 'strict-bodies'] });
    const strictClient = createClient(
      { ...DEFAULT_CONNECTION, baseUrl: strict.url, apiKey: strict.demo.apiKey, workspaceId: strict.demo.workspaceId, timeoutMs: 5_000 },
      undefined,
      FAST_RETRY,
    );
    try {
      const strictReader = new ResourceReader(() => strictClient);
      const f: ResourceFile = {
        workspaceId: strict.demo.workspaceId,
        view: 'fact',
        id: (strict.demo.ids as Record<string, string>).factId!,
        name: 'Gross margin',
      };
      const base = await strictReader.snapshot(f);
      const doc = JSON.parse(base.text) as Record<string, unknown>;
      assert.ok(doc.$readOnly, 'the unknown fields are in the document, read-only');
      doc.name = 'Gross margin (renamed)';
      const text = `${JSON.stringify(doc, null, 2)}\n`;
      const result = await new SaveFlow(() => strictClient, strictReader, { validate }).save({ file: f, uri: 'wsa:/x', text, base });
      assert.equal(result.status, 'saved', JSON.stringify(result));
      const sent = strict.requests().filter((r) => r.method === 'PUT');
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.status, 200, 'the service took the body: nothing it does not know was echoed');
      assert.deepEqual(
        Object.keys(sent[0]!.body as object).sort(),
        [...FACT_EDITABLE_FIELDS].sort(),
        'exactly the documented editable fields',
      );
      assert.equal((await strictClient.getFact(f.id)).name, 'Gross margin (renamed)');
    } finally {
      await strictClient.close();
      await strict.close();
    }
  });

  test('a save whose answer was lost and that was read back says so when it is told', async () => {
    const f = file('dashboard', ids().dashboardId!, 'Sales');
    const base = await reader.snapshot(f);
    emu.injectFault({ match: { method: 'PUT', path: `/v1/dashboards/${f.id}/source` }, kind: 'dropMidBody' });
    const result: SaveResult = await new SaveFlow(() => client, reader).save({
      file: f,
      uri: 'wsa:/x',
      text: `${base.text}// lost answer\n`,
      base,
    });
    assert.equal(result.status, 'saved');
    if (result.status !== 'saved') return;
    assert.equal(result.confirmedBy, 'readBack');
    assert.equal(
      savedMessage(f.name, result),
      `Saved «Sales» (${result.snapshot.label}), confirmed by reading it back after the answer was lost.`,
    );

    const normal = await new SaveFlow(() => client, reader).save({
      file: f,
      uri: 'wsa:/x',
      text: `${base.text}// lost answer\n// and one more\n`,
      base: result.snapshot,
    });
    assert.equal(normal.status, 'saved');
    if (normal.status === 'saved') {
      assert.equal(normal.confirmedBy, 'answer');
      assert.equal(savedMessage(f.name, normal), `Saved «Sales» (${normal.snapshot.label}).`);
    }
  });
});
