// The dashboard language service stays bounded: runtime declarations past their size bound leave
// the runtime untyped (no false errors, and the reason is told), and a worker that hangs on a request
// is restarted by the watchdog, told the state it had, and answers again.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { MAX_RUNTIME_DECLARATIONS, MAX_RUNTIME_MODULE_DECLARATIONS } from '../../../src/dashboardLanguage/service/dashboardProject';
import { DashboardLanguageService } from '../../../src/dashboardLanguage/service/dashboardService';
import { DashboardWorkerClient } from '../../../src/dashboardLanguage/service/workerClient';

const TYPES_DIR = path.resolve('dist/ts-types');
const DECLARATIONS = 'export declare function useThing(): number;\n';
const DASHBOARD = `import { useThing } from '@workspace/dashboard';\nexport const label: string = useThing();\n`;
const padded = (chars: number) => DECLARATIONS + `/*${'x'.repeat(chars)}*/\n`;

function errorsWith(modules: { name: string; declarations: string }[]): { untypedBecause?: string | undefined; codes: number[] } {
  const service = new DashboardLanguageService({ typesDir: TYPES_DIR });
  try {
    const result = service.configure({ modules });
    service.update({ key: 'k', text: DASHBOARD, serviceText: null, rowMembers: null });
    return { untypedBecause: result.untypedBecause, codes: service.diagnostics('k').map((d) => d.code) };
  } finally {
    service.dispose();
  }
}

describe('runtime declarations past their bound', () => {
  test('declarations within the bound type the runtime (a wrong use is an error)', () => {
    const { untypedBecause, codes } = errorsWith([{ name: '@workspace/dashboard', declarations: padded(1_000) }]);
    assert.equal(untypedBecause, undefined);
    assert.deepEqual(codes, [2322]);
  });

  test('one module past its bound leaves the runtime untyped, with no false error, and says why', () => {
    const { untypedBecause, codes } = errorsWith([
      { name: '@workspace/dashboard', declarations: padded(MAX_RUNTIME_MODULE_DECLARATIONS + 10) },
    ]);
    assert.match(untypedBecause ?? '', /^the declarations of "@workspace\/dashboard" have 1(\.0)? MB, more than 1 MB for one module$/);
    assert.deepEqual(codes, []);
  });

  test('modules past the bound in all leave the runtime untyped too', () => {
    const filler = Array.from({ length: 3 }, (_, i) => ({
      name: `@workspace/extra${i}`,
      declarations: padded(MAX_RUNTIME_DECLARATIONS / 3 + 10),
    }));
    const { untypedBecause, codes } = errorsWith([{ name: '@workspace/dashboard', declarations: DECLARATIONS }, ...filler]);
    assert.match(untypedBecause ?? '', /more than 2 MB in all/);
    assert.deepEqual(codes, []);
  });
});

describe('dashboard language worker watchdog', () => {
  test(
    'a request that hangs restarts the worker, and the restarted worker answers with the state it had',
    { timeout: 90_000 },
    async () => {
      const worker = new DashboardWorkerClient({
        script: path.resolve('dist/ts-worker.js'),
        typesDir: TYPES_DIR,
        requestLimitMs: 5_000,
        stallOnceOn: 'hover',
      });
      // Without a watchdog the hover would hang for good: the test ends it, and fails, instead.
      const deadline = setTimeout(() => worker.dispose(), 60_000);
      try {
        await worker.request('configure', { runtime: { modules: [{ name: '@workspace/dashboard', declarations: DECLARATIONS }] } });
        await worker.request('update', { key: 'k', text: DASHBOARD, serviceText: null, rowMembers: null });
        assert.deepEqual(
          (await worker.request('diagnostics', { key: 'k' })).map((d) => d.code),
          [2322],
        );
        const started = Date.now();
        await assert.rejects(
          worker.request('hover', { key: 'k', offset: DASHBOARD.indexOf('useThing()') }),
          /took longer than 5 s and was restarted/,
        );
        const took = Date.now() - started;
        assert.ok(took >= 4_500 && took < 20_000, `the watchdog fired after ${took} ms`);
        // Nothing is sent again by the caller: the new worker was told the runtime and the dashboard.
        assert.deepEqual(
          (await worker.request('diagnostics', { key: 'k' })).map((d) => d.code),
          [2322],
        );
        const hover = await worker.request('hover', { key: 'k', offset: DASHBOARD.indexOf('useThing()') });
        assert.match(hover?.display ?? '', /useThing\(\): number/);
      } finally {
        clearTimeout(deadline);
        worker.dispose();
      }
    },
  );

  test('a worker that has only parsed, or dropped a check typed over, still has the cold limit (3×)', { timeout: 60_000 }, async () => {
    const worker = new DashboardWorkerClient({
      script: path.resolve('dist/ts-worker.js'),
      typesDir: TYPES_DIR,
      requestLimitMs: 5_000,
      stallOnceOn: 'hover',
    });
    try {
      await worker.request('configure', { runtime: null });
      await worker.request('update', { key: 'k', text: DASHBOARD, serviceText: null, rowMembers: null });
      assert.deepEqual(await worker.request('syntaxDiagnostics', { key: 'k' }), []);
      // The parse of a long text keeps the worker busy while the next text is posted, so the check
      // queued behind it is always of a text already typed over, and is dropped.
      const long = DASHBOARD + Array.from({ length: 20_000 }, (_, i) => `export const v${i} = ${i};\n`).join('');
      void worker.request('update', { key: 'k', text: long });
      void worker.request('syntaxDiagnostics', { key: 'k' });
      const dropped = worker.request('semanticDiagnostics', { key: 'k' });
      void worker.request('update', { key: 'k', text: `${long}\n` });
      assert.equal(await dropped, null, 'the check of the older text is dropped');
      // The limit the watchdog applied is in its message: 15 s, not the warm 5 s.
      await assert.rejects(
        worker.request('hover', { key: 'k', offset: DASHBOARD.indexOf('useThing()') }),
        /took longer than 15 s and was restarted/,
      );
    } finally {
      worker.dispose();
    }
  });
});
