// The folder rules of eslint.config.mjs fire: small snippets, linted through ESLint's Node API with
// the project's config as if they were files of each folder. Without this, a typo in a glob or a
// pattern would switch a rule off in silence.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { KINDS } from '../../src/kinds/resourceKinds';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;

let eslint: ESLint;

/** The messages of `no-restricted-imports` for `code` as the file `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  assert.ok(result, `no lint result for ${path}`);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${path} could not be linted`);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint: the folder rules', () => {
  before(() => {
    // The snippets are not files of the TypeScript project: lint them without type information
    // (the folder rules need none).
    eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
  });

  test('`vscode` is refused in api, kinds, emulator, util and the vscode-free layers of each feature, and allowed in the adapters', async () => {
    const code = "import * as vscode from 'vscode';\nexport const x = vscode;\n";
    for (const folder of [
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
      'src/cli',
      'src/cli/args',
    ]) {
      // The page and its protocol refuse every package too: a second message, about that.
      const errors = await boundaryErrors(`${folder}/snippet.ts`, code);
      assert.ok(
        errors.some((e) => /stays vscode-free/.test(e)),
        `${folder}: ${errors.join('; ')}`,
      );
    }
    for (const folder of [
      'src/documents/files',
      'src/documents/conflicts',
      'src/explorer/vscode',
      'src/history/host',
      'src/history',
      'src/dashboardLanguage/vscode',
      'src/localFolders/vscode',
      'src/publish',
      'src/connection',
      'src/ui',
    ]) {
      assert.deepEqual(await boundaryErrors(`${folder}/snippet.ts`, code), [], folder);
    }
  });

  test('the history page imports only src/history/protocol and its own files', async () => {
    const page = 'src/history/page/snippet.ts';
    const ok = ["import { h } from './dom';", "import type { HostMessage } from '../protocol/protocol';"];
    for (const line of ok) assert.deepEqual(await boundaryErrors(page, `${line}\n`), [], line);
    for (const line of [
      "import { parseWebviewMessage } from '../host/messageSchema';",
      "import { toHistoryItems } from '../model/items';",
      "import { notificationText } from '../../util/notify';",
      "import { z } from 'zod/mini';",
    ]) {
      const errors = await boundaryErrors(page, `${line}\n`);
      assert.equal(errors.length, 1, line);
      assert.match(errors[0]!, /imports only its own files and src\/history\/protocol/, line);
    }
  });

  test('src/history/protocol imports only itself', async () => {
    const shared = 'src/history/protocol/snippet.ts';
    assert.deepEqual(await boundaryErrors(shared, "import type { HistoryItem } from './historyItem';\n"), []);
    for (const line of [
      "import { schemas } from '../../api/lazySchemas';",
      "import type { FileView } from '../../kinds/resourcePath';",
      "import { toHistoryItems } from '../model/items';",
      "import { z } from 'zod/mini';",
    ]) {
      const errors = await boundaryErrors(shared, `${line}\n`);
      assert.equal(errors.length, 1, line);
      assert.match(errors[0]!, /src\/history\/protocol imports only itself/, line);
    }
  });

  test('a feature imports another only through its index.ts, its api.ts or its vscode-free layers', async () => {
    const meets = /Features meet through each other’s index.ts/;
    const refused: [string, string][] = [
      ['src/publish/snippet.ts', '../documents/files/revisionFileSystem'],
      ['src/explorer/vscode/snippet.ts', '../../connection/connectionProvider'],
      ['src/localFolders/vscode/snippet.ts', '../../dashboardLanguage/vscode/dashboardDocuments'],
      ['src/history/host/snippet.ts', '../../documents/conflicts/snapshotFileSystem'],
      // A vscode-free layer of a feature is held to the rule too, besides its own.
      ['src/explorer/model/snippet.ts', '../../connection/connectionManager'],
      ['src/agents/vscode/snippet.ts', '../../documents/files/api'],
    ];
    for (const [path, from] of refused) {
      const errors = await boundaryErrors(path, `import { x } from '${from}';\nexport const y = x;\n`);
      assert.ok(
        errors.some((e) => meets.test(e)),
        `${path} ← ${from}: ${errors.join('; ')}`,
      );
    }
    const allowed: [string, string][] = [
      ['src/publish/snippet.ts', '../documents'],
      ['src/publish/snippet.ts', '../documents/api'],
      ['src/agents/vscode/snippet.ts', '../../documents/model/saveFlow'],
      ['src/explorer/model/snippet.ts', '../../connection/model/origins'],
      ['src/publish/snippet.ts', '../history/protocol/messages'],
      ['src/localFolders/vscode/snippet.ts', '../../dashboardLanguage/check/dashboardCheck'],
      // Its own inner files, and the shared folders that are no feature.
      ['src/documents/index.ts', './files/registerFiles'],
      ['src/documents/conflicts/snippet.ts', '../files/revisionFileSystem'],
      ['src/publish/snippet.ts', '../kinds/resourceKinds'],
      ['src/publish/snippet.ts', '../ui/registerCommand'],
      // The root files wire the features together.
      ['src/extension.ts', './documents/files/registerFiles'],
    ];
    for (const [path, from] of allowed) {
      const errors = await boundaryErrors(path, `import { x } from '${from}';\nexport const y = x;\n`);
      assert.deepEqual(errors, [], `${path} ← ${from}`);
    }
  });

  test('a fixed sleep in a test is refused; waiting for a condition, a timeout that rejects and product code are not', async () => {
    const lint = async (path: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: join(root, path) });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    const sleep = 'export async function f() {\n  await new Promise((r) => setTimeout(r, 200));\n}\n';
    for (const path of ['test/unit/snippet.test.ts', 'test/integration/snippet.test.ts', 'test/ui/snippet.ui.ts']) {
      const errors = await lint(path, sleep);
      assert.equal(errors.length, 1, path);
      assert.match(errors[0]!, /fixed sleep/);
    }
    const timeout = 'export const p = new Promise((_, reject) => setTimeout(() => reject(new Error("late")), 5000));\n';
    assert.deepEqual(await lint('test/unit/snippet.test.ts', timeout), []);
    assert.deepEqual(await lint('src/util/snippet.ts', sleep), []);
  });

  test('a notification whose message does not go through notificationText is refused in src/', async () => {
    const lint = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: join(root, 'src/explorer/vscode/snippet.ts') });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    const head = "import * as vscode from 'vscode';\nimport { notificationText } from '../../util/notify';\nconst name = 'x';\n";
    for (const kind of ['Error', 'Warning', 'Information']) {
      const errors = await lint(`${head}void vscode.window.show${kind}Message(\`Could not save “\${name}”\`);\n`);
      assert.equal(errors.length, 1, kind);
      assert.match(errors[0]!, /notificationText/);
      assert.deepEqual(
        await lint(`${head}void vscode.window.show${kind}Message(notificationText(\`Saved “\${name}”\`), 'OK');\n`),
        [],
        kind,
      );
    }
  });

  test('a comparison with a kind’s name is refused outside the kinds, the emulator and the dashboard language', async () => {
    const lint = async (path: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: join(root, path) });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    for (const kind of KINDS) {
      for (const code of [
        `export const f = (k: string) => k === '${kind}';\n`,
        `export const f = (k: string) => '${kind}' !== k;\n`,
        `export function f(k: string) {\n  switch (k) {\n    case '${kind}':\n      return 1;\n  }\n  return 0;\n}\n`,
      ]) {
        const errors = await lint('src/history/model/snippet.ts', code);
        assert.equal(errors.length, 1, code);
        assert.match(errors[0]!, /kinds registry/);
        for (const allowed of ['src/kinds/snippet.ts', 'src/emulator/routes/snippet.ts', 'src/dashboardLanguage/service/snippet.ts'])
          assert.deepEqual(await lint(allowed, code), [], allowed);
      }
    }
    assert.deepEqual(await lint('src/history/model/snippet.ts', "export const f = (k: string) => k === 'dashboards';\n"), []);
    // The notification rule still holds beside it.
    const notify = "import * as vscode from 'vscode';\nvoid vscode.window.showErrorMessage('x');\n";
    assert.equal((await lint('src/history/host/snippet.ts', notify)).length, 1);
  });
});
