// The agent tools called as a chat calls them (vscode.lm.invokeTool), for the integration tests of
// the agents: the answer's text and its JSON, and a value read out of its fence.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { unfence } from '../../../src/agents/tools/api';
import { AGENT_TOOLS } from '../../../src/manifest/contributions';

export type Tool = keyof typeof AGENT_TOOLS;

export async function invoke(tool: Tool, input: object, tokenizationOptions?: vscode.LanguageModelToolTokenizationOptions) {
  const result = await vscode.lm.invokeTool(AGENT_TOOLS[tool].name, { input, toolInvocationToken: undefined, tokenizationOptions });
  const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  return { text, answer: JSON.parse(text) as Record<string, unknown> };
}

/** The text inside a value's fence; fails when it has none. */
export const inside = (value: unknown) => {
  const text = unfence(String(value));
  assert.ok(text !== undefined, `not fenced: ${String(value).slice(0, 120)}`);
  return text;
};
