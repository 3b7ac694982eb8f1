// Which name a connection has in the bindings, and the bindings of a pair seen from either side:
// the pure rules under Compare with Another Environment….
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { environmentName, lookupOf, pairBindings } from '../../../src/environments/model/compareText';
import type { Bindings } from '../../../src/environments/model/bindings';

const conn = { id: 'c1', baseUrl: 'https://prod.example.com/', workspaceId: 'wksp_a' };
const b = (targetId: string) => ({ targetId, sourceRevision: null, targetRevision: null });

describe('compare: a connection’s name in the bindings', () => {
  test('the targets file’s target of the same service and workspace', () => {
    const targets = [
      { name: 'dev', baseUrl: 'https://dev.example.com', workspace: 'wksp_a' },
      { name: 'prod', baseUrl: 'https://PROD.example.com:443', workspace: 'wksp_a' },
    ];
    assert.equal(environmentName(conn, targets), 'prod');
  });
  test('else the connection’s id: another workspace, another path or another origin is another target', () => {
    assert.equal(environmentName(conn, [{ name: 'prod', baseUrl: 'https://prod.example.com', workspace: 'wksp_b' }]), 'c1');
    assert.equal(environmentName(conn, [{ name: 'prod', baseUrl: 'https://prod.example.com/tenant', workspace: 'wksp_a' }]), 'c1');
    assert.equal(environmentName(conn, [{ name: 'prod', baseUrl: 'http://prod.example.com', workspace: 'wksp_a' }]), 'c1');
    assert.equal(environmentName(conn, undefined), 'c1');
  });
});

describe('compare: the bindings of a pair', () => {
  test('written from either side, seen from the first', () => {
    const bindings: Bindings = { dev: { prod: { fact_1: b('fact_P1') } }, prod: { dev: { fact_P2: b('fact_2') } } };
    const look = lookupOf(pairBindings(bindings, 'dev', 'prod'), 'dev', 'prod');
    assert.equal(look('fact_1'), 'fact_P1');
    assert.equal(look('fact_2'), 'fact_P2');
    assert.equal(look('fact_3'), undefined);
    const back = lookupOf(pairBindings(bindings, 'prod', 'dev'), 'prod', 'dev');
    assert.equal(back('fact_P1'), 'fact_1');
    assert.equal(back('fact_P2'), 'fact_2');
  });
  test('a binding the other way that would bind a resource twice is left out: one counterpart each', () => {
    const bindings: Bindings = { dev: { prod: { fact_1: b('fact_P1') } }, prod: { dev: { fact_P1: b('fact_9'), fact_P7: b('fact_1') } } };
    const look = lookupOf(pairBindings(bindings, 'dev', 'prod'), 'dev', 'prod');
    assert.equal(look('fact_1'), 'fact_P1');
    assert.equal(look('fact_9'), undefined);
  });
  test('an id named like an object’s own property binds nothing', () => {
    assert.equal(lookupOf(pairBindings({}, 'dev', 'prod'), 'dev', 'prod')('constructor'), undefined);
  });
});
