// Which optional fields a fact replace leaves out, and what the log is told: a refused field the user
// did not change is left out once more and remembered for the connection; one the user changed, or a
// refusal naming a body field, is the service's verdict and reaches the user. The replace is given
// a sender that answers as the service would (the client's PUT is one; factReplace.test.ts drives it
// over real HTTP through every service profile) and records each body sent.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../../src/api/errors';
import { FactFieldMemory, isOptionalFactField, type LeftOutReason } from '../../../src/api/factReplace';
import type { Fact, FactReplaceBody } from '../../../src/api/schemas';

const BODY: FactReplaceBody = {
  name: 'Revenue',
  definition: 'Money in',
  formula: 'sum(x)',
  formulaType: 'sql',
  type: 'currency',
  unit: 'EUR',
  aliases: ['rev'],
  scope: null,
};

const refusal = (status: number, bodyFields: string[] | undefined) =>
  new ApiError({
    kind: 'validation',
    message: 'refused',
    action: 'replace fact fact_1',
    method: 'PUT',
    path: '/v1/facts/fact_1',
    status,
    ...(bodyFields ? { bodyFields } : {}),
  });

/** A service that refuses the named fields (once each sent), and records every body. */
function service(refuses: string[], status = 422) {
  const sent: string[][] = [];
  const send = (body: FactReplaceBody): Promise<Fact> => {
    sent.push(Object.keys(body));
    const named = refuses.filter((f) => Object.hasOwn(body, f));
    if (named.length) return Promise.reject(refusal(status, named));
    return Promise.resolve({ id: 'fact_1', ...body } as unknown as Fact);
  };
  return { sent, send };
}

function told() {
  const calls: [readonly string[], LeftOutReason][] = [];
  return { calls, onLeftOut: (fields: readonly string[], why: LeftOutReason) => calls.push([fields, why]) };
}

const ALL = ['name', 'definition', 'formula', 'formulaType', 'type', 'aliases', 'unit', 'scope'];

describe('the optional fields a fact replace leaves out', () => {
  test('the optional fields are the fact table’s fields beyond the four of the body', () => {
    for (const f of [
      'type',
      'aliases',
      'usualValue',
      'usualValueMin',
      'usualValueMax',
      'unit',
      'startDate',
      'endDate',
      'scope',
      'metadata',
    ])
      assert.ok(isOptionalFactField(f), f);
    for (const f of ['name', 'definition', 'formula', 'formulaType', 'id', 'key']) assert.ok(!isOptionalFactField(f), f);
  });

  test('a service that takes every field gets every field, once, and nothing is told', async () => {
    const memory = new FactFieldMemory();
    const svc = service([]);
    const log = told();
    const fact = await memory.replace(BODY, { onLeftOut: log.onLeftOut }, svc.send);
    assert.equal(fact.name, 'Revenue');
    assert.deepEqual(svc.sent, [ALL]);
    assert.deepEqual(log.calls, []);
    assert.deepEqual(memory.leftOut(), []);
  });

  test('refused unchanged fields are left out once more, told as refused, and remembered for the next replace', async () => {
    const memory = new FactFieldMemory();
    const svc = service(['unit', 'aliases']);
    const log = told();
    await memory.replace(BODY, { unchanged: new Set(['unit', 'aliases', 'type']), onLeftOut: log.onLeftOut }, svc.send);
    assert.deepEqual(svc.sent, [ALL, ALL.filter((f) => f !== 'unit' && f !== 'aliases')]);
    assert.deepEqual(log.calls, [[['unit', 'aliases'], 'refused']]);
    assert.deepEqual([...memory.leftOut()].sort(), ['aliases', 'unit']);

    const next = told();
    await memory.replace(BODY, { unchanged: new Set(['unit', 'aliases']), onLeftOut: next.onLeftOut }, svc.send);
    assert.deepEqual(
      svc.sent[2],
      ALL.filter((f) => f !== 'unit' && f !== 'aliases'),
      'left out from the start',
    );
    assert.equal(svc.sent.length, 3, 'one request');
    assert.deepEqual(next.calls, [[['unit', 'aliases'], 'remembered']]);
  });

  test('without a list of unchanged fields every optional field may be left out', async () => {
    const memory = new FactFieldMemory();
    const svc = service(['type'], 400);
    await memory.replace(BODY, {}, svc.send);
    assert.deepEqual(svc.sent, [ALL, ALL.filter((f) => f !== 'type')]);
  });

  test('a remembered field the user changed this time is sent again', async () => {
    const memory = new FactFieldMemory();
    const svc = service(['unit']);
    await memory.replace(BODY, { unchanged: new Set(['unit']) }, svc.send);
    const refusedAgain = await memory.replace(BODY, { unchanged: new Set(['type']) }, svc.send).then(
      () => assert.fail('saved'),
      (e: unknown) => e,
    );
    assert.ok(refusedAgain instanceof ApiError);
    assert.deepEqual(refusedAgain.bodyFields, ['unit'], 'the refusal of a changed field reaches the user');
    assert.deepEqual(svc.sent.at(-1), ALL);
  });

  test('a remembered field the body does not hold is not told as left out', async () => {
    const memory = new FactFieldMemory();
    await memory.replace(BODY, { unchanged: new Set(['unit']) }, service(['unit']).send);
    const svc = service([]);
    const log = told();
    const { unit: _unit, ...withoutUnit } = BODY;
    await memory.replace(withoutUnit, { onLeftOut: log.onLeftOut }, svc.send);
    assert.deepEqual(log.calls, []);
    await memory.replace({ ...BODY, unit: undefined }, { onLeftOut: log.onLeftOut }, svc.send);
    assert.deepEqual(log.calls, []);
  });

  test('a refusal of a field the user changed, of a body field, or of nothing named is the verdict, sent once', async () => {
    for (const [refuses, status, unchanged] of [
      [['unit'], 422, ['type']],
      [['name'], 422, undefined],
      [['unit', 'name'], 422, undefined],
      [['unit'], 409, undefined],
      [['unit'], 500, undefined],
    ] as const) {
      const memory = new FactFieldMemory();
      const svc = service([...refuses], status);
      const e = await memory.replace(BODY, unchanged ? { unchanged: new Set(unchanged) } : {}, svc.send).then(
        () => assert.fail('saved'),
        (err: unknown) => err,
      );
      assert.ok(e instanceof ApiError, `${refuses.join()} ${status}`);
      assert.equal(svc.sent.length, 1, `${refuses.join()} ${status}: not sent again`);
      assert.deepEqual(memory.leftOut(), []);
    }
    const memory = new FactFieldMemory();
    const e = await memory
      .replace(BODY, {}, () => Promise.reject(refusal(422, undefined)))
      .then(
        () => assert.fail('saved'),
        (err: unknown) => err,
      );
    assert.ok(e instanceof ApiError);
    const plain = await memory
      .replace(BODY, {}, () => Promise.reject(new Error('socket')))
      .then(
        () => assert.fail('saved'),
        (err: unknown) => err,
      );
    assert.equal((plain as Error).message, 'socket');
  });

  test('fields the user chose to leave out are left out this once, told as chosen, and not remembered', async () => {
    const memory = new FactFieldMemory();
    const svc = service([]);
    const log = told();
    await memory.replace(BODY, { leaveOut: ['aliases', 'name', 'usualValue'], onLeftOut: log.onLeftOut }, svc.send);
    assert.deepEqual(svc.sent, [ALL.filter((f) => f !== 'aliases')], 'a body field and a field not held stay as they are');
    assert.deepEqual(log.calls, [[['aliases'], 'chosen']]);
    assert.deepEqual(memory.leftOut(), []);
    await memory.replace(BODY, {}, svc.send);
    assert.deepEqual(svc.sent[1], ALL);
  });

  test('a remembered field also chosen is told once, as remembered; a chosen one refused again is not sent again', async () => {
    const memory = new FactFieldMemory();
    await memory.replace(BODY, {}, service(['unit']).send);
    const svc = service(['aliases']);
    const log = told();
    const e = await memory.replace(BODY, { leaveOut: ['unit', 'type'], onLeftOut: log.onLeftOut }, svc.send);
    assert.equal(e.name, 'Revenue');
    assert.deepEqual(log.calls, [
      [['unit'], 'remembered'],
      [['type'], 'chosen'],
      [['aliases'], 'refused'],
    ]);
    assert.deepEqual(svc.sent, [
      ALL.filter((f) => f !== 'unit' && f !== 'type'),
      ALL.filter((f) => f !== 'unit' && f !== 'type' && f !== 'aliases'),
    ]);
  });

  test('a refusal naming a field already left out is the verdict', async () => {
    const memory = new FactFieldMemory();
    let n = 0;
    const e = await memory
      .replace(BODY, { leaveOut: ['unit'] }, () => {
        n++;
        return Promise.reject(refusal(422, ['unit']));
      })
      .then(
        () => assert.fail('saved'),
        (err: unknown) => err,
      );
    assert.ok(e instanceof ApiError);
    assert.equal(n, 1);
  });
});
