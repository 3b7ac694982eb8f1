// The history page's inlined assets: stylesheet references resolved to webview URIs, and inlined
// text that cannot close its element early.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { assetText, escapeInlineElement, inlineStylesheet } from '../../src/views/history/webviewAssets';

const toWebviewUri = (path: string) => `https://file+.vscode-resource.test/ext/${path}`;

describe('webview assets', () => {
  test('relative url() references resolve against the stylesheet and keep their query', () => {
    const css = '@font-face{src:url("./codicon.ttf?abc") format("truetype")} .a{background:url(img/x.png)} .b{background:url(\'../../media/y.svg#z\')}';
    const out = inlineStylesheet(css, 'dist/webview/codicon.css', toWebviewUri);
    assert.match(out, /url\("https:\/\/file\+\.vscode-resource\.test\/ext\/dist\/webview\/codicon\.ttf\?abc"\)/);
    assert.match(out, /url\("https:\/\/file\+\.vscode-resource\.test\/ext\/dist\/webview\/img\/x\.png"\)/);
    assert.match(out, /url\("https:\/\/file\+\.vscode-resource\.test\/ext\/media\/y\.svg#z"\)/);
  });

  test('data:, absolute, fragment-only and escaping references are left alone', () => {
    const css = '.a{background:url(data:image/png;base64,AAAA)} .b{background:url(https://example.com/x.png)} .c{mask:url(#m)} .d{background:url(/x.png)} .e{background:url(../../../outside.png)}';
    assert.equal(inlineStylesheet(css, 'dist/webview/a.css', toWebviewUri), css);
  });

  test('inlined text cannot end its <script> or <style> element', () => {
    assert.equal(escapeInlineElement('a("</script>")', 'script'), 'a("<\\/script>")');
    assert.equal(escapeInlineElement('x</STYLE>y', 'style'), 'x<\\/STYLE>y');
    assert.equal(escapeInlineElement('</div>', 'script'), '</div>');
  });

  test('a file is read once per session', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsa-assets-'));
    writeFileSync(join(root, 'a.js'), 'one');
    assert.equal(assetText(root, 'a.js'), 'one');
    writeFileSync(join(root, 'a.js'), 'two');
    assert.equal(assetText(root, 'a.js'), 'one');
  });
});
