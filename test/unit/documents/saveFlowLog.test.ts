// What the output channel says of each save: which file (its kind, id and name), which path the
// save took (sent, refused here, met a colleague's save, lost its answer and read back) and on what
// base. A user reporting a lost save reads these lines; against the emulator over loopback HTTP,
// with its fault injection.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { ServiceClient } from '../../../src/api';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import type { ResourceFile } from '../../../src/kinds/resourcePath';
import { SaveFlow } from '../../../src/documents/model/saveFlow';
import type { ServerSnapshot, TextProblem } from '../../../src/documents/model/saveTypes';
import { demoClient, useEmulator } from '../emulator/emulatorSupport';

describe('what a save writes to the log', () => {
  const { emu } = useEmulator();
  let client: ServiceClient;
  let reader: ResourceReader;
  let lines: string[];
  let problems: TextProblem[];
  const log = { debug: (m: string) => lines.push(`debug ${m}`), error: (m: string) => lines.push(`error ${m}`) };
  const flow = () => new SaveFlow(() => client, reader, { log, validate: async () => problems });
  const dashboard = (): ResourceFile => ({
    workspaceId: emu.demo.workspaceId,
    view: 'dashboard',
    id: emu.demo.ids.dashboardId!,
    name: 'Sales',
  });
  const named = () => `dashboard ${emu.demo.ids.dashboardId} “Sales”`;
  const save = (text: string, base: ServerSnapshot, saving = flow()) => saving.save({ file: dashboard(), uri: 'wsa:/d', text, base });
  const source = () => `/v1/dashboards/${emu.demo.ids.dashboardId}/source`;

  before(() => {
    client = demoClient(emu);
    reader = new ResourceReader(() => client);
  });
  after(() => client.close());
  beforeEach(() => {
    lines = [];
    problems = [];
  });

  test('a save sent: on which base, and what it is now', async () => {
    const base = await reader.snapshot(dashboard());
    const result = await save(`${base.text}// mine\n`, base);
    assert.equal(result.status, 'saved');
    const now = (result as { snapshot: ServerSnapshot }).snapshot.label;
    assert.deepEqual(lines, [`debug [Files] Saving ${named()} based on ${base.label}.`, `debug [Files] Saved ${named()}: now ${now}.`]);
  });

  test('a save refused here counts the errors, not the warnings', async () => {
    const base = await reader.snapshot(dashboard());
    const at = { line: 1, column: 1, source: 'local' } as const;
    problems = [
      { ...at, severity: 'error', message: 'one' },
      { ...at, severity: 'warning', message: 'two' },
      { ...at, severity: 'error', message: 'three' },
    ];
    assert.equal((await save(`${base.text}// mine\n`, base)).status, 'invalid');
    assert.deepEqual(lines, [`debug [Files] Not saving ${named()}: 2 local problem(s).`]);
  });

  test('a save that met a colleague’s: both revisions named; when the latest cannot be read, that is said', async () => {
    const base = await reader.snapshot(dashboard());
    await save(`${base.text}// theirs\n`, base);
    const latest = await reader.snapshot(dashboard());
    lines = [];
    assert.equal((await save(`${base.text}// mine\n`, base)).status, 'conflict');
    assert.equal(
      lines.at(-1),
      `debug [Files] ${named()} changed on the service (${latest.label}); the save based on ${base.label} was refused.`,
    );
    lines = [];
    emu.injectFault({ match: { method: 'GET', path: source() }, kind: 'status', status: 404, count: 1 });
    assert.equal((await save(`${base.text}// mine\n`, base)).status, 'failed');
    assert.match(
      lines.at(-1)!,
      new RegExp(`^error \\[Files\\] Saving ${named()} met a conflict, and reading the current state failed: .+`),
    );
  });

  test('a refusal that is not a conflict: its kind and message', async () => {
    const base = await reader.snapshot(dashboard());
    emu.injectFault({ match: { method: 'PUT', path: source() }, kind: 'status', status: 403, message: 'Not yours.', count: 1 });
    assert.equal((await save(`${base.text}// mine\n`, base)).status, 'failed');
    assert.deepEqual(lines.length, 2);
    assert.match(lines[1]!, new RegExp(`^error \\[Files\\] Saving ${named()} failed: forbidden: .*Not yours`));
  });

  test('an answer lost: read back, and whether the service holds the text is said', async () => {
    let base = await reader.snapshot(dashboard());
    const maybe = new RegExp(
      `^error \\[Files\\] Saving ${named()} may or may not have reached the service \\(network: .+\\); reading it back\\.$`,
    );
    emu.injectFault({ match: { method: 'PUT', path: source() }, kind: 'dropMidBody' });
    assert.equal((await save(`${base.text}// kept\n`, base)).status, 'saved');
    const held = await reader.snapshot(dashboard());
    assert.match(lines.at(-2)!, maybe);
    assert.equal(lines.at(-1), `debug [Files] The service holds the saved text of ${named()} (${held.label}): the save is done.`);

    base = held;
    lines = [];
    emu.injectFault({ match: { method: 'PUT', path: source() }, kind: 'drop' });
    assert.equal((await save(`${base.text}// dropped\n`, base)).status, 'failed');
    assert.match(lines.at(-2)!, maybe);
    assert.equal(lines.at(-1), `error [Files] The service does not hold the text of ${named()}: the save did not happen.`);

    lines = [];
    emu.injectFault({ match: { method: 'PUT', path: source() }, kind: 'drop' });
    emu.injectFault({ match: { method: 'GET', path: source() }, kind: 'status', status: 404, count: 1 });
    assert.equal((await save(`${base.text}// dropped\n`, base)).status, 'failed');
    assert.match(lines.at(-1)!, new RegExp(`^error \\[Files\\] Reading ${named()} back failed too: .+`));
  });

  test('a failure that is not the service’s: the save fails with it, said once', async () => {
    const base = await reader.snapshot(dashboard());
    const broken = new SaveFlow(
      () => {
        throw new TypeError('no client');
      },
      reader,
      { log },
    );
    const result = await save(`${base.text}// mine\n`, base, broken);
    assert.equal(result.status, 'failed');
    assert.equal((result as { error: Error }).error.message, 'no client');
    assert.deepEqual(lines.slice(-1), [`error [Files] Saving ${named()} failed: no client`]);
  });
});
