// `npm run test:mutation`: StrykerJS mutates the core logic and runs unit tests against each mutant.
// The tap runner runs one test file per process (node:test prints TAP when piped); per-test coverage
// is per file, so a mutant runs only the files below that executed its code, in this order, until
// one fails. Hence the list: the tests of the mutated modules, the quick and specific ones first.
// The broad suites (every service profile, explorer, history, publish) are left out: they add
// minutes per surviving mutant. A new test file takes part once it is named here.

// What CI mutates: the core a user's work and keys depend on. CI runs it incrementally
// (scripts/mutation.mjs): Stryker reuses a mutant's result from the committed report
// (test/mutation/incremental.json) unless its code or a test that covers it changed, so a change
// pays for its own mutants only. The scope must score 90 % or more, and no file in it below 85 %.
//
// A file joins the scope once its first full run has been paid and committed in the report: the
// tap runner starts a process per test file per mutant (about 2 s on a 2-core machine, 4-10 s for
// the files that start an emulator or the dashboard language service), so a new file costs its
// mutants times that, once. Waiting to join (WAITING, run them with `npx stryker run --mutate`):
// the client's request methods, schemas and endpoints (covered end to end by the emulator tests,
// a few seconds a mutant), the emulator's concurrency routes, and the rest of the agent tools'
// core (their tests start the emulator and the dashboard language service: about 1,500 mutants,
// hours).
export const mutate = [
  // What a service answer is read as: the transport's headers and bounds, error bodies and their
  // positions, ids, retries, pages and cursors, data contracts; and what a request sends.
  'src/api/transport.ts',
  'src/api/errorBody.ts',
  'src/api/ids.ts',
  'src/api/retry.ts',
  'src/api/carriers.ts',
  'src/api/revisionPages.ts',
  'src/api/listPaging.ts',
  'src/api/dataContract.ts',
  'src/api/factReplace.ts',
  'src/api/requestBodies.ts',
  'src/util/visibleText.ts',
  // A pulled folder is untrusted input: the engine's file access that follows no link, its layout
  // and names, and the state file's checks.
  'src/localFolders/engine/folderFiles.ts',
  'src/localFolders/engine/folderNames.ts',
  'src/localFolders/engine/folderChecks.ts',
  // What keeps an edit from being lost: the merge, the guarded save, a document's state.
  'src/documents/model/merge.ts',
  'src/documents/model/saveFlow.ts',
  'src/documents/model/documentSession.ts',
  'src/documents/model/documentStore.ts',
  'src/documents/model/documentStoreState.ts',
  'src/kinds/resourcePath.ts',
  'src/emulator/auth.ts',
  // What a model sends is input and what it reads is fenced data: the fence, the key's scrub in
  // every form, and which saves are live (refused without the second opt-in).
  'src/agents/tools/dataFence.ts',
  'src/agents/tools/secretScrub.ts',
  'src/agents/tools/liveWrites.ts',
  // Several environments: which write to a protected connection asks, a folder's targets file (untrusted,
  // and never choosing where a key goes), and a promotion's bindings, compared text, references and plan.
  'src/environments/model/!(compareText).ts',
];

/** In the scope once their first run is paid (see above). */
export const WAITING = [
  'src/api/client.ts',
  'src/api/schemas.ts',
  'src/api/endpoints.ts',
  'src/api/errors.ts',
  'src/emulator/routes/dashboards.ts',
  'src/emulator/routes/writeSyncs.ts',
  'src/emulator/routes/revisionOps.ts',
  // The rest of the agent tools' core: arguments, ranges, cursors, the guarded save's answers.
  'src/agents/tools/!(dataFence|secretScrub|liveWrites).ts',
  // The comparison across environments: most of it is covered by the two-emulator tests only
  // (about 20 s a mutant), a first run of about 45 minutes.
  'src/environments/model/compareText.ts',
];

export const testFiles = [
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
  'api/retryAfterBoundaries',
  'api/errorPositionBoundaries',
  'api/idBoundaries',
  'api/contentHeaderBoundaries',
  'api/revisionNumberBoundaries',
  'history/timestampBoundaries',
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
  'documents/documentStoreUnknown',
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
  'agents/agentsKeyForms',
  'agents/agentsManifest',
  'environments/guard',
  'environments/connections',
  'environments/targets',
  'environments/targetsResolution',
  'environments/bindings',
  'environments/normalize',
  'environments/references',
  'environments/plan',
  'environments/pins',
  'environments/proposals',
  // Each of these starts an emulator (about a second a run): the specific ones first, for the
  // emulator's auth and routes and the client's answers.
  'emulator/emulatorAuth',
  'emulator/emulatorAuthRefusals',
  'emulator/emulatorTokenChecks',
  'emulator/emulatorRevisionOps',
  'api/cursorBoundaries',
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
  'documents/saveFlowLog',
  'documents/servicePlaceBoundaries',
  'api/factReplace',
  'emulator/emulatorUpdates',
  'emulator/emulatorRevisions',
  'emulator/emulatorWire',
  'emulator/securityEmulator',
  'api/clientDashboardTypes',
  'api/anyService',
  'connection/connectionVerify',
  'publish/revisionOperations',
  // The agent tools' files against the emulator, cheapest first: answers, secrets and hostile
  // services start the dashboard language service; binding waits out a refused connection.
  'agents/agentsTools',
  'agents/agentsLive',
  'agents/agentsSecrets',
  'agents/agentsHostile',
  'agents/agentsAnswers',
  'agents/agentsBinding',
  // A promotion between two emulators: its per-kind rules, its edges, then plan and apply end to end.
  'environments/promoteRules',
  'environments/promoteEdges',
  'environments/promote',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'tap',
  tap: {
    // Literal paths keep this order (a wildcard would not). In the sandbox scripts/build-unit.mjs
    // bundles them over the instrumented sources; in the project, scripts/mutation.mjs writes what
    // each is made of there, which is what Stryker's report keeps and compares (see that script).
    testFiles: testFiles.map((n) => `out/mutation/${n}.test.js`),
    forceBail: true,
  },
  buildCommand: 'node scripts/build-unit.mjs',
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // esbuild bundles the instrumented sources without type checking them.
  disableTypeChecks: 'src/**/*.ts',
  checkers: [],
  mutate,
  // Not out/mutation: the test files' identities are read from there.
  ignorePatterns: ['dist', 'out/*', '!out/mutation', 'test-results', '.vscode-test', '.emulator-data', '*.vsix', 'test/mutation'],
  reporters: ['json', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The whole scope's floor; scripts/mutation-scores.mjs holds each file to 85 %.
  thresholds: { high: 95, low: 90, break: 90 },
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
