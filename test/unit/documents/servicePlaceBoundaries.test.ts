// Where a service's refusal is shown in the text the user saved, at every boundary of the place it
// names: through the real save flow and client, against a scripted loopback server that refuses the
// PUT at the place each test sets (the emulator names only true places). How the place is read from
// the body is test/unit/api/errorPositionBoundaries.test.ts.
// Cases that do not apply: malformed (a place that is not a whole number from 1 never reaches the
// save flow: the client reads it as no place, which the zero and negative cases show here).
import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import type { ServiceClient } from '../../../src/api';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import { SaveFlow } from '../../../src/documents/model/saveFlow';
import type { SaveResult, ServerSnapshot } from '../../../src/documents/model/saveTypes';
import type { ResourceFile } from '../../../src/kinds/resourcePath';
import { json, useScriptedServer } from '../../harness/lib/scriptedServer';
import { clientOf } from '../api/clientSupport';

const PATH = '/v1/dashboards/oper_1/source';
const BASE = 'export default function () {\n  return <div />;\n}\n';
const file: ResourceFile = { workspaceId: 'wksp_1', view: 'dashboard', id: 'oper_1', name: 'Revenue' };

describe('a refusal’s place in the saved text, at its boundaries', { timeout: 10_000 }, () => {
  const server = useScriptedServer();
  let client: ServiceClient | undefined;
  let base: ServerSnapshot;
  /** The body of the service's 400 to the next PUT. */
  let refusal: unknown;
  after(() => client?.close());

  beforeEach(async () => {
    server.reset();
    server.route(PATH, (res, req) => {
      if (req.method === 'GET')
        return json(200, {
          data: {
            dashboardId: 'oper_1',
            resourceId: 'rept_1',
            source: BASE,
            revision: { revisionId: 'rvsn_1', sequence: 1 },
            dataRunId: 'oprn_1',
          },
        })(res, req);
      json(400, refusal)(res, req);
    });
    client ??= clientOf(server.url);
    base = await new ResourceReader(() => client!).snapshot(file);
  });

  /** Saves `text` while the service refuses it at `line`, `column`; the problem's place, or the result when none was placed. */
  async function placed(text: string, line: number, column: number): Promise<{ line: number; column: number } | SaveResult> {
    refusal = { error: { code: 'validation_failed', message: 'Unexpected token.', details: { line, column } } };
    const flow = new SaveFlow(() => client!, new ResourceReader(() => client!));
    const result = await flow.save({ file, uri: 'wsa:/wksp_1/dashboards/oper_1/Revenue.tsx', text, base });
    assert.equal(server.requests.filter((r) => r.method === 'PUT').length > 0, true, 'the save was sent');
    if (result.status !== 'invalid') return result;
    const [problem] = result.problems;
    assert.equal(problem!.source, 'service');
    assert.equal(problem!.message, 'Unexpected token.');
    return { line: problem!.line, column: problem!.column };
  }

  test('zero and negative: no place; the refusal is told without one', async () => {
    for (const [line, column] of [
      [0, 1],
      [-3, 1],
    ] as const) {
      const result = (await placed(BASE, line, column)) as SaveResult;
      assert.equal(result.status, 'failed', `${line}:${column}`);
    }
  });

  test('one: the first character', async () => {
    assert.deepEqual(await placed(BASE, 1, 1), { line: 1, column: 1 });
  });

  test('many: a place inside the text is kept', async () => {
    assert.deepEqual(await placed(BASE, 2, 10), { line: 2, column: 10 });
  });

  test('the maximum: the last line, and just after a line’s last character', async () => {
    const lines = BASE.split('\n');
    assert.deepEqual(await placed(BASE, lines.length, 1), { line: lines.length, column: 1 });
    assert.deepEqual(await placed(BASE, 2, lines[1]!.length + 1), { line: 2, column: lines[1]!.length + 1 });
  });

  test('past the maximum: a line past the text is its last line; a column past a line is just after its end', async () => {
    const lines = BASE.split('\n');
    assert.deepEqual(await placed(BASE, lines.length + 1, 1), { line: lines.length, column: 1 });
    assert.deepEqual(await placed(BASE, 2, lines[1]!.length + 2), { line: 2, column: lines[1]!.length + 1 });
    assert.deepEqual(await placed(BASE, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), { line: lines.length, column: 1 });
    assert.deepEqual(await placed(BASE, 1, 1_000_000), { line: 1, column: lines[0]!.length + 1 });
  });

  test('empty text: any place is its one place', async () => {
    assert.deepEqual(await placed('', 5, 9), { line: 1, column: 1 });
  });

  test('Windows line ends count as one', async () => {
    const crlf = BASE.replaceAll('\n', '\r\n');
    assert.deepEqual(await placed(crlf, 2, 100), { line: 2, column: '  return <div />;'.length + 1 });
    assert.deepEqual(await placed(crlf, 99, 1), { line: 4, column: 1 });
  });
});
