#!/usr/bin/env node
// Each file's mutation score, from Stryker's JSON report, computed as Stryker computes it
// (mutation-testing-metrics: detected = killed + timed out; valid = detected + survived + no
// coverage; compile and runtime errors and ignored mutants do not count). Stryker's `break`
// threshold holds only the whole scope, so this holds each file to its own floor.
//
//   node scripts/mutation-scores.mjs [report] [--floor <percent>] [--write-docs <file> --seconds <s>]
//
// Prints every file under the floor and exits 1 when there is one; with --write-docs, rewrites the
// block between `<!-- mutation:start -->` and `<!-- mutation:end -->` of that file with the scores.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { calculateMetrics } from 'mutation-testing-metrics';

export const DEFAULT_REPORT = 'reports/mutation/mutation.json';
export const FILE_FLOOR = 85;
const START = '<!-- mutation:start -->';
const END = '<!-- mutation:end -->';

/**
 * The score of each file of a report (`files` of Stryker's JSON), sorted by name; `score` is NaN
 * for a file without a valid mutant (nothing to kill).
 * @param {{ files: Record<string, unknown> }} report
 * @returns {{ file: string, score: number, detected: number, valid: number, survived: number, noCoverage: number }[]}
 */
export function fileScores(report) {
  // One file at a time: over several, the library names them below their common folder.
  return Object.entries(report.files)
    .map(([file, result]) => {
      const m = calculateMetrics({ [file]: result }).metrics;
      return {
        file,
        score: m.mutationScore,
        detected: m.totalDetected,
        valid: m.totalValid,
        survived: m.survived,
        noCoverage: m.noCoverage,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The whole report's score and counts. */
export function totalScore(report) {
  const m = calculateMetrics(report.files).metrics;
  return { score: m.mutationScore, detected: m.totalDetected, valid: m.totalValid, mutants: m.totalMutants };
}

/** The files whose score is under `floor` (a file without valid mutants is never under it). */
export function underFloor(scores, floor = FILE_FLOOR) {
  return scores.filter((s) => s.valid > 0 && s.score < floor);
}

/** One line per file under the floor, naming it, its score and what was left alive. */
export function floorMessage(under, floor = FILE_FLOOR) {
  return under
    .map(
      (s) =>
        `${s.file}: ${percent(s.score)} (${s.detected} of ${s.valid} detected; ${s.survived} survived, ${s.noCoverage} without coverage) is under ${floor} %`,
    )
    .join('\n');
}

/** `text` with its mutation block replaced by the scores (the block must be there once). */
export function withScores(text, report, { seconds, floor = FILE_FLOOR } = {}) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start || text.indexOf(START, start + 1) >= 0)
    throw new Error(`the page needs exactly one ${START} … ${END} block`);
  const total = totalScore(report);
  const under = underFloor(fileScores(report), floor);
  const files = under.length
    ? `${under.length} file${under.length === 1 ? ' is' : 's are'} under ${floor} %: ${under.map((s) => `\`${s.file}\``).join(', ')}.`
    : `Every file holds ${floor} % or more.`;
  const lines = [
    START,
    `The committed report (\`test/mutation/incremental.json\`): **${percent(total.score)}** of ${total.valid} valid mutants detected` +
      ` (${total.mutants} in all)${seconds ? `; its last full run (\`npm run test:mutation:full\`) took ${Math.round(seconds / 60)} min` : ''}. ${files}`,
    '',
    '| file | score | detected of valid |',
    '| --- | ---: | ---: |',
    ...fileScores(report).map((s) => `| \`${s.file}\` | ${s.valid ? percent(s.score) : '—'} | ${s.detected} of ${s.valid} |`),
    END,
  ];
  return text.slice(0, start) + lines.join('\n') + text.slice(end + END.length);
}

function percent(score) {
  return `${score.toFixed(2)} %`;
}

function main(argv) {
  const args = [...argv];
  const option = (name) => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [, value] = args.splice(at, 2);
    if (value === undefined) throw new Error(`${name} needs a value`);
    return value;
  };
  const floor = Number(option('--floor') ?? FILE_FLOOR);
  const docs = option('--write-docs');
  const seconds = Number(option('--seconds') ?? 0);
  const reportFile = args[0] ?? DEFAULT_REPORT;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  if (docs) writeFileSync(docs, withScores(readFileSync(docs, 'utf8'), report, { seconds, floor }));
  const under = underFloor(fileScores(report), floor);
  const total = totalScore(report);
  console.log(`Mutation score ${percent(total.score)} (${total.detected} of ${total.valid} valid mutants detected).`);
  if (under.length === 0) {
    console.log(`Every file is at ${floor} % or more.`);
    return 0;
  }
  console.error(`${under.length} file${under.length === 1 ? ' is' : 's are'} under ${floor} %:\n${floorMessage(under, floor)}`);
  return 1;
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) process.exitCode = main(process.argv.slice(2));
