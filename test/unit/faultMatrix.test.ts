// The fault matrix's verdict on one cell (test/integration/support/faultMatrix.ts): a cell proves
// something only when its fault reached the action's request, and a success taken from a faulted
// answer is a failure unless the action reads no body and the fault changed the body only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cellProblems, FAULTS, inMatrixSlice, type Cell } from '../integration/support/faultMatrix';

const cell = (over: Partial<Cell>): Cell => ({
  action: 'save a dashboard',
  fault: '500',
  outcome: 'error',
  message: 'Could not save “Revenue”: 500 Internal Server Error',
  clear: true,
  attempts: 1,
  faulted: 1,
  puts: 1,
  textKept: true,
  usable: true,
  ms: 10,
  ...over,
});

describe('fault matrix cells', () => {
  test('a cell whose fault reached the request and was told clearly passes', () => {
    assert.deepEqual(cellProblems(cell({}), { saves: true }), []);
    assert.deepEqual(cellProblems(cell({ outcome: 'ok, read back', message: undefined }), { saves: true }), []);
    assert.deepEqual(cellProblems(cell({ outcome: 'ok after retry', attempts: 2, puts: 0, textKept: undefined }), { saves: false }), []);
  });

  test('a fault that never reached the action’s request fails the cell, whatever the outcome', () => {
    assert.match(cellProblems(cell({ faulted: 0, outcome: 'ok' }), { saves: true }).join(), /never served/);
    assert.match(cellProblems(cell({ faulted: 0 }), { saves: true }).join(), /never served/);
  });

  test('success taken from the faulted answer itself fails, unless the action reads no body of a body-only fault', () => {
    assert.match(cellProblems(cell({ outcome: 'ok' }), { saves: true }).join(), /faulted answer/);
    assert.match(cellProblems(cell({ outcome: 'ok', fault: 'schema violation' }), { saves: true }).join(), /faulted answer/);
    assert.match(
      cellProblems(cell({ outcome: 'ok', fault: '500', puts: 0 }), { saves: false, ignoresBody: true }).join(),
      /faulted answer/,
    );
    assert.deepEqual(cellProblems(cell({ outcome: 'ok', fault: 'schema violation', puts: 0 }), { saves: false, ignoresBody: true }), []);
  });

  test('lost text, a second PUT, an unclear message or an unusable extension each fail the cell', () => {
    assert.match(cellProblems(cell({ textKept: false }), { saves: true }).join(), /lost the text/);
    assert.match(cellProblems(cell({ puts: 2 }), { saves: true }).join(), /2 PUTs/);
    assert.match(cellProblems(cell({ clear: false }), { saves: true }).join(), /unclear message/);
    assert.match(cellProblems(cell({ usable: false }), { saves: true }).join(), /unusable/);
  });
});

describe('the slice of the matrix npm test runs', () => {
  // As many actions as reliabilityFaults.test.ts lists; the property holds from FAULTS.length up.
  const ACTIONS = 13;
  const slice = (whole: boolean) =>
    Array.from({ length: ACTIONS }, (_, a) => FAULTS.map((_, f) => f).filter((f) => inMatrixSlice(a, f, whole)));

  test('each action meets one fault, each fault one or two actions, neighbours different ones', () => {
    const faultsOf = slice(false);
    assert.ok(faultsOf.every((faults) => faults.length === 1));
    const actionsPerFault = FAULTS.map((_, f) => faultsOf.filter((faults) => faults.includes(f)).length);
    assert.ok(
      actionsPerFault.every((n) => n === 1 || n === 2),
      `${actionsPerFault}`,
    );
    assert.ok(faultsOf.every((faults, a) => a === 0 || faults[0] !== faultsOf[a - 1]![0]));
    const named = (action: number) => FAULTS[faultsOf[action]![0]!]!.name;
    assert.equal(named(2), 'dropped', 'the dashboard save loses its answer');
    assert.equal(named(6), 'latency > timeout', 'the app save times out');
  });

  test('the long run takes every cell', () => {
    assert.ok(slice(true).every((faults) => faults.length === FAULTS.length));
  });
});
