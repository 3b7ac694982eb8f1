// The pseudo locale `qps-ploc` for a UI scenario, generated at test time into the run folder (never
// into the working tree):
// - a stub language pack extension: code-server takes `--locale qps-ploc` only as far as a language
//   pack for it is installed (VS Code's server reads `<user-data>/languagepacks.json` to resolve the
//   locale; with none it falls back to English and the workbench, `vscode.env.language` included,
//   stays `en`). Its translation of VS Code itself is empty, so the workbench's own words stay
//   English and only the extension's are pseudo: what is English in our parts of the screen is ours.
// - a copy of the extension (symlinks to the repo's folders) with `package.nls.qps-ploc.json` and
//   `l10n/bundle.l10n.qps-ploc.json`: every letter of every string an accented look-alike
//   (`@vscode/l10n-dev`'s pseudo-localization, the transform test/unit/l10nPseudo.test.ts uses).
import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getL10nPseudoLocalized } from '@vscode/l10n-dev';
import { repoRoot } from './paths';

export const PSEUDO_LOCALE = 'qps-ploc';

const PACK_ID = { publisher: 'wsa-test', name: 'pseudo-language-pack', version: '0.0.1' };

export interface RunDirs {
  readonly runDir: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
}

/** Every value of a bundle (`{ key: text }`, or `{ message, comment }` values) pseudo-localized. */
export function pseudoBundle(bundle: Record<string, unknown>): Record<string, string> {
  return getL10nPseudoLocalized(bundle as Parameters<typeof getL10nPseudoLocalized>[0]) as Record<string, string>;
}

/**
 * Installs the stub language pack and writes the pseudo copy of the extension; returns the copy's
 * folder, to be linked into the extensions dir instead of the repo.
 */
export function preparePseudoLocale(dirs: RunDirs): string {
  installLanguagePack(dirs);
  return pseudoExtensionCopy(dirs.runDir);
}

function installLanguagePack({ userDataDir, extensionsDir }: RunDirs): void {
  const id = `${PACK_ID.publisher}.${PACK_ID.name}`;
  const dir = join(extensionsDir, `${id}-${PACK_ID.version}`);
  const translations = join(dir, 'translations', 'main.i18n.json');
  mkdirSync(join(dir, 'translations'), { recursive: true });
  writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      ...PACK_ID,
      engines: { vscode: '*' },
      categories: ['Language Packs'],
      contributes: {
        localizations: [
          {
            languageId: PSEUDO_LOCALE,
            languageName: 'Pseudo',
            localizedLanguageName: 'Pseudo',
            translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
          },
        ],
      },
    }),
  );
  // The server also derives this file from the installed language packs, but maybe not before the
  // first page asks for its locale: written here, the first page load already resolves it.
  const hash = createHash('md5').update(`${id}@${PACK_ID.version}`).digest('hex');
  writeFileSync(
    join(userDataDir, 'languagepacks.json'),
    JSON.stringify({
      [PSEUDO_LOCALE]: {
        hash,
        label: 'Pseudo',
        extensions: [{ extensionIdentifier: { id }, version: PACK_ID.version }],
        translations: { vscode: translations },
      },
    }),
  );
}

function pseudoExtensionCopy(runDir: string): string {
  const copy = join(runDir, 'pseudo-extension');
  mkdirSync(join(copy, 'l10n'), { recursive: true });
  for (const entry of readdirSync(repoRoot))
    if (entry !== 'l10n' && entry !== 'dist') symlinkSync(join(repoRoot, entry), join(copy, entry));
  // The bundles themselves are files of the copy (hard links): Node runs a module from its real
  // path, and VS Code gives `require('vscode')` the extension's API (and its l10n bundle) only for a
  // module inside the extension's folder; through a symlinked dist/ it would not know whose it is.
  mkdirSync(join(copy, 'dist'));
  for (const entry of readdirSync(join(repoRoot, 'dist'), { withFileTypes: true })) {
    const [from, to] = [join(repoRoot, 'dist', entry.name), join(copy, 'dist', entry.name)];
    if (entry.isDirectory()) symlinkSync(from, to);
    else linkOrCopy(from, to);
  }
  for (const entry of readdirSync(join(repoRoot, 'l10n'))) symlinkSync(join(repoRoot, 'l10n', entry), join(copy, 'l10n', entry));
  const read = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(copy, `package.nls.${PSEUDO_LOCALE}.json`), JSON.stringify(pseudoBundle(read('package.nls.json'))));
  writeFileSync(
    join(copy, 'l10n', `bundle.l10n.${PSEUDO_LOCALE}.json`),
    JSON.stringify(pseudoBundle(read(join('l10n', 'bundle.l10n.json')))),
  );
  return copy;
}

function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * The ASCII-only words (3 letters or more) of `text` once the quoted data is taken out: with every
 * localized letter an accented look-alike, these are English the extension did not localize.
 * `$(icon)` names and ids (`wksp_…`) are not words.
 */
export function unlocalizedWords(text: string, data: readonly string[] = []): string[] {
  let rest = text.replace(/\$\([\w-]+\)/g, ' ').replace(/\b[a-z]{4}_[\w-]+/g, ' ');
  for (const d of data) rest = rest.split(d).join(' ');
  return [...rest.matchAll(/(?<![\p{L}\p{M}])[A-Za-z]{3,}(?![\p{L}\p{M}])/gu)].map((m) => m[0]);
}

/**
 * The words `Intl` writes in `locale` (relative times, month and day names): no bundle has them, and
 * for a locale ICU does not know they are English. They are the formatter's, not a missed string.
 */
export function intlWords(locale: string): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const w of text.match(/[A-Za-z]+/g) ?? []) words.add(w.toLowerCase());
  };
  const units: Intl.RelativeTimeFormatUnit[] = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];
  for (const numeric of ['always', 'auto'] as const) {
    const format = new Intl.RelativeTimeFormat(locale, { numeric });
    for (const unit of units) for (const n of [-2, -1, 0, 1, 2]) add(format.format(n, unit));
  }
  for (let month = 0; month < 12; month++)
    for (const style of ['long', 'short'] as const)
      add(new Intl.DateTimeFormat(locale, { month: style }).format(new Date(2024, month, 10)));
  for (let day = 0; day < 7; day++)
    for (const style of ['long', 'short'] as const)
      add(new Intl.DateTimeFormat(locale, { weekday: style }).format(new Date(2024, 0, 7 + day)));
  add(new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true }).format(new Date(2024, 0, 1, 9)));
  add(new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true }).format(new Date(2024, 0, 1, 21)));
  add(new Intl.DateTimeFormat(locale, { timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(2024, 0, 1)));
  return words;
}
