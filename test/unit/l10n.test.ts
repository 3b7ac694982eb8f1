// Localization: l10n/bundle.l10n.json is what `npm run l10n` exports from the vscode.l10n.t and
// @vscode/l10n t calls of src/ (a string added without re-exporting fails here), and every
// translation shipped beside it has each key, with the same {0}/{name} placeholders; package.json
// names its texts as %key% placeholders that package.nls.json (and each package.nls.<language>.json) resolves.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { getL10nJson } from '@vscode/l10n-dev';

const root = join(__dirname, '..', '..', '..');

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
