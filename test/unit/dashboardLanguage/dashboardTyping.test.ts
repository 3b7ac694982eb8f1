// Diagnostics while typing in a dashboard, in plain Node with the built worker (dist/ts-worker.js):
// a keystroke re-parses what changed, a check that went stale stops, and the scheduler shows syntax
// errors at once and the type errors of the last text only, after the pause.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DashboardProject, TypeUniverse } from '../../../src/dashboardLanguage/service/dashboardProject';
import type { TypeDiagnostic } from '../../../src/dashboardLanguage/service/dashboardProtocol';
import { DashboardLanguageService } from '../../../src/dashboardLanguage/service/dashboardService';
import { DiagnosticsScheduler, moveThrough, type CheckWorker } from '../../../src/dashboardLanguage/service/diagnosticsScheduler';
import { ShippedTypes } from '../../../src/dashboardLanguage/service/typeFiles';
import { DashboardWorkerClient } from '../../../src/dashboardLanguage/service/workerClient';
import { stalenessOf } from '../../../src/dashboardLanguage/service/dashboardWorker';

const TYPES_DIR = path.resolve('dist/ts-types');

/** The real worker with no runtime types (the service gave none), disposed once `use` is done. */
async function withWorker(use: (worker: DashboardWorkerClient) => Promise<void>): Promise<void> {
  const worker = new DashboardWorkerClient({ script: path.resolve('dist/ts-worker.js'), typesDir: TYPES_DIR });
  try {
    await worker.request('configure', { runtime: null });
    await use(worker);
  } finally {
    worker.dispose();
  }
}

/**
 * `shown`, or a failure after 60 s. A bound, not a pause: the scheduler's timer and an idle worker do
 * not hold the process open by design, so a test waiting on them alone would end unfinished.
 */
async function shownWithin<T>(shown: Promise<T>): Promise<T> {
  let bound: NodeJS.Timeout | undefined;
  const within = new Promise<never>((_, reject) => {
    bound = setTimeout(() => reject(new Error('no type check was shown within 60 s')), 60_000);
  });
  try {
    return await Promise.race([shown, within]);
  } finally {
    clearTimeout(bound);
  }
}

/** A dashboard of `n` small components: enough statements for a check to take a while. */
function dashboard(n: number): string {
  const parts = ["import React, { useState } from 'react';", ''];
  for (let i = 0; i < n; i++)
    parts.push(
      `export function Panel${i}() {`,
      `  const [count, setCount] = useState(${i});`,
      `  return <button onClick={() => setCount(count + 1)}>{count.toFixed(0)}</button>;`,
      '}',
    );
  return parts.join('\n') + '\n';
}

describe('dashboard diagnostics while typing', () => {
  test('a keystroke re-parses the edited statement: the statements before it are reused', () => {
    const project = new DashboardProject('typing', new TypeUniverse(new ShippedTypes(TYPES_DIR)));
    const text = dashboard(20);
    project.setText(text);
    const first = project.service.getProgram()!.getSourceFile(project.path)!.statements[0];
    project.setText(`${text}const typed = 1;\n`);
    const after = project.service.getProgram()!.getSourceFile(project.path)!;
    assert.equal(after.statements.length, 22, 'the new statement is parsed');
    assert.equal(after.statements[0], first, 'the unchanged first statement is the same node: an incremental parse');
    project.dispose();
  });

  test('a type check stops once it is told its text changed, and answers the same when not', () => {
    const service = new DashboardLanguageService({ typesDir: TYPES_DIR });
    service.configure(null);
    service.update({ key: 'a', text: `${dashboard(60)}const wrong: number = 'text';\n`, serviceText: null });
    let asked = 0;
    assert.equal(
      service.semanticDiagnostics('a', () => ++asked > 5),
      null,
      'stopped',
    );
    assert.ok(asked > 5, 'TypeScript asked whether to stop');
    const found = service.semanticDiagnostics('a', () => false)!;
    assert.deepEqual(
      found.map((d) => d.code),
      service.diagnostics('a').map((d) => d.code),
    );
    assert.ok(
      found.some((d) => d.code === 2322),
      'the type error is found when not stopped',
    );
    service.dispose();
  });

  test('the worker drops a check whose text was typed over before it ran', async () => {
    await withWorker(async (worker) => {
      const text = dashboard(60);
      void worker.request('update', { key: 'k', text, serviceText: null });
      const stale = worker.request('semanticDiagnostics', { key: 'k' });
      void worker.request('update', { key: 'k', text: `${text}const typed: number = 'x';\n` });
      const fresh = worker.request('semanticDiagnostics', { key: 'k' });
      assert.equal(await stale, null, 'the check of the older text is dropped or stopped');
      const found = await fresh;
      assert.ok(
        found?.some((d) => d.code === 2322),
        'the newest text is checked',
      );
    });
  });

  test('typing: syntax errors show at once, the type errors of the last text only, after the pause', async () => {
    await withWorker(async (worker) => {
      const shown: { kind: 'syntax' | 'complete'; generation: number; found: TypeDiagnostic[] }[] = [];
      let done: () => void = () => undefined;
      const last = new Promise<void>((r) => (done = r));
      const scheduler = new DiagnosticsScheduler(
        worker,
        {
          syntax: (_key, generation, found) => shown.push({ kind: 'syntax', generation, found }),
          complete: (_key, generation, found) => {
            shown.push({ kind: 'complete', generation, found });
            if (generation === 10) done();
          },
          failed: (_key, err) => assert.fail(String(err)),
        },
        100,
      );
      try {
        const text = dashboard(100);
        await worker.request('update', { key: 'k', text, serviceText: null });
        // Ten keystrokes, each posted before the last one's checks could finish: the 5th leaves a syntax error.
        for (let g = 1; g <= 10; g++) {
          const typed = g === 5 ? `${text}const broken = (;\n` : `${text}const typed${g}: number = 'x';\n`;
          void worker.request('update', { key: 'k', text: typed });
          scheduler.changed('k', g);
        }
        await last;
        const complete = shown.filter((s) => s.kind === 'complete');
        assert.deepEqual(
          complete.map((s) => s.generation),
          [10],
          'one type check shown: the last text’s',
        );
        assert.ok(complete[0]!.found.some((d) => d.code === 2322 && d.message.includes('string')));
        const syntax = shown.filter((s) => s.kind === 'syntax');
        assert.ok(syntax.length >= 1 && syntax.every((s) => s.generation <= 10));
        assert.ok(
          shown.findIndex((s) => s.kind === 'syntax' && s.generation === 10) < shown.findIndex((s) => s.kind === 'complete'),
          'the syntax answer comes before the type check',
        );
      } finally {
        scheduler.dispose();
      }
    });
  });
});

describe('a completion or hover does not wait behind diagnostics', () => {
  /** The offset just after `count.` in the last panel: members of a number are offered there. */
  const memberOffset = (text: string) => text.lastIndexOf('count.toFixed') + 'count.'.length;

  test('a type check that a completion waits for stops, and the completion is answered', async () => {
    await withWorker(async (worker) => {
      const text = dashboard(60);
      await worker.request('update', { key: 'k', text, serviceText: null });
      // A full check nothing stops keeps the worker busy while the next requests queue behind it.
      const busy = worker.request('diagnostics', { key: 'k' });
      void worker.request('update', { key: 'k', text: `${text}const typed: number = 'x';\n` });
      const check = worker.request('semanticDiagnostics', { key: 'k' });
      const completion = worker.request('completions', { key: 'k', offset: memberOffset(text), trigger: '.' });
      await busy;
      assert.equal(await check, null, 'the check stepped aside');
      assert.ok(
        (await completion).some((e) => e.name === 'toFixed'),
        'the completion is answered',
      );
      const again = await worker.request('semanticDiagnostics', { key: 'k' });
      assert.ok(
        again?.some((d) => d.code === 2322),
        'asked again, the same text is checked in full',
      );
    });
  });

  test('the syntax pass of a keystroke does not run before a hover already waiting', async () => {
    await withWorker(async (worker) => {
      const text = dashboard(60);
      await worker.request('update', { key: 'k', text, serviceText: null });
      const busy = worker.request('diagnostics', { key: 'k' });
      void worker.request('update', { key: 'k', text: `${text}const broken = (;\n` });
      const syntax = worker.request('syntaxDiagnostics', { key: 'k' });
      const hover = worker.request('hover', { key: 'k', offset: text.lastIndexOf('setCount') });
      await busy;
      assert.equal(await syntax, null, 'the syntax pass was skipped for the hover');
      assert.match((await hover)?.display ?? '', /setCount/);
    });
  });

  test('a request that is not the user’s (symbols, folding) does not stop a check', async () => {
    await withWorker(async (worker) => {
      const text = `${dashboard(50)}const typed: number = 'x';\n`;
      await worker.request('update', { key: 'k', text, serviceText: null });
      const check = worker.request('semanticDiagnostics', { key: 'k' });
      const symbols = worker.request('symbols', { key: 'k' });
      assert.ok((await check)?.some((d) => d.code === 2322));
      assert.ok((await symbols).length > 0);
    });
  });

  test('the worker reads an interrupt or a newer text from the shared cells, and only with them', () => {
    const cells = new Int32Array(new SharedArrayBuffer(8 * Int32Array.BYTES_PER_ELEMENT));
    const stale = stalenessOf(cells);
    const asked = { key: 'k', slot: 3, version: 0, interrupts: 0 };
    assert.equal(stale(asked), false);
    Atomics.add(cells, 0, 1);
    assert.equal(stale(asked), true, 'a completion or hover is waiting');
    assert.equal(stale({ ...asked, interrupts: 1 }), false);
    Atomics.add(cells, 3, 1);
    assert.equal(stale({ ...asked, interrupts: 1 }), true, 'the text changed');
    assert.equal(stalenessOf(undefined)(asked), false, 'no cells, no staleness');
  });

  test('a type check stopped for a completion is run again after the pause, and its errors are shown', async () => {
    await withWorker(async (worker) => {
      const text = `${dashboard(60)}const typed: number = 'x';\n`;
      let completion: Promise<unknown> | undefined;
      // The real worker; the completion is asked the moment the scheduler has posted its type check.
      const checks: CheckWorker = {
        request(method, params) {
          const answer = worker.request(method, params);
          if (method === 'semanticDiagnostics' && !completion)
            completion = worker.request('completions', { key: 'k', offset: memberOffset(text), trigger: '.' });
          return answer;
        },
      };
      let shown: (found: TypeDiagnostic[]) => void = () => undefined;
      const complete = new Promise<TypeDiagnostic[]>((r) => (shown = r));
      const scheduler = new DiagnosticsScheduler(
        checks,
        { syntax: () => undefined, complete: (_key, _generation, found) => shown(found), failed: (_key, err) => assert.fail(String(err)) },
        50,
      );
      try {
        await worker.request('update', { key: 'k', text, serviceText: null });
        scheduler.changed('k', 1, true);
        const found = await shownWithin(complete);
        assert.ok(completion, 'the completion was asked while the check was pending');
        await completion;
        assert.equal(scheduler.stats.stopped, 1, 'the first check stopped for the completion');
        assert.equal(scheduler.stats.completeShown, 1);
        assert.ok(found.some((d) => d.code === 2322));
      } finally {
        scheduler.dispose();
      }
    });
  });
});

describe('a large dashboard’s on-screen type errors come first', () => {
  /** 150 panels (602 lines) with a wrong assignment in panel 10 (near the top) and panel 140 (near the end). */
  const large = (): string => {
    let text = dashboard(150);
    for (const i of [10, 140])
      text = text.replace(`  const [count, setCount] = useState(${i});`, `$&\n  const wrong${i}: number = 'text ${i}';`);
    return text;
  };
  /** The lines of panel 10 and a few around it, as an editor scrolled there shows them. */
  const screen = (text: string) => {
    const start = text.indexOf('export function Panel8(');
    return [{ start, end: text.indexOf('export function Panel13(') }];
  };
  // One language service and one worker for the whole group, with no runtime types (the service
  // gave none): loading TypeScript's libraries is most of each test's time. Each test has its keys.
  const service = new DashboardLanguageService({ typesDir: TYPES_DIR });
  let worker: DashboardWorkerClient;
  before(async () => {
    service.configure(null);
    worker = new DashboardWorkerClient({ script: path.resolve('dist/ts-worker.js'), typesDir: TYPES_DIR });
    await worker.request('configure', { runtime: null });
  });
  after(() => {
    service.dispose();
    worker.dispose();
  });
  const checksWhole = (key: string, ranges: ReturnType<typeof screen>, why: string) =>
    assert.equal(
      service.regionDiagnostics(key, ranges, () => false),
      'whole',
      why,
    );
  const wrongs = (found: readonly TypeDiagnostic[], text: string) =>
    found.filter((d) => d.code === 2322).map((d) => text.slice(d.start, d.start + d.length));

  test('the region check finds the errors on screen only, and the whole check then finds all of them', () => {
    const text = large();
    service.update({ key: 'region', text, serviceText: null });
    const region = service.regionDiagnostics('region', screen(text), () => false);
    assert.ok(region && region !== 'whole', 'checked by region');
    assert.deepEqual(wrongs(region.found, text), ['wrong10']);
    const [{ start, end }] = screen(text);
    assert.ok(
      region.spans.every((s) => s.start <= end && s.end >= start),
      'the spans are the statements around the screen',
    );
    assert.ok(!region.spans.some((s) => s.start <= text.indexOf('wrong140') && s.end > text.indexOf('wrong140')));
    assert.deepEqual(
      wrongs(
        service.semanticDiagnostics('region', () => false)!,
        text,
      ),
      ['wrong10', 'wrong140'],
    );
    checksWhole('region', screen(text), 'once the whole file is checked, TypeScript declines');
  });

  test('no region check where the whole one is quick or answers alone: a small file, a syntax error, the service’s own text', () => {
    const small = dashboard(100);
    service.update({ key: 's', text: small, serviceText: null });
    checksWhole('s', screen(small), 'under 500 lines');
    const text = large();
    service.update({ key: 'b', text: `${text}const broken = (;\n`, serviceText: null });
    checksWhole('b', screen(text), 'a syntax error');
    service.update({ key: 'c', text, serviceText: text });
    checksWhole('c', screen(text), 'compiled by the service, untyped');
    checksWhole('c', [], 'nothing on screen');
  });

  test('without types, an edited text reports on screen only what its service text does not have', () => {
    const served = large();
    const text = served.replace('  const wrong10:', "  const added: number = 'new';\n$&");
    service.update({ key: 'untyped', text, serviceText: served });
    const region = service.regionDiagnostics('untyped', screen(text), () => false);
    assert.ok(region && region !== 'whole');
    assert.deepEqual(wrongs(region.found, text), ['added'], 'the service text’s own error is not reported');
  });

  test('a region check stops once its text is typed over', () => {
    const text = large();
    service.update({ key: 'stale', text, serviceText: null });
    let asked = 0;
    assert.equal(
      service.regionDiagnostics('stale', screen(text), () => ++asked > 1),
      null,
    );
    assert.ok(asked > 1, 'TypeScript asked whether to stop');
  });

  test('errors shown are moved with the edits typed since, and one whose text was edited is left out', () => {
    const error = (start: number, length: number) => ({ start, length, message: `at ${start}`, code: 2322, severity: 'error' as const });
    const shown = [error(10, 5), error(40, 3), error(100, 4)];
    const moved = moveThrough(shown, [
      { rangeOffset: 60, rangeLength: 0, text: 'typed\n' },
      { rangeOffset: 41, rangeLength: 1, text: '' },
      { rangeOffset: 0, rangeLength: 2, text: 'x' },
    ]);
    assert.deepEqual(
      moved.map((d) => [d.message, d.start]),
      [
        ['at 10', 9],
        ['at 100', 104],
      ],
    );
    assert.deepEqual(moveThrough(shown, []), shown);
  });

  test('the scheduler shows the on-screen errors, then the whole file’s, for the last text only', async () => {
    const text = large();
    const shown: { kind: 'region' | 'complete'; generation: number; found: string[] }[] = [];
    let done: () => void = () => undefined;
    const last = new Promise<void>((r) => (done = r));
    const scheduler = new DiagnosticsScheduler(
      worker,
      {
        syntax: () => undefined,
        visibleRanges: () => screen(text),
        region: (_key, generation, found) => shown.push({ kind: 'region', generation, found: wrongs(found, text) }),
        complete: (_key, generation, found) => {
          shown.push({ kind: 'complete', generation, found: wrongs(found, text) });
          done();
        },
        failed: (_key, err) => assert.fail(String(err)),
      },
      50,
    );
    try {
      await worker.request('update', { key: 'sched-screen', text: dashboard(150), serviceText: null });
      scheduler.changed('sched-screen', 1);
      void worker.request('update', { key: 'sched-screen', text });
      scheduler.changed('sched-screen', 2);
      await shownWithin(last);
      assert.deepEqual(shown, [
        { kind: 'region', generation: 2, found: ['wrong10'] },
        { kind: 'complete', generation: 2, found: ['wrong10', 'wrong140'] },
      ]);
      assert.equal(scheduler.stats.regionShown, 1);
    } finally {
      scheduler.dispose();
    }
  });

  test('a small dashboard on screen: the worker declines the region, and the whole file is checked and shown', async () => {
    const text = `${dashboard(40)}const wrong: number = 'text';\n`;
    const asked: string[] = [];
    const counted: CheckWorker = {
      request(method, params) {
        asked.push(method);
        return worker.request(method, params);
      },
    };
    let shown: (found: TypeDiagnostic[]) => void = () => undefined;
    const complete = new Promise<TypeDiagnostic[]>((r) => (shown = r));
    const scheduler = new DiagnosticsScheduler(
      counted,
      {
        syntax: () => undefined,
        visibleRanges: () => [{ start: 0, end: text.length }],
        region: () => assert.fail('a declined region is not shown'),
        complete: (_key, _generation, found) => shown(found),
        failed: (_key, err) => assert.fail(String(err)),
      },
      50,
    );
    try {
      await worker.request('update', { key: 'sched-small', text, serviceText: null });
      scheduler.changed('sched-small', 1, true);
      const found = await shownWithin(complete);
      assert.deepEqual(asked, ['regionDiagnostics', 'semanticDiagnostics']);
      assert.deepEqual(wrongs(found, text), ['wrong']);
      assert.equal(scheduler.stats.regionShown, 0);
    } finally {
      scheduler.dispose();
    }
  });

  test('nothing on screen (or no region sink): the whole file only, one request', async () => {
    const text = large();
    const asked: string[] = [];
    const counted: CheckWorker = {
      request(method, params) {
        asked.push(method);
        return worker.request(method, params);
      },
    };
    let done: () => void = () => undefined;
    const last = new Promise<void>((r) => (done = r));
    const scheduler = new DiagnosticsScheduler(
      counted,
      {
        syntax: () => undefined,
        visibleRanges: () => [],
        region: () => assert.fail('no region without a screen'),
        complete: () => done(),
        failed: (_key, err) => assert.fail(String(err)),
      },
      50,
    );
    try {
      await worker.request('update', { key: 'sched-none', text, serviceText: null });
      scheduler.changed('sched-none', 1, true);
      await shownWithin(last);
      assert.deepEqual(asked, ['semanticDiagnostics']);
    } finally {
      scheduler.dispose();
    }
  });
});
