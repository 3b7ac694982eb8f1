// The pseudo-locale set-up of the UI harness (test/harness/lib/pseudoLocale.ts) without a workbench:
// what it writes into a run folder, and that it writes nothing into the working tree.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { repoRoot } from '../harness/lib/paths';
import { PSEUDO_LOCALE, intlWords, preparePseudoLocale, unlocalizedWords } from '../harness/lib/pseudoLocale';

describe('pseudo-locale set-up of the UI harness', () => {
  const runDir = mkdtempSync(join(tmpdir(), 'wsa-pseudo-unit-'));
  after(() => rmSync(runDir, { recursive: true, force: true }));
  const dirs = { runDir, userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  mkdirSync(dirs.userDataDir, { recursive: true });
  mkdirSync(dirs.extensionsDir, { recursive: true });
  const status = () => execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' });
  const before = status();
  const copy = preparePseudoLocale(dirs);
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

  it('registers a language pack for the locale whose translation file exists', () => {
    const packs = read(join(dirs.userDataDir, 'languagepacks.json')) as Record<string, { hash: string; translations: { vscode: string } }>;
    const pack = packs[PSEUDO_LOCALE];
    assert.ok(pack, 'languagepacks.json names the locale');
    assert.equal(typeof pack.hash, 'string');
    assert.ok(existsSync(pack.translations.vscode), 'its VS Code translation file exists');
  });

  it('gives the copy pseudo bundles with every key of the English ones and no English left', () => {
    for (const [english, pseudo] of [
      [join(repoRoot, 'l10n', 'bundle.l10n.json'), join(copy, 'l10n', `bundle.l10n.${PSEUDO_LOCALE}.json`)],
      [join(repoRoot, 'package.nls.json'), join(copy, `package.nls.${PSEUDO_LOCALE}.json`)],
    ]) {
      const source = read(english);
      const translated = read(pseudo) as Record<string, string>;
      assert.deepEqual(Object.keys(translated).sort(), Object.keys(source).sort());
      // Command links, setting ids and `code` are not words to translate.
      const prose = (t: string) => t.replace(/\(command:[^)]*\)|`[^`]*`|\b[\w]+(\.[\w]+)+\b/g, ' ');
      const left = Object.entries(translated).filter(([, t]) => unlocalizedWords(prose(t)).length > 0);
      assert.deepEqual(left, [], `no English left in ${pseudo}`);
    }
  });

  it('makes the bundles real files of the copy, so VS Code knows whose require("vscode") they make', () => {
    assert.ok(lstatSync(join(copy, 'dist')).isDirectory());
    const main = join(copy, 'dist', 'extension.js');
    assert.ok(existsSync(main), 'the copy has the built extension (node esbuild.mjs ran)');
    assert.equal(lstatSync(main).isSymbolicLink(), false, 'dist/extension.js is no symlink');
    assert.equal(lstatSync(join(copy, 'package.json')).isSymbolicLink(), true, 'the rest is linked, not copied');
  });

  it('writes nothing into the working tree', () => {
    assert.equal(status(), before);
    assert.equal(existsSync(join(repoRoot, 'l10n', `bundle.l10n.${PSEUDO_LOCALE}.json`)), false);
  });

  it('knows the words Intl writes for the locale, English where ICU has no data', () => {
    const words = intlWords(PSEUDO_LOCALE);
    for (const w of ['ago', 'yesterday', 'march', 'utc', 'pm']) assert.ok(words.has(w), w);
    assert.equal(words.has('saved'), false);
  });
});
