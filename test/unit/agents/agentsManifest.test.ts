// package.json's agent contributions against their one declaration (src/agents/tools/toolSpecs.ts,
// src/manifest): each VS Code tool says what the MCP tool says, is offered only trusted and signed
// in, can be referenced in a prompt; the settings that let agents write or reach VS Code's MCP are
// user settings only; the vscode-free folders of the feature refuse `vscode` (the folder rules).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { inputSchema, TOOL_NAMES, TOOL_SPECS } from '../../../src/agents/tools/toolSpecs';
import { AGENT_TOOLS, AGENT_TOOLS_WHEN, MCP_PROVIDER_ID } from '../../../src/manifest/contributions';
import { repoRoot } from '../../harness/lib/paths';

const root = repoRoot;
const read = (f: string) => JSON.parse(readFileSync(join(root, f), 'utf8')) as Record<string, unknown>;

interface LmTool {
  name: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  modelDescription: string;
  displayName: string;
  userDescription: string;
  inputSchema: unknown;
  when: string;
}

describe('agents: the manifest', () => {
  const pkg = read('package.json') as {
    contributes: {
      languageModelTools: LmTool[];
      mcpServerDefinitionProviders: { id: string; label: string }[];
      configuration: { properties: Record<string, { scope?: string; default?: unknown; type?: string }> };
    };
    capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
    dependencies: Record<string, string>;
  };
  const nls = read('package.nls.json') as Record<string, string>;
  const text = (v: string) => (/^%.+%$/.test(v) ? nls[v.slice(1, -1)] : v);

  test('each of the (at most eight) tools is the declared one: name, reference, description, schema, when', () => {
    const tools = pkg.contributes.languageModelTools;
    assert.ok(tools.length <= 8);
    assert.deepEqual(
      tools.map((t) => t.name),
      TOOL_NAMES.map((n) => AGENT_TOOLS[n].name),
    );
    for (const name of TOOL_NAMES) {
      const t = tools.find((x) => x.name === AGENT_TOOLS[name].name)!;
      assert.equal(t.toolReferenceName, AGENT_TOOLS[name].reference);
      assert.equal(t.canBeReferencedInPrompt, true);
      assert.equal(text(t.modelDescription), TOOL_SPECS[name].description, `${name}: the model reads another description in VS Code`);
      assert.equal(text(t.displayName), TOOL_SPECS[name].title);
      assert.ok(text(t.userDescription));
      assert.deepEqual(t.inputSchema, inputSchema(TOOL_SPECS[name]), `${name}: the input schema differs from the MCP server's`);
      assert.equal(t.when, AGENT_TOOLS_WHEN);
    }
    assert.equal(AGENT_TOOLS_WHEN, 'isWorkspaceTrusted && workspaceAutomation.signedIn');
  });

  test('docs/agents.md gives every tool its row, with its `#` reference', () => {
    const page = readFileSync(join(root, 'docs/agents.md'), 'utf8');
    for (const name of TOOL_NAMES) {
      const row = page.split('\n').find((line) => line.startsWith(`| \`${name}\``));
      assert.ok(row, `docs/agents.md has no row for ${name}`);
      assert.ok(row.includes(`\`#${AGENT_TOOLS[name].reference}\``), `${name}'s row names #${AGENT_TOOLS[name].reference}`);
    }
  });

  test('each description says when to use the tool and when not, and that service text is data', () => {
    for (const name of TOOL_NAMES) {
      const d = TOOL_SPECS[name].description;
      assert.match(d, /\b(use|run)\b/i, name);
      assert.match(d, /not for|never use|only for|nothing that changes/i, name);
    }
    for (const name of ['list_resources', 'read_resource', 'list_revisions', 'diff_revisions'] as const)
      assert.match(TOOL_SPECS[name].description, /data from the service|data from the service, fenced|never instructions/i, name);
  });

  test('the agents’ settings are off by default, application scope, and not read from a folder in Restricted Mode', () => {
    for (const id of [
      'workspaceAutomation.agents.allowSave',
      'workspaceAutomation.agents.allowLiveSave',
      'workspaceAutomation.agents.mcp',
    ]) {
      const setting = pkg.contributes.configuration.properties[id];
      assert.deepEqual([setting?.type, setting?.default, setting?.scope], ['boolean', false, 'application'], id);
      assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(id));
    }
    assert.deepEqual(pkg.contributes.mcpServerDefinitionProviders, [
      { id: MCP_PROVIDER_ID, label: '%mcpServerDefinitionProviders.workspaceAutomation.label%' },
    ]);
    assert.match(pkg.dependencies['@modelcontextprotocol/sdk'] ?? '', /^\d+\.\d+\.\d+$/, 'the MCP SDK is pinned');
  });

  test('src/agents/tools and src/agents/mcp refuse `vscode`; src/agents/vscode is the adapter', async () => {
    const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
    const code = "import * as vscode from 'vscode';\nexport const x = vscode;\n";
    const errors = async (path: string) =>
      (await eslint.lintText(code, { filePath: join(root, path) }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-imports');
    for (const folder of ['src/agents/tools', 'src/agents/mcp']) assert.equal((await errors(`${folder}/snippet.ts`)).length, 1, folder);
    assert.deepEqual(await errors('src/agents/vscode/snippet.ts'), []);
  });
});
