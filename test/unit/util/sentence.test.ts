// Messages end as sentences: one full stop added when the text has no ending of its own, none doubled.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sentence } from '../../../src/util/sentence';

test('a text without an ending gets a full stop; one that ends with . ! ? or an ellipsis keeps its own', () => {
  assert.equal(sentence('the key was refused'), 'the key was refused.');
  assert.equal(sentence('  padded  '), 'padded.');
  for (const ended of ['Saved.', 'Stop!', 'Overwrite?', 'Loading…']) assert.equal(sentence(ended), ended);
  assert.equal(sentence('Loading…  '), 'Loading…');
});
