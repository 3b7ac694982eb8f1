// Localization: l10n/bundle.l10n.json is what `npm run l10n` exports from the vscode.l10n.t and
// @vscode/l10n t calls of src/ (a string added without re-exporting fails here), and every
// translation shipped beside it has each key, with the same {0}/{name} placeholders; package.json
// names its texts as %key% placeholders that package.nls.json (and each package.nls.<language>.json) resolves.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { getL10nJson } from '@vscode/l10n-dev';
import { PAGE_TEXT, parsePageLocale } from '../../src/history/protocol/pageLocale';
import { absoluteUtc, relativeTime } from '../../src/history/protocol/relativeTime';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;

type Bundle = Record<string, string | { message: string; comment: string[] }>;

function readJson(path: string): Bundle {
  return JSON.parse(readFileSync(join(root, path), 'utf8')) as Bundle;
}

function message(value: Bundle[string]): string {
  return typeof value === 'string' ? value : value.message;
}

function sources(): { extension: '.ts'; contents: string }[] {
  return readdirSync(join(root, 'src'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => ({ extension: '.ts' as const, contents: readFileSync(join(root, 'src', f), 'utf8') }));
}

/** The placeholders of a message, sorted: `{0}`, `{name}`. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{[\w]+\}/g)].map((m) => m[0]).sort();
}

/** What a translation lacks or breaks, one line each. */
export function translationProblems(source: Bundle, translation: Bundle): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    const translated = translation[key];
    if (translated === undefined) problems.push(`missing: ${JSON.stringify(key)}`);
    else if (placeholders(message(translated)).join() !== placeholders(message(value)).join())
      problems.push(`placeholders differ: ${JSON.stringify(key)} → ${JSON.stringify(message(translated))}`);
    else if (!message(translated).trim()) problems.push(`empty: ${JSON.stringify(key)}`);
  }
  for (const key of Object.keys(translation)) if (!(key in source)) problems.push(`not in the source: ${JSON.stringify(key)}`);
  return problems;
}

describe('localization bundles', () => {
  it('l10n/bundle.l10n.json holds exactly the strings src/ localizes (npm run l10n)', async () => {
    const exported = await getL10nJson(sources());
    assert.deepEqual(readJson('l10n/bundle.l10n.json'), exported, 'run `npm run l10n` and commit l10n/bundle.l10n.json');
  });

  it('a translation that lacks a key or drops a placeholder is caught', () => {
    const source: Bundle = { 'Saved {0}': 'Saved {0}', Retry: 'Retry' };
    assert.deepEqual(translationProblems(source, { 'Saved {0}': 'Gespeichert', Retry: 'Wiederholen' }), [
      'placeholders differ: "Saved {0}" → "Gespeichert"',
    ]);
    assert.deepEqual(translationProblems(source, { 'Saved {0}': '{0} gespeichert' }), ['missing: "Retry"']);
    assert.deepEqual(translationProblems(source, { 'Saved {0}': '{0} gespeichert', Retry: 'Wiederholen', Old: 'Alt' }), [
      'not in the source: "Old"',
    ]);
  });

  it('every %key% of package.json resolves in package.nls.json, and every key there is used', () => {
    const manifest = readFileSync(join(root, 'package.json'), 'utf8');
    const used = new Set([...manifest.matchAll(/"%([^%"\s]+)%"/g)].map((m) => m[1]!));
    const nls = readJson('package.nls.json');
    assert.ok(used.size > 50, 'the contributions are localized');
    assert.deepEqual(
      [...used].filter((k) => !(k in nls)),
      [],
      'placeholders without an English text',
    );
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.has(k)),
      [],
      'texts no placeholder uses',
    );
  });

  it('the history page gets every word of PAGE_TEXT from the host, each with its English as the key', () => {
    const host = readFileSync(join(root, 'src', 'history', 'host', 'translatedPageWords.ts'), 'utf8');
    const sent = Object.fromEntries([...host.matchAll(/^\s+(\w+): l10n\.t\(\s*'((?:[^'\\]|\\.)*)',?\s*\),$/gm)].map((m) => [m[1]!, m[2]!]));
    assert.deepEqual(sent, { ...PAGE_TEXT });
  });

  it('the page keeps English for a word the host sent malformed, and takes the translated ones', () => {
    const locale = parsePageLocale({ language: 'de', text: { open: 'Öffnen', comparing: 'Vergleicht {0}', refresh: 42 } });
    assert.equal(locale.language, 'de');
    assert.equal(locale.text.open, 'Öffnen');
    assert.equal(locale.text.comparing, PAGE_TEXT.comparing, 'a dropped placeholder keeps the English');
    assert.equal(locale.text.refresh, PAGE_TEXT.refresh);
    assert.deepEqual(parsePageLocale('nonsense'), { language: 'en', text: { ...PAGE_TEXT } });
  });

  it('the history reads relative times and dates in the display language (Intl)', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    assert.equal(relativeTime('2026-11-25T11:55:00Z', now), '5 minutes ago');
    assert.equal(relativeTime('2026-11-25T11:55:00Z', now, 'de'), 'vor 5 Minuten');
    assert.equal(relativeTime('2026-11-24T12:00:00Z', now, 'de'), 'gestern');
    assert.equal(relativeTime('2026-11-25T11:59:50Z', now, 'de', 'gerade eben'), 'gerade eben');
    assert.equal(absoluteUtc('2026-11-25T11:55:00Z'), '2026-11-25 11:55:00 UTC');
    assert.match(absoluteUtc('2026-11-25T11:55:00Z', 'de'), /25\.11\.2026.*11:55:00 UTC/);
  });

  for (const file of readdirSync(root).filter((f) => /^package\.nls\.[\w-]+\.json$/.test(f) && !f.includes('qps-'))) {
    it(`${file} translates every text of package.nls.json`, () => {
      assert.deepEqual(translationProblems(readJson('package.nls.json'), readJson(file)), []);
    });
  }

  for (const file of readdirSync(join(root, 'l10n')).filter((f) => /^bundle\.l10n\.[\w-]+\.json$/.test(f) && !f.includes('qps-'))) {
    it(`${relative(root, join(root, 'l10n', file))} translates every string of the bundle`, () => {
      assert.deepEqual(translationProblems(readJson('l10n/bundle.l10n.json'), readJson(`l10n/${file}`)), []);
    });
  }
});
