#!/usr/bin/env node
// The README's tables of commands and settings, generated from package.json between the markers
// `<!-- commands:start -->` … `<!-- commands:end -->` and `<!-- settings:start -->` … `<!-- settings:end -->`.
// `node scripts/readme-tables.mjs` rewrites them; `--check` only compares and exits 1 naming the
// table that differs (test/unit/readme.test.ts runs it). `--readme <file>` reads another file.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const readmeIndex = args.indexOf('--readme');
const readmePath = readmeIndex >= 0 ? args[readmeIndex + 1] : join(root, 'README.md');
// package.json's texts are `%key%` placeholders that package.nls.json (English) resolves.
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'), (_key, value) =>
  typeof value === 'string' && /^%[^%\s]+%$/.test(value) ? (nls[value.slice(1, -1)] ?? value) : value,
);

/** When a command shows in the palette, in words: its commandPalette `when`, term by term. */
const WHEN_WORDS = {
  'workspaceAutomation.signedIn': 'signed in',
  'workspaceAutomation.signedIn || !workspaceAutomation.connectionKnown': 'signed in (or before the connection is read)',
  'resourceScheme == wsa': 'in a `wsa:` editor',
  'workspaceAutomation.hasHeldSaves': 'auto saves held',
  'workspaceAutomation.activeCanPublish': 'the active document can be published',
  'workspaceAutomation.activeHasPublished': 'the active document has a published revision',
  'workspaceAutomation.hasLocalFolders': 'a pulled folder is open',
  'workspaceAutomation.connectionBlocked == folderService': 'a folder names a service you have no key for',
  'workspaceAutomation.connectionBlocked == plainHttp': 'the service is plain http',
  'workspaceAutomation.folderHeadersIgnored': "the folder's header settings are not used",
};

const tables = { commands: commandsTable(manifest), settings: settingsTable(manifest) };
const text = readFileSync(readmePath, 'utf8');
let updated = text;
const problems = [];
for (const [name, table] of Object.entries(tables)) {
  const pattern = new RegExp(`(<!-- ${name}:start -->\\n)([\\s\\S]*?)(<!-- ${name}:end -->)`);
  const m = pattern.exec(updated);
  if (!m) {
    problems.push(`the README has no <!-- ${name}:start --> … <!-- ${name}:end --> markers`);
    continue;
  }
  if (m[2] !== table) problems.push(`the ${name} table differs from package.json`);
  updated = updated.replace(pattern, (_, start, _old, end) => `${start}${table}${end}`);
}

if (args.includes('--check')) {
  if (problems.length) {
    console.error(`${problems.join('; ')}: run \`npm run readme\` to regenerate.`);
    process.exit(1);
  }
  console.log('README tables match package.json');
} else {
  if (problems.some((p) => p.includes('markers'))) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  if (updated !== text) writeFileSync(readmePath, updated);
  console.log(updated !== text ? `updated ${readmePath}` : 'README tables already match package.json');
}

function paletteWhen(when) {
  return when
    .split('&&')
    .map((term) => {
      const words = WHEN_WORDS[term.trim()];
      if (!words) throw new Error(`scripts/readme-tables.mjs has no words for the palette's «${term.trim()}»: add them to WHEN_WORDS`);
      return words;
    })
    .join(', ');
}

function commandsTable(m) {
  const palette = new Map((m.contributes.menus?.commandPalette ?? []).map((e) => [e.command, e.when]));
  const keys = new Map((m.contributes.keybindings ?? []).map((k) => [k.command, k.key]));
  const rows = m.contributes.commands.map((c) => {
    const when = palette.get(c.command);
    const where = when === 'false' ? 'explorer and menus only' : when ? `command palette, ${paletteWhen(when)}` : 'command palette';
    const key = keys.get(c.command) ? ` (${keys.get(c.command).replace(/\b\w/g, (ch) => ch.toUpperCase())})` : '';
    return `| ${c.category}: ${c.title} | \`${c.command}\` | ${where}${key} |`;
  });
  return ['| command | id | where |', '| --- | --- | --- |', ...rows, ''].join('\n');
}

function settingsTable(m) {
  const rows = Object.entries(m.contributes.configuration.properties).map(([id, p]) => {
    const type = p.enum ? p.enum.map((v) => `\`${v}\``).join(' \\| ') : p.type;
    const description = (p.markdownDescription ?? p.description ?? '').replace(/\|/g, '\\|').replace(/\n+/g, ' ');
    return `| \`${id}\` | ${type} | \`${JSON.stringify(p.default)}\` | ${description} |`;
  });
  return ['| setting | type | default | description |', '| --- | --- | --- | --- |', ...rows, ''].join('\n');
}
