// The dashboard language service in plain Node, against the emulator over real HTTP: the runtime's
// declarations and the data run's columns come from the service, React's types from dist/ts-types.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { rowTypeFromColumns } from '../../../src/api/dataContract';
import type { ServiceClient } from '../../../src/api';
import { DashboardLanguageService } from '../../../src/dashboardLanguage/service/dashboardService';
import { DashboardWorkerClient } from '../../../src/dashboardLanguage/service/workerClient';
import { useProfile } from '../variantSupport';

const TYPES_DIR = path.resolve('dist/ts-types');
const SEED_DASHBOARDS = ['dashboardId', 'churnDashboardId', 'longHistoryDashboardId'];

/** A fresh service configured from `client`, as the extension does it. */
async function serviceFor(client: ServiceClient): Promise<DashboardLanguageService> {
  const service = new DashboardLanguageService({ typesDir: TYPES_DIR });
  const types = await client.dashboardRuntimeTypes();
  service.configure(types ? { modules: types.modules } : null);
  return service;
}

/** Opens a dashboard of the service under `key`: its source, as read, and its data run's row type. */
async function open(service: DashboardLanguageService, client: ServiceClient, dashboardId: string, key = dashboardId): Promise<string> {
  const read = await client.getDashboardSource(dashboardId);
  const run = await client.dataRun(read.dataRunId);
  service.update({ key, text: read.source, serviceText: read.source, rowMembers: run?.columns ? rowTypeFromColumns(run.columns) : null });
  return read.source;
}

const messages = (service: DashboardLanguageService, key: string) => service.diagnostics(key).map((d) => `${d.code}: ${d.message}`);

describe('dashboard language service, against a service that serves types', () => {
  const rig = useProfile([]);

  test('completing a row of useOperationData offers the data run’s columns', async () => {
    const { client, ids } = { client: rig().client, ids: rig().ids() };
    const service = await serviceFor(client);
    const source = await open(service, client, ids['dashboardId']!);
    const text = `${source}\nexport function Latest() {\n  const { rows = [] } = useOperationData();\n  return <p>{rows[0]?.}</p>;\n}\n`;
    service.update({ key: ids['dashboardId']!, text });
    const names = service.completions(ids['dashboardId']!, text.lastIndexOf('?.') + 2, '.').map((e) => e.name);
    assert.deepEqual([...names].sort(), ['currency', 'lastOrderAt', 'orders', 'region', 'revenue']);
  });

  test('hovering a React hook shows its signature from @types/react', async () => {
    const service = await serviceFor(rig().client);
    const source = await open(service, rig().client, rig().ids()['dashboardId']!);
    const hover = service.hover(rig().ids()['dashboardId']!, source.indexOf('useState<SortKey>') + 3);
    assert.match(
      hover?.display ?? '',
      /^\(alias\) useState<"region" \| "orders" \| "revenue">\(initialState: .*React\.Dispatch<React\.SetStateAction</,
    );
    assert.match(hover?.documentation ?? '', /stateful value/i);
  });

  test('go to definition of a runtime component opens its declaration served by the service', async () => {
    const service = await serviceFor(rig().client);
    const key = rig().ids()['dashboardId']!;
    const source = await open(service, rig().client, key);
    const [target] = service.definition(key, source.indexOf('<Card') + 2);
    assert.equal(target?.path, '/node_modules/@workspace/dashboard/index.d.ts');
    const declarations = service.declarationText(target!.path!)!;
    assert.match(declarations.split('\n')[target!.range.start.line]!, /export function Card\(/);
  });

  test('a value of the wrong type is a type error, with its position', async () => {
    const service = await serviceFor(rig().client);
    const key = rig().ids()['churnDashboardId']!;
    const source = await open(service, rig().client, key);
    const text = source.replace('const percent', 'const n: number = "x";\nconst percent');
    service.update({ key, text });
    const [error, ...others] = service.diagnostics(key);
    assert.deepEqual(others, []);
    assert.equal(error?.message, "Type 'string' is not assignable to type 'number'.");
    assert.equal(text.slice(error.start, error.start + error.length), 'n');
  });

  test('a column the data run does not have is an error naming it', async () => {
    const service = await serviceFor(rig().client);
    const key = rig().ids()['dashboardId']!;
    const source = await open(service, rig().client, key);
    service.update({ key, text: source.replace('  currency: string;\n', '  currency: string;\n  margin: number;\n') });
    const found = messages(service, key);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /margin/);
  });

  test('signature help and highlights follow the cursor', async () => {
    const service = await serviceFor(rig().client);
    const key = rig().ids()['dashboardId']!;
    const source = await open(service, rig().client, key);
    const call = source.indexOf('formatMoney(total, ') + 'formatMoney(total, '.length;
    const help = service.signatureHelp(key, call);
    assert.equal(help?.signatures[0]?.label, 'formatMoney(value: number, currency: string): string');
    assert.equal(help?.activeParameter, 1);
    const uses = service.highlights(key, source.indexOf('sortKey]') + 1);
    assert.deepEqual(
      uses.map((h) => source.slice(h.start, h.start + h.length)),
      ['sortKey', 'sortKey', 'sortKey'],
    );
  });

  test('every seed dashboard has no diagnostic', async () => {
    const service = await serviceFor(rig().client);
    for (const id of SEED_DASHBOARDS) {
      const key = rig().ids()[id]!;
      await open(service, rig().client, key);
      assert.deepEqual(messages(service, key), [], id);
      // Edited (one blank line more), it is checked for real, and still has none.
      service.update({ key, text: `${service['projects'].get(key)!.getText()}\n` });
      assert.deepEqual(messages(service, key), [], `${id}, edited`);
    }
  });
});

describe('dashboard language service, against a service that serves no types (@variants no-types)', () => {
  const rig = useProfile(['no-types']);

  test('every seed dashboard has no diagnostic, as read and after an edit, though its runtime module is untyped', async () => {
    const service = await serviceFor(rig().client);
    for (const id of SEED_DASHBOARDS) {
      const key = rig().ids()[id]!;
      const source = await open(service, rig().client, key);
      assert.doesNotMatch(source, /@workspace\/dashboard/, 'the variant imports the runtime under another name');
      assert.deepEqual(messages(service, key), [], id);
      service.update({ key, text: source.replace('export default function', 'const edited = 1;\nexport default function') });
      assert.deepEqual(messages(service, key), [], `${id}, edited`);
    }
  });

  test('React is still typed: a wrong hook argument is an error, hovers show React', async () => {
    const service = await serviceFor(rig().client);
    const key = rig().ids()['dashboardId']!;
    const source = await open(service, rig().client, key);
    const text = source.replace("useState<SortKey>('revenue')", "useState<SortKey>('price')");
    service.update({ key, text });
    const found = messages(service, key);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /"price"/);
    assert.match(
      service.hover(key, text.indexOf('useMemo(') + 2)?.display ?? '',
      /useMemo<RegionRow\[\]>\(factory: .*React\.DependencyList/,
    );
  });
});

describe('dashboard language worker', () => {
  const rig = useProfile([]);

  test('answers over worker_threads from the built bundle, and stops with dispose', async () => {
    const worker = new DashboardWorkerClient({ script: path.resolve('dist/ts-worker.js'), typesDir: TYPES_DIR });
    assert.equal(worker.started, false, 'nothing starts before the first dashboard');
    try {
      const types = await rig().client.dashboardRuntimeTypes();
      await worker.request('configure', { runtime: types ? { modules: types.modules } : null });
      assert.equal(worker.started, true);
      const text = `import { Stat } from '@workspace/dashboard';\nexport default () => <Stat label="x" value={1} trend="sideways" />;\n`;
      await worker.request('update', { key: 'k', text, serviceText: null, rowMembers: null });
      const found = await worker.request('diagnostics', { key: 'k' });
      assert.equal(found.length, 1);
      assert.match(found[0]!.message, /"sideways"/);
    } finally {
      worker.dispose();
    }
    await assert.rejects(worker.request('diagnostics', { key: 'k' }), /stopped/);
  });
});

describe('dashboard formatting', () => {
  /** The text with the edits applied, last first (they do not overlap). */
  const apply = (text: string, edits: readonly { start: number; length: number; newText: string }[]) =>
    [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.start + e.length), text);

  const messy = `import React from 'react';\nexport default function X(){\nconst   total=1+2;\n    return <p   className="x">{total}</p>\n}\n`;

  test('formats the whole text as TypeScript does, in the editor’s indentation and line ends, and only a range when asked', () => {
    const service = new DashboardLanguageService({ typesDir: TYPES_DIR });
    service.configure(null);
    service.update({ key: 'k', text: messy, serviceText: null, rowMembers: null });
    const lf = { tabSize: 2, insertSpaces: true, newLine: '\n' } as const;
    assert.equal(
      apply(messy, service.format('k', lf)),
      `import React from 'react';\nexport default function X() {\n  const total = 1 + 2;\n  return <p className="x">{total}</p>\n}\n`,
    );
    assert.match(apply(messy, service.format('k', { ...lf, tabSize: 4 })), /\n {4}const total = 1 \+ 2;\n {4}return/, 'four spaces');
    assert.match(apply(messy, service.format('k', { ...lf, insertSpaces: false })), /\n\tconst total = 1 \+ 2;\n\treturn/, 'tabs');

    // Only the line of `const`: the return line keeps its spacing.
    const start = messy.indexOf('const');
    const ranged = apply(messy, service.format('k', lf, { start, end: messy.indexOf('\n', start) }));
    assert.match(ranged, /const total = 1 \+ 2;/);
    assert.match(ranged, /return <p {3}className="x">/, 'the rest is as it was');
    service.dispose();
  });
});
