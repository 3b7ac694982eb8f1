// The webview's script and stylesheets, read from the extension's build output once per session
// and inlined into each panel's HTML. Inline (under the panel's nonce) rather than linked: every
// linked file is one more fetch through the webview's resource loader before the script can run,
// and a stylesheet in <head> holds the script back until it arrives; both delay a new panel's
// first paint (README, Performance).
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const texts = new Map<string, string>();

/** The text of a file of the extension (`root`-relative, `/`-separated), read once. */
export function assetText(root: string, path: string): string {
  const file = join(root, ...path.split('/'));
  let text = texts.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    texts.set(file, text);
  }
  return text;
}

/**
 * A stylesheet's text with its relative `url(...)` references (a font, an image) resolved against
 * the stylesheet's own place in the extension and turned into webview URIs by `toWebviewUri`.
 */
export function inlineStylesheet(css: string, path: string, toWebviewUri: (extensionPath: string) => string): string {
  return css.replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/g, (whole, _quote: string, ref: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(ref)) return whole;
    const [file, suffix = ''] = splitSuffix(ref);
    const resolved = posix.normalize(posix.join(posix.dirname(path), file));
    if (resolved.startsWith('..')) return whole;
    return `url("${toWebviewUri(resolved)}${suffix}")`;
  });
}

function splitSuffix(ref: string): [string, string] {
  const at = ref.search(/[?#]/);
  return at < 0 ? [ref, ''] : [ref.slice(0, at), ref.slice(at)];
}

/**
 * codicon.css with the rules of only the named icons (it has one `.codicon-<name>:before` rule per
 * line), and everything else in it (the font, the base class, the modifiers) kept.
 */
export function keepCodicons(css: string, names: readonly string[]): string {
  const keep = new Set(names);
  return css
    .split('\n')
    .filter((line) => {
      const icon = /^\.codicon-([a-z0-9-]+):before\s*\{[^}]*\}\s*$/.exec(line.trim());
      return !icon || keep.has(icon[1]!);
    })
    .join('\n');
}

/** Makes text safe inside a <script> or <style> element: it cannot close the element early. */
export function escapeInlineElement(text: string, element: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${element})`, 'gi'), '<\\/$1');
}

/**
 * A stylesheet split into its `@font-face` rules and the rest. The page holds the fonts back until
 * it has loaded (webviewHost.ts): a font fetched while it loads delays its `load` event, and VS Code
 * shows the page and hands it its first messages only then.
 */
export function splitFontFaces(css: string): { fonts: string; rest: string } {
  const fonts: string[] = [];
  const rest = css.replace(/@font-face\s*\{[^}]*\}/g, (rule) => {
    fonts.push(rule);
    return '';
  });
  return { fonts: fonts.join('\n'), rest };
}
