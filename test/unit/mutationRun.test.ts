// The mutation run's own rules (scripts/mutation.mjs, scripts/mutation-scores.mjs): each file is
// held to its floor from Stryker's report, computed as Stryker computes a score; what a test is
// made of (the identity Stryker's incremental report compares) changes with the test and with every
// helper it bundles from test/, and with nothing else; the runner refuses arguments it does not know.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { repoRoot } from '../harness/lib/paths';

type Scores = typeof import('../../scripts/mutation-scores.mjs');
type Runner = typeof import('../../scripts/mutation.mjs');
/** Loaded as the npm scripts run them (ES modules read at run time, not bundled into this test). */
const load = <T>(name: string): Promise<T> => import(pathToFileURL(join(repoRoot, 'scripts', name)).href) as Promise<T>;

type Status = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'Ignored' | 'CompileError' | 'RuntimeError';
let id = 0;
const mutant = (status: Status) => ({
  id: String(++id),
  mutatorName: 'ConditionalExpression',
  replacement: 'true',
  location: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
  status,
});
/** A file of the report with these mutants: `counts` of each status. */
const file = (counts: Partial<Record<Status, number>>) => ({
  language: 'typescript',
  source: 'export const x = 1;\n',
  mutants: Object.entries(counts).flatMap(([status, n]) => Array.from({ length: n }, () => mutant(status as Status))),
});
const report = (files: Record<string, ReturnType<typeof file>>) => ({ schemaVersion: '1', thresholds: { high: 95, low: 90 }, files });

describe('mutation scores: each file against its floor', () => {
  let s: Scores;
  before(async () => (s = await load<Scores>('mutation-scores.mjs')));

  it('a file at exactly 85 % holds; one mutant fewer detected is under, and named with what was left', () => {
    const at = s.fileScores(report({ 'src/a.ts': file({ Killed: 17, Survived: 3 }) }));
    assert.equal(at[0]!.score, 85);
    assert.deepEqual(s.underFloor(at), []);
    const under = s.underFloor(s.fileScores(report({ 'src/a.ts': file({ Killed: 16, Survived: 3, NoCoverage: 1 }) })));
    assert.equal(under.length, 1);
    assert.match(s.floorMessage(under), /^src\/a\.ts: 80\.00 % \(16 of 20 detected; 3 survived, 1 without coverage\) is under 85 %$/);
  });

  it('counts as Stryker does: a timeout is detected, no coverage is not, ignored and errors are not valid', () => {
    const [score] = s.fileScores(
      report({ 'src/a.ts': file({ Killed: 1, Timeout: 1, NoCoverage: 2, Ignored: 5, CompileError: 3, RuntimeError: 1 }) }),
    );
    assert.deepEqual({ detected: score!.detected, valid: score!.valid, score: score!.score }, { detected: 2, valid: 4, score: 50 });
  });

  it('a file without a valid mutant is never under the floor; an empty report has no file', () => {
    const scores = s.fileScores(report({ 'src/types.ts': file({ Ignored: 2 }), 'src/empty.ts': file({}) }));
    assert.ok(scores.every((x) => Number.isNaN(x.score) && x.valid === 0));
    assert.deepEqual(s.underFloor(scores), []);
    assert.deepEqual(s.fileScores(report({})), []);
  });

  it('names each file by its full path, one row per file, many files at once, and only those under', () => {
    const files: Record<string, ReturnType<typeof file>> = {};
    for (let i = 0; i < 200; i++) files[`src/f${String(i).padStart(3, '0')}/x.ts`] = file(i % 50 === 0 ? { Survived: 1 } : { Killed: 1 });
    const scores = s.fileScores(report(files));
    assert.equal(scores.length, 200);
    assert.deepEqual(
      s.underFloor(scores).map((x) => x.file),
      ['src/f000/x.ts', 'src/f050/x.ts', 'src/f100/x.ts', 'src/f150/x.ts'],
    );
  });

  it('a floor is a parameter: 0 lets everything through, 100 holds every survivor', () => {
    const scores = s.fileScores(report({ 'src/a.ts': file({ Killed: 99, Survived: 1 }), 'src/b.ts': file({ Killed: 1 }) }));
    assert.deepEqual(s.underFloor(scores, 0), []);
    assert.deepEqual(
      s.underFloor(scores, 100).map((x) => x.file),
      ['src/a.ts'],
    );
  });

  it('the total is the whole report’s, not a mean of the files', () => {
    const total = s.totalScore(
      report({ 'src/a.ts': file({ Killed: 9, Survived: 1 }), 'src/b.ts': file({ Survived: 10 }), 'src/c.ts': file({ Ignored: 1 }) }),
    );
    assert.deepEqual(total, { score: 45, detected: 9, valid: 20, mutants: 21 });
  });

  it('writes the scores into the one block of a page, and refuses a page with none or two', () => {
    const page = 'before\n<!-- mutation:start -->\nold\n<!-- mutation:end -->\nafter\n';
    const written = s.withScores(page, report({ 'src/a.ts': file({ Killed: 3, Survived: 1 }) }), { seconds: 600 });
    assert.match(written, /^before\n<!-- mutation:start -->\n/);
    assert.match(
      written,
      /\*\*75\.00 %\*\* of 4 valid mutants detected \(4 in all\); its last full run \(`npm run test:mutation:full`\) took 10 min\./,
    );
    assert.match(written, /\| `src\/a\.ts` \| 75\.00 % \| 3 of 4 \|\n<!-- mutation:end -->\nafter\n$/);
    assert.ok(!written.includes('\nold\n'), 'the old block is gone');
    // The page says which files are under the floor, or that none is.
    assert.match(written, /1 file is under 85 %: `src\/a\.ts`\./);
    const whole = s.withScores(page, report({ 'src/a.ts': file({ Killed: 9, Survived: 1 }), 'src/b.ts': file({ Killed: 1 }) }));
    assert.match(whole, /Every file holds 85 % or more\./);
    const two = s.withScores(page, report({ 'src/a.ts': file({ Killed: 1, Survived: 1 }), 'src/b.ts': file({ Survived: 1 }) }));
    assert.match(two, /2 files are under 85 %: `src\/a\.ts`, `src\/b\.ts`\./);
    assert.throws(() => s.withScores('no block', report({})), /exactly one/);
    assert.throws(() => s.withScores(page + page, report({})), /exactly one/);
    assert.throws(() => s.withScores('<!-- mutation:end --><!-- mutation:start -->', report({})), /exactly one/);
  });
});

describe('mutation run: what a test is made of, for the incremental report', () => {
  let r: Runner;
  let dir: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  before(async () => {
    r = await load<Runner>('mutation.mjs');
    dir = mkdtempSync(join(tmpdir(), 'wsa-mutation-identity-'));
    write('src/code.ts', 'export const answer = () => 42;\n');
    write('test/unit/helper.ts', 'export const expected = 42;\n');
    write(
      'test/unit/a.test.ts',
      "import { answer } from '../../src/code';\nimport { expected } from './helper';\nif (answer() !== expected) throw new Error();\n",
    );
    write('test/unit/b.test.ts', "import { answer } from '../../src/code';\nif (answer() !== 42) throw new Error();\n");
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const identities = async () => {
    const map = await r.testIdentities(['a', 'b'], dir);
    return { a: r.identityText(map.get('a')!), b: r.identityText(map.get('b')!), files: map };
  };

  it('names the test first, then the helpers it bundles from test/, each with its SHA-256; never a source under mutation', async () => {
    const { files } = await identities();
    assert.deepEqual(
      files.get('a')!.map((f) => f.file),
      ['test/unit/a.test.ts', 'test/unit/helper.ts'],
    );
    assert.deepEqual(
      files.get('b')!.map((f) => f.file),
      ['test/unit/b.test.ts'],
    );
    for (const f of files.get('a')!) assert.match(f.sha256, /^[0-9a-f]{64}$/);
  });

  it('a helper’s change changes the identity of the tests that bundle it, and of no other; a change to src/ changes none', async () => {
    const first = await identities();
    write('test/unit/helper.ts', 'export const expected = 43 - 1;\n');
    const helperChanged = await identities();
    assert.notEqual(helperChanged.a, first.a);
    assert.equal(helperChanged.b, first.b);
    write('src/code.ts', 'export const answer = () => 6 * 7;\n');
    const sourceChanged = await identities();
    assert.equal(sourceChanged.a, helperChanged.a);
    assert.equal(sourceChanged.b, helperChanged.b);
    write('test/unit/b.test.ts', "import { answer } from '../../src/code';\nif (answer() !== 42) throw new Error('b');\n");
    assert.notEqual((await identities()).b, sourceChanged.b);
  });

  it('writes each identity where Stryker runs the test, below out/mutation/', async () => {
    await r.writeTestIdentities(['a'], dir);
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(join(dir, 'out', 'mutation', 'a.test.js'), 'utf8');
    assert.match(text, /^\/\/ What this test is made of/);
    assert.match(text, /\n\/\/ test\/unit\/a\.test\.ts [0-9a-f]{64}\n\/\/ test\/unit\/helper\.ts [0-9a-f]{64}\n$/);
  });

  it('a test that does not build is an error that names it, not an empty identity', async () => {
    await assert.rejects(r.testIdentities(['missing'], dir), /missing|Could not resolve/);
  });

  it('reads the committed report by default, another with --incremental-file, none with --full; refuses anything else', () => {
    assert.deepEqual(r.parseArgs([]), { full: false, incrementalFile: r.COMMITTED_REPORT });
    assert.equal(r.COMMITTED_REPORT, 'test/mutation/incremental.json');
    assert.deepEqual(r.parseArgs(['--incremental-file', '/tmp/x.json']), { full: false, incrementalFile: '/tmp/x.json' });
    assert.deepEqual(r.parseArgs(['--full']), { full: true, incrementalFile: r.COMMITTED_REPORT });
    assert.throws(() => r.parseArgs(['--incremental-file']), /unknown argument "--incremental-file"/);
    assert.throws(() => r.parseArgs(['--incremental-file', '--full']), /unknown argument/);
    assert.throws(() => r.parseArgs(['--full', '--incremental-file', 'x.json']), /takes no --incremental-file/);
    assert.throws(() => r.parseArgs(['--force']), /unknown argument "--force"/);
  });
});
