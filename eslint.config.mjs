// `npm run lint`: typescript-eslint's recommended rules, a few more, and the folder rules of the
// style guide ("The boundaries") as import restrictions per folder. test/unit/lintRules.test.ts
// lints small snippets with this config, so that each folder rule is proven to fire.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---- the folder rules (each one a `no-restricted-imports` path or pattern)

// Whole folders, and the layers inside a feature that stay vscode-free (its engine, model, protocol,
// page, service): an adapter beside them (the feature's vscode/ or host/ folder) passes in what they need.
const VSCODE_FREE = [
  'src/api',
  'src/kinds',
  'src/emulator',
  'src/util',
  'src/connection/model',
  'src/documents/model',
  'src/documents/validation',
  'src/history/model',
  'src/history/protocol',
  'src/history/page',
  'src/dashboardLanguage/service',
  'src/dashboardLanguage/check',
  'src/localFolders/engine',
  'src/explorer/model',
  'src/publish/model',
  'src/environments/model',
  'src/environments/engine',
  // The agent tools' one implementation and the MCP server: the VS Code tools (src/agents/vscode) adapt them.
  'src/agents/tools',
  'src/agents/mcp',
  // `wsa`, the command line: Node only (src/cli/args with it).
  'src/cli',
];

const noVscode = {
  name: 'vscode',
  message:
    'This folder stays vscode-free (src/api, kinds, emulator, util, and the model, engine, protocol, page, service and check layers of a feature): an adapter passes in what it needs.',
};

// From src/history/page/: its own folder (./) or the protocol it shares with the host (../protocol/).
const pageImportsOnlyProtocol = {
  regex: '^(?!\\./|\\.\\./protocol/)',
  caseSensitive: true,
  message:
    'The history page imports only its own files and src/history/protocol: the page must not pull host code (or a package) into its bundle.',
};

// From src/history/protocol/: only its own folder, and no package; the page bundles all of it.
const protocolStaysProtocol = {
  regex: '^(?!\\./)',
  caseSensitive: true,
  message: 'src/history/protocol imports only itself: both the host and the webview page bundle it.',
};

/** The features: each meets another only through that one's entry (index.ts), what it offers the others (api.ts), or its vscode-free layers. */
const FEATURES = [
  'agents',
  'connection',
  'dashboardLanguage',
  'documents',
  'environments',
  'explorer',
  'history',
  'localFolders',
  'publish',
];
/** A feature's layers any other may import: vscode-free, so they carry no registration or UI with them. */
const SHARED_LAYERS = ['model', 'engine', 'tools', 'protocol', 'check', 'service', 'validation'];

// From src/<feature>/: another feature's inner files (its vscode/, host/, files/… adapters) are its
// own to change; what it offers the others is in its api.ts.
function featureEntriesOnly(feature) {
  const others = FEATURES.filter((f) => f !== feature).join('|');
  return {
    regex: `^(\\.\\./)+(${others})/(?!(index|api)$)(?!(${SHARED_LAYERS.join('|')})/)`,
    caseSensitive: true,
    message:
      'Features meet through each other’s index.ts, api.ts or vscode-free layers (model, engine, tools, protocol, check, service, validation): add what this needs to that feature’s api.ts.',
  };
}

/** The feature a folder of src/ belongs to, if it is one. */
const featureOf = (folder) => FEATURES.find((f) => folder === `src/${f}` || folder.startsWith(`src/${f}/`));

function restrict(...rules) {
  return {
    'no-restricted-imports': ['error', { paths: rules.filter((r) => 'name' in r), patterns: rules.filter((r) => 'regex' in r) }],
  };
}

/** A folder's rules with its feature's, when it has one. */
const within = (folder, ...rules) => restrict(...rules, ...(featureOf(folder) ? [featureEntriesOnly(featureOf(folder))] : []));

// A later block's options for a rule replace an earlier block's for the same file: each block
// below repeats the general rules, from the most general folder to the most specific.
const boundaries = [
  ...FEATURES.map((f) => ({ files: [`src/${f}/**/*.ts`], rules: within(`src/${f}`) })),
  ...VSCODE_FREE.map((f) => ({ files: [`${f}/**/*.ts`], rules: within(f, noVscode) })),
  { files: ['src/history/page/**/*.ts'], rules: restrict(noVscode, pageImportsOnlyProtocol) },
  { files: ['src/history/protocol/**/*.ts'], rules: restrict(noVscode, protocolStaysProtocol) },
];

const notificationsThroughText = {
  selector: "CallExpression[callee.property.name=/^show(Error|Warning|Information)Message$/][arguments.0.callee.name!='notificationText']",
  message: 'A notification shows links in its text: pass the message through notificationText (src/util/notify.ts).',
};
/** The folders that may name a kind in a comparison: the registry and its modules, the emulator (the service's own side), the dashboard language. */
const KIND_AWARE = ['src/kinds', 'src/emulator', 'src/dashboardLanguage'];
/** The registry's kinds, written by `npm run kinds` from src/kinds/resourceKinds.ts (test/unit/kinds/registryCopies.test.ts fails when it is stale). */
const KIND_NAMES = ['operation', 'dashboard', 'app', 'database', 'writeSync', 'fact'];
const kindLiteral = `Literal[value=/^(${KIND_NAMES.join('|')})$/]`;
const kindComparison = 'A comparison with a kind’s name: ask the kinds registry (src/kinds/) for what that kind does differently.';
const noKindComparisons = [
  { selector: `BinaryExpression[operator=/^[!=]==?$/] > ${kindLiteral}`, message: kindComparison },
  { selector: `SwitchCase > ${kindLiteral}.test`, message: kindComparison },
];

export default tseslint.config(
  // Build output, installs, results, and Stryker's sandbox and reports (a copy of the tree while a mutation run is on).
  {
    ignores: ['dist/', 'out/', 'node_modules/', '.vscode-test/', 'test-results/', 'media/', '.emulator-data/', '.stryker-tmp/', 'reports/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // tsc's noUnusedLocals and noUnusedParameters check this already, with the project's settings.
      '@typescript-eslint/no-unused-vars': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  // Product code only, with type information (about 10 s more of CPU on this project): a promise
  // nobody awaits or voids is a lost error. Tests are left out: node:test's describe/it return
  // promises on purpose.
  {
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Names and messages from the service reach notifications, where VS Code renders `[text](url)` as
  // a link: every message goes through notificationText (src/util/notify.ts).
  { files: ['src/**/*.ts'], rules: { 'no-restricted-syntax': ['error', notificationsThroughText] } },
  // What one kind does differently is the kinds registry's to say (sharesIdWith, history, the kind
  // modules): a comparison with a kind's name elsewhere is a fact a new kind would have to find.
  {
    files: ['src/**/*.ts'],
    ignores: KIND_AWARE.map((f) => `${f}/**/*.ts`),
    rules: { 'no-restricted-syntax': ['error', notificationsThroughText, ...noKindComparisons] },
  },
  // Tests wait on events or conditions (waitUntil in test/harness/lib/processes.ts), never a fixed
  // time: a sleep is too short on a loaded machine and too long everywhere else.
  {
    files: ['test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "NewExpression[callee.name='Promise'] > ArrowFunctionExpression[body.callee.name='setTimeout'][body.arguments.0.type='Identifier']",
          message: 'A fixed sleep in a test: wait for the condition (waitUntil) or the event instead.',
        },
      ],
    },
  },
  // The history page runs in a browser frame.
  { files: ['src/history/page/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
  ...boundaries,
);
