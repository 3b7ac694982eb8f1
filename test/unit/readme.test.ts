// The README's tables of commands and settings are generated from package.json
// (scripts/readme-tables.mjs); a contribution added without regenerating them fails here. The
// README is for users and stays short; the rest has a page of its own in docs/.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;
const script = join(root, 'scripts', 'readme-tables.mjs');

function check(readme?: string) {
  const args = [script, '--check', ...(readme ? ['--readme', readme] : [])];
  return spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
}

describe('README tables', () => {
  it('the commands and settings tables match package.json', () => {
    const r = check();
    assert.equal(r.status, 0, r.stderr || r.stdout);
  });

  it('a README whose tables miss a command or a setting is caught', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wsa-readme-'));
    try {
      const text = readFileSync(join(root, 'README.md'), 'utf8');
      for (const id of ['`workspaceAutomation.signIn`', '`workspaceAutomation.autoSave`']) {
        const file = join(dir, 'README.md');
        writeFileSync(
          file,
          text
            .split('\n')
            .filter((line) => !line.includes(id))
            .join('\n'),
        );
        const r = check(file);
        assert.equal(r.status, 1, `dropping ${id} went unnoticed`);
        assert.match(r.stderr, /differs from package\.json/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the README stays a page for users: at most 300 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length;
    assert.ok(lines <= 300, `README.md has ${lines} lines: the details belong in docs/ (one page per reader)`);
  });

  it('a newcomer reads both setup commands in the README: npm start and npm test, in one code block', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]);
    const both = blocks.find((b) => /^npm start\b/m.test(b) && /^npm test\b/m.test(b));
    assert.ok(both, 'no bash block of the README shows both `npm start` and `npm test` at the start of a line');
  });

  it('every command and setting in package.json appears in the README', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const c of manifest.contributes.commands) assert.ok(readme.includes(`\`${c.command}\``), c.command);
    for (const id of Object.keys(manifest.contributes.configuration.properties)) assert.ok(readme.includes(`\`${id}\``), id);
  });
});
