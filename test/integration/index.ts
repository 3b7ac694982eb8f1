// Mocha entry that VS Code loads in the extension host (`extensionTestsPath`): runs every
// `*.test.js` bundled beside it, prints the spec reporter's lines (the harness relays the extension
// host's console), and writes the counts to `$WSA_TEST_RESULTS_FILE` for the harness.
import { existsSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import Mocha from 'mocha';
import { RUNNER_BANNER } from '../harness/lib/env';

interface Failure {
  title: string;
  error: string;
}

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: process.env.WSA_TEST_COLOR === '1',
    timeout: Number(process.env.WSA_TEST_TIMEOUT_MS) || 20_000,
    ...(process.env.WSA_TEST_GREP ? { grep: process.env.WSA_TEST_GREP } : {}),
  });
  // Only bundles whose source still exists: out/ keeps the bundles of deleted or renamed tests.
  const sources = join(__dirname, '..', '..', '..', 'test', 'integration');
  const files = readdirSync(__dirname, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.js') && existsSync(join(sources, f.replace(/\.js$/, '.ts'))))
    .sort();
  for (const f of files) mocha.addFile(join(__dirname, f));

  console.log(`${RUNNER_BANNER} ${files.length} file(s), VS Code ${vscode.version}, Node ${process.version}`);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const failures: Failure[] = [];
  /** Titles of skipped tests: the orchestrator fails a skip that its allow-list does not name. */
  const skips: string[] = [];
  // Written after every test, so a run that hangs still tells what passed and what was running.
  const save = (running?: string) => {
    const file = process.env.WSA_TEST_RESULTS_FILE;
    if (!file) return;
    // Write and rename: the harness may read it at any moment (a timeout) and must not see half of it.
    writeFileSync(`${file}.tmp`, JSON.stringify({ ...counts, running, done: running === undefined, files, failures, skips }, null, 2));
    renameSync(`${file}.tmp`, file);
  };
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failed) => {
      save();
      if (failed > 0) reject(new Error(`${failed} integration test(s) failed`));
      else resolve();
    });
    runner.on('test', (test) => save(test.fullTitle()));
    runner.on('hook', (hook) => save(hook.fullTitle()));
    runner.on('pass', () => counts.passed++);
    runner.on('pending', (test) => {
      counts.skipped++;
      skips.push(test.fullTitle());
    });
    // 'fail' also fires for failing hooks, which mocha counts as failures too.
    runner.on('fail', (test, err: Error) => {
      counts.failed++;
      failures.push({ title: test.fullTitle(), error: err?.stack ?? String(err) });
    });
  });
}
