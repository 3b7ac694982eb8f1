// Notifications show `[text](https://…)`, `command:` and `file:` links as links; a message built
// from service text (a resource's name, the service's error message) must show them as text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { notificationText } from '../../../src/util/notify';

/** The link pattern VS Code's notifications use (microsoft/vscode src/vs/base/common/linkedText.ts). */
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

describe('notification text', () => {
  test('links, command links and file links in service text are no links any more', () => {
    for (const name of [
      '[Open](https://evil.example/x)',
      '[Run](command:workbench.action.terminal.new)',
      'see [this](file:///etc/passwd)',
    ]) {
      const text = notificationText(`Could not save “${name}”: 500`);
      assert.equal([...text.matchAll(LINK)].length, 0, text);
      assert.equal(text.replaceAll('\u200b', ''), `Could not save “${name}”: 500`, 'the text reads the same');
    }
  });

  test('no text becomes a link, whatever it holds', () => {
    const part = fc.constantFrom('[', ']', '(', ')', 'https://x.y/', 'command:a', 'file:///b', ' ', '"t"', 'x');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 30 }), (parts) => {
        const raw = parts.join('');
        assert.equal([...notificationText(raw).matchAll(LINK)].length, 0, raw);
      }),
      { numRuns: 500 },
    );
  });
});
