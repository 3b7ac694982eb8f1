// `npm run test:mutation`: StrykerJS mutates the core logic and runs unit tests against each mutant.
// The tap runner runs one test file per process (node:test prints TAP when piped); per-test coverage
// is per file, so a mutant runs only the files below that executed its code, in this order, until
// one fails. Hence the list: the tests of the mutated modules, the quick and specific ones first.
// The broad suites (every service profile, explorer, history, publish) are left out: they add
// minutes per surviving mutant. A new test file takes part once it is named here.

// The whole scope: about 2,760 mutants, about an hour on the 2-core machine with nothing else
// running, too long for CI. `npm run test:mutation:all` runs it.
const allFiles = [
  'src/api/**/*.ts',
  'src/util/visibleText.ts',
  'src/localFolders/engine/folderFiles.ts',
  'src/localFolders/engine/folderNames.ts',
  'src/localFolders/engine/folderChecks.ts',
  'src/documents/model/merge.ts',
  'src/documents/model/saveFlow.ts',
  'src/documents/model/documentSession.ts',
  'src/documents/model/documentStore.ts',
  'src/documents/model/documentStoreState.ts',
  'src/kinds/resourcePath.ts',
  'src/emulator/auth.ts',
  // The emulator's concurrency checks: the dashboard revision and data run, the write sync version,
  // the history version of publish and restore.
  'src/emulator/routes/dashboards.ts',
  'src/emulator/routes/writeSyncs.ts',
  'src/emulator/routes/revisionOps.ts',
  // The agent tools' vscode-free core: arguments, ranges, fences, cursors, conflicts.
  'src/agents/tools/**/*.ts',
];

// What CI runs (`npm run test:mutation`): the files whose scores were measured whole, each above
// 75% and together above 85%, inside CI's time. A file joins once a run of it alone shows it above
// the goal. Not saveFlow.ts (being restructured) nor the emulator's routes: each of their mutants
// runs emulator tests, which CI's time does not hold.
const ciFiles = [
  'src/documents/model/merge.ts',
  'src/documents/model/documentSession.ts',
  'src/documents/model/documentStore.ts',
  'src/documents/model/documentStoreState.ts',
  'src/kinds/resourcePath.ts',
  'src/api/errorBody.ts',
  'src/api/ids.ts',
  'src/api/requestBodies.ts',
  'src/api/retry.ts',
  'src/api/dataContract.ts',
  'src/api/listPaging.ts',
  'src/api/revisionPages.ts',
  'src/api/factReplace.ts',
  'src/api/transport.ts',
  'src/api/client.ts',
  'src/emulator/auth.ts',
  // A pulled folder is untrusted input: the carriers a key may go in, the escapes of text shown in
  // a terminal or CI log, the engine's file access that follows no link, its layout and names, and
  // the state file's checks.
  'src/api/carriers.ts',
  'src/util/visibleText.ts',
  'src/localFolders/engine/folderFiles.ts',
  'src/localFolders/engine/folderNames.ts',
  'src/localFolders/engine/folderChecks.ts',
  // What a model sends is input and what it reads is fenced data: the agent tools' core.
  'src/agents/tools/**/*.ts',
];

const all = process.env.WSA_MUTATION_SCOPE === 'all';

const testFiles = [
  // Quick files without an emulator: the pure modules, then the client and transport against a
  // plain loopback server. Most mutants of src/api end here.
  'api/retry',
  'api/errorBody',
  'api/ids',
  'api/requestBodies',
  'api/schemas',
  'api/dataContract',
  'api/listStops',
  'history/historyPageOrder',
  'api/transportWire',
  'api/factFieldsLeftOut',
  'documents/merge',
  'documents/mergeBounds',
  'documents/mergeConflictText',
  'kinds/resourcePath',
  'kinds/resourcePathProperty',
  'documents/documentSession',
  'documents/saveFlowSessions',
  'kinds/recordDocuments',
  'api/errorBodyMalformed',
  'documents/mergeEdges',
  'kinds/resourcePathNames',
  'documents/documentSessionState',
  'documents/documentStore',
  'documents/documentStoreHeld',
  'api/idsMessages',
  'api/requestBodiesMalformed',
  'api/hostileBodyProperty',
  'api/carriers',
  'util/visibleText',
  'localFolders/folderChecks',
  'localFolders/folderNames',
  'localFolders/folderFiles',
  'localFolders/folderWriter',
  'agents/agentsCore',
  'agents/agentsManifest',
  // Each of these starts an emulator (about a second a run): the specific ones first, for the
  // emulator's auth and routes and the client's answers.
  'emulator/emulatorAuth',
  'emulator/emulatorAuthRefusals',
  'emulator/emulatorTokenChecks',
  'emulator/emulatorRevisionOps',
  'api/clientAnswers',
  'api/clientStatusKinds',
  'api/transportFailures',
  'api/client',
  'api/responseBounds',
  'api/retryDefaults',
  'documents/saveFlow',
  'documents/saveFlowRecords',
  'documents/saveKeepsUnchanged',
  'documents/saveFlowOutcomes',
  'api/factReplace',
  'emulator/emulatorUpdates',
  'emulator/emulatorRevisions',
  'emulator/emulatorWire',
  'emulator/securityEmulator',
  'api/clientDashboardTypes',
  'api/anyService',
  'connection/connectionVerify',
  'publish/revisionOperations',
  'agents/agentsAnswers',
  'agents/agentsTools',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'tap',
  tap: {
    // Literal paths keep this order (a wildcard would not). scripts/build-unit.mjs bundles them.
    testFiles: testFiles.map((n) => `out/test/unit/${n}.test.js`),
    forceBail: true,
  },
  buildCommand: 'node scripts/build-unit.mjs',
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // esbuild bundles the instrumented sources without type checking them.
  disableTypeChecks: 'src/**/*.ts',
  checkers: [],
  mutate: all ? allFiles : ciFiles,
  ignorePatterns: ['dist', 'out', 'test-results', '.vscode-test', '.emulator-data', '*.vsix'],
  reporters: ['json', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The goal is 85, and CI's files hold it. No run of the whole scope has finished yet: its break
  // stays below every part measured (76% or more before the tests written for them) until one does.
  thresholds: { high: 90, low: 85, break: all ? 70 : 85 },
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
