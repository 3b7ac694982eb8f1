// `npm run test:mutation`: StrykerJS mutates the core logic and runs the unit tests against each
// mutant. The tap runner runs one test file per process (node:test prints TAP when piped); per-test
// coverage is per file, so a mutant runs only the files that executed its code, and the first one
// that fails kills it. Hence the order below: the quick tests written for the mutated modules first,
// the broad suites (service profiles, explorer, history) last, where they run mostly for survivors.
import { readdirSync } from 'node:fs';

const mutate = [
  'src/api/**/*.ts',
  'src/model/merge.ts',
  'src/model/saveFlow.ts',
  'src/model/documentSession.ts',
  'src/model/resourcePath.ts',
  'src/emulator/auth.ts',
  // The emulator's concurrency checks: the dashboard revision and data run, the write sync version,
  // the history version of publish and restore.
  'src/emulator/routes/dashboards.ts',
  'src/emulator/routes/writeSyncs.ts',
  'src/emulator/routes/revisionOps.ts',
];

const first = [
  'emulatorAuth',
  'emulatorTokenChecks',
  'retry',
  'retryDefaults',
  'errorBody',
  'ids',
  'requestBodies',
  'schemas',
  'dataContract',
  'merge',
  'mergeEdges',
  'mergeBounds',
  'resourcePath',
  'documentSession',
  'saveFlowSessions',
  'responseBounds',
  'hostileBodyProperty',
  'client',
  'saveFlow',
  'saveFlowOutcomes',
  'saveFlowRecords',
  'saveKeepsUnchanged',
  'emulatorUpdates',
  'emulatorRevisionOps',
  'emulatorRevisions',
  'emulatorWire',
  'factReplace',
];
const all = readdirSync('test/unit')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -'.test.ts'.length));
const ordered = [...first.filter((n) => all.includes(n)), ...all.filter((n) => !first.includes(n)).sort()];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'tap',
  tap: {
    // Literal paths keep this order (a wildcard would not). scripts/build-unit.mjs bundles them and
    // removes the bundles that load none of the mutated sources; a missing path is skipped.
    testFiles: ordered.map((n) => `out/test/unit/${n}.test.js`),
    forceBail: true,
  },
  buildCommand: 'node scripts/build-unit.mjs',
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // esbuild bundles the instrumented sources without type checking them.
  disableTypeChecks: 'src/**/*.ts',
  checkers: [],
  mutate,
  ignorePatterns: ['dist', 'out', 'test-results', '.vscode-test', '.emulator-data', '*.vsix'],
  reporters: ['json', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
