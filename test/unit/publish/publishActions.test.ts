// The history page's Publish… button: offered where the service's capabilities say
// publish, left out of the toolbar where they do not, and never for the revision already published.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { actionMessage, actionStates, hiddenAction } from '../../../src/history/page/actions';
import type { HistoryHeader } from '../../../src/history/protocol/protocol';
import { historyHeader, historyItem } from '../history/historySupport';
import { parseWebviewMessage } from '../../../src/history/host/messageSchema';

const item = historyItem;
const header = (over: Partial<HistoryHeader> = {}): HistoryHeader =>
  historyHeader({
    resourceId: 'dbas_1',
    name: 'Orders',
    kindLabel: 'Managed database',
    view: 'database',
    published: { revisionId: 'rvsn_p', sequence: 2 },
    publish: { enabled: true },
    ...over,
  });

describe('Publish… in the history page', () => {
  test('the draft can be published; the message names it', () => {
    assert.equal(actionStates(header(), [item('rvsn_d')]).publish.enabled, true);
    assert.deepEqual(actionMessage('publish', [item('rvsn_d')]), { type: 'publish', revisionId: 'rvsn_d' });
    assert.equal(hiddenAction('publish', header()), false);
  });

  test('the published revision is not offered again', () => {
    assert.deepEqual(actionStates(header(), [item('rvsn_p')]).publish, { enabled: false, title: 'This is the published revision' });
  });

  test('capabilities.publish false: the button is left out, with the reason as its title', () => {
    const h = header({
      capabilities: { history: true, restore: true, publish: false },
      publish: { enabled: false, reason: 'The service reports that this resource cannot be published (capabilities.publish is false).' },
    });
    assert.equal(hiddenAction('publish', h), true);
    assert.match(actionStates(h, [item('rvsn_d')]).publish.title, /capabilities\.publish is false/);
    assert.equal(hiddenAction('publish', header({ publish: undefined })), true, 'a host that says nothing offers nothing');
  });

  test('the host accepts a publish message of a revision id, and nothing else in it', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'publish', revisionId: 'rvsn_d' }), {
      ok: true,
      message: { type: 'publish', revisionId: 'rvsn_d' },
    });
    assert.equal(parseWebviewMessage({ type: 'publish', revisionId: 'rvsn_d', expectedVersion: 'x' }).ok, false);
    assert.equal(parseWebviewMessage({ type: 'publish', revisionId: 'oper_1' }).ok, false);
  });
});
