// The fault matrix's verdict on one cell (test/integration/support/faultMatrix.ts): a cell proves
// something only when its fault reached the action's request, and a success taken from a faulted
// answer is a failure unless the action reads no body and the fault changed the body only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cellProblems, type Cell } from '../integration/support/faultMatrix';

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
