// The history page's inlined assets: stylesheet references resolved to webview URIs, and inlined
// text that cannot close its element early.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { assetText, escapeInlineElement, inlineStylesheet, keepCodicons, splitFontFaces } from '../../../src/history/host/webviewAssets';
import { HISTORY_ICONS } from '../../../src/history/protocol/icons';

const toWebviewUri = (path: string) => `https://file+.vscode-resource.test/ext/${path}`;

describe('webview assets', () => {
  test('relative url() references resolve against the stylesheet and keep their query', () => {
    const css =
      '@font-face{src:url("./codicon.ttf?abc") format("truetype")} .a{background:url(img/x.png)} .b{background:url(\'../../media/y.svg#z\')}';
    const out = inlineStylesheet(css, 'dist/webview/codicon.css', toWebviewUri);
    assert.match(out, /url\("https:\/\/file\+\.vscode-resource\.test\/ext\/dist\/webview\/codicon\.ttf\?abc"\)/);
    assert.match(out, /url\("https:\/\/file\+\.vscode-resource\.test\/ext\/dist\/webview\/img\/x\.png"\)/);
    assert.match(out, /url\("https:\/\/file\+\.vscode-resource\.test\/ext\/media\/y\.svg#z"\)/);
  });

  test('data:, absolute, fragment-only and escaping references are left alone', () => {
    const css =
      '.a{background:url(data:image/png;base64,AAAA)} .b{background:url(https://example.com/x.png)} .c{mask:url(#m)} .d{background:url(/x.png)} .e{background:url(../../../outside.png)}';
    assert.equal(inlineStylesheet(css, 'dist/webview/a.css', toWebviewUri), css);
  });

  test('inlined text cannot end its <script> or <style> element', () => {
    assert.equal(escapeInlineElement('a("</script>")', 'script'), 'a("<\\/script>")');
    assert.equal(escapeInlineElement('x</STYLE>y', 'style'), 'x<\\/STYLE>y');
    assert.equal(escapeInlineElement('</div>', 'script'), '</div>');
  });

  test('the page’s codicon stylesheet keeps the font, the base class and exactly the icons the page uses', () => {
    const css = readFileSync(join(process.cwd(), 'node_modules/@vscode/codicons/dist/codicon.css'), 'utf8');
    const kept = keepCodicons(css, HISTORY_ICONS);
    const icons = [...kept.matchAll(/^\.codicon-([a-z0-9-]+):before/gm)].map((m) => m[1]);
    assert.deepEqual(icons.sort(), [...HISTORY_ICONS].sort(), 'every icon the page names exists in codicons, and no other');
    assert.match(kept, /@font-face/);
    assert.match(kept, /\.codicon\[class\*='codicon-'\]/);
    assert.ok(kept.length < css.length / 5, `${kept.length} of ${css.length} characters`);
  });

  test('the @font-face rules come apart from the rest of a stylesheet (the page applies them once loaded)', () => {
    const css = readFileSync(join(process.cwd(), 'node_modules/@vscode/codicons/dist/codicon.css'), 'utf8');
    const { fonts, rest } = splitFontFaces(keepCodicons(css, HISTORY_ICONS));
    assert.match(
      fonts,
      /^@font-face\s*\{[^}]*font-family: "codicon";[^}]*src: url\("\.\/codicon\.ttf\?[0-9a-f]+"\) format\("truetype"\);\s*\}$/,
    );
    assert.doesNotMatch(rest, /@font-face|codicon\.ttf/);
    assert.match(rest, /\.codicon\[class\*='codicon-'\]/);
    assert.deepEqual(splitFontFaces('.a{color:red}'), { fonts: '', rest: '.a{color:red}' });
  });

  test('a file is read once per session', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsa-assets-'));
    writeFileSync(join(root, 'a.js'), 'one');
    assert.equal(assetText(root, 'a.js'), 'one');
    writeFileSync(join(root, 'a.js'), 'two');
    assert.equal(assetText(root, 'a.js'), 'one');
  });
});
