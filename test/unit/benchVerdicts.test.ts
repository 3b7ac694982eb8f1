// The bench's restated targets, each against its floor from the same run: a pull at most 2× what any
// correct pull must do (the same GETs, JSON.parse of each answer, the same files written), the
// history's first paint at most 1.3× an empty webview plus the list request's own time, the CPU of
// activation at most 15 ms, a completion inside JSX at most 50 ms at p95. A row that is met says
// "ok"; one that is not says why in one line, and the floor stands in its own column.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatTable, type Row } from '../bench/support';
import { activationRow, completionRow, historyRow, pullRow } from '../bench/verdicts';

const verdict = (row: Row) => formatTable([row]).split('\n')[2]!.split(' | ').at(-1)!.replace(/ \|$/, '');

describe('the bench’s targets against their floors', () => {
  test('a pull is held to 2× the GETs, their parse and the files written together, the bare GETs beside it', () => {
    const figures = { files: 2024, gets: 4044, rounds: 3, floorMs: 500, floorReadsMs: 350, floorWritesMs: 150, bareGetsMs: 300 };
    const met = pullRow({ ...figures, pullMs: 999 });
    assert.equal(met.met, true);
    assert.equal(verdict(met), 'ok');
    assert.match(
      met.floor!,
      /^500\.0 ms: the same GETs with JSON\.parse \(350\.0 ms\), then the same files written \(150\.0 ms\); the bare GETs alone 300\.0 ms \(3\.33×\)/,
    );
    const missed = pullRow({ ...figures, pullMs: 1001 });
    assert.equal(missed.met, false);
    assert.match(verdict(missed), /^not met: 2\.00×: the engine's work beyond the floor/);
  });

  test('the history’s first paint is held to 1.3× an empty webview plus the list request', () => {
    const figures = { revisions: 5000, panels: 5, bareWebviewMs: 150, listMs: 50, pageOnlyMs: 180 };
    assert.equal(historyRow({ ...figures, paintMs: 260 }).met, true, '1.3× of 200 ms');
    const missed = historyRow({ ...figures, paintMs: 261 });
    assert.equal(missed.met, false);
    assert.match(missed.floor!, /^200\.0 ms: an empty webview 150\.0 ms \+ the list request 50\.0 ms/);
    assert.match(verdict(missed), /the page alone says ready in 180\.0 ms, 1\.20× an empty webview/);
  });

  test('activation is held to 15 ms of CPU, whatever the wall time', () => {
    const figures = {
      runs: 2,
      cache: 'with the code cache',
      requireCpuMs: 1,
      activateCpuMs: 13,
      wallMs: 40,
      floorCpuMs: 0.3,
      cachedLoadMs: 7,
    };
    assert.equal(activationRow({ ...figures, cpuMs: 15 }).met, true, 'a slow wall time alone does not fail it');
    const missed = activationRow({ ...figures, cpuMs: 15.5 });
    assert.equal(missed.met, false);
    assert.equal(missed.target, 'CPU ≤ 15 ms');
    assert.match(verdict(missed), /loading dist\/extension\.js through the code cache takes 7\.00 ms/);
    assert.match(missed.floor!, /an empty extension, same events: 0\.30 ms CPU/);
  });

  test('a completion inside JSX is held to 50 ms at p95, the in-process call in the floor column', () => {
    const figures = { edits: 80, medianMs: 15, inProcessMedianMs: 12 };
    assert.equal(completionRow({ ...figures, p95Ms: 50, inProcessP95Ms: 60 }).met, true, 'absolute: a slower floor does not matter');
    const worker = completionRow({ ...figures, p95Ms: 51, inProcessP95Ms: 30 });
    assert.equal(worker.met, false);
    assert.match(worker.floor!, /in-process: p95 30\.0 ms/);
    assert.match(verdict(worker), /the worker adds 21\.0 ms at p95/);
    assert.match(verdict(completionRow({ ...figures, p95Ms: 70, inProcessP95Ms: 65 })), /the in-process call alone is p95 65\.0 ms/);
  });

  test('the table has a floor and a verdict column; a cell cannot break the table', () => {
    const table = formatTable([
      { what: 'a | b', figure: '1 ms', target: 'reported' },
      { what: 'c', figure: '2 ms', floor: '1 ms', target: '≤ 1 ms', met: false, whyNot: 'slow' },
    ]).split('\n');
    assert.equal(table[0], '| what | figure | floor, same run | target | verdict |');
    assert.equal(table[2], '| a \\| b | 1 ms |  | reported |  |');
    assert.equal(table[3], '| c | 2 ms | 1 ms | ≤ 1 ms | not met: slow |');
  });
});
