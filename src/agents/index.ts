// The agents feature: the seven tools registered as VS Code language-model tools, and the MCP server
// offered to VS Code's MCP support. Registered at activation (VS Code lists a tool only once it is
// registered), loaded on first use: each registration forwards to the implementation, imported
// dynamically on the first tool call or server lookup, so activation runs none of it.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connection/api';
import type { FilesFeature } from '../documents/api';
import type { Configuration } from '../manifest/config';
import { AGENT_TOOLS, MCP_PROVIDER_ID } from '../manifest/contributions';
import { ownedBy } from '../util/lifecycle';
import type { AgentLmTools } from './vscode/lmTools';
import type { AgentMcpServers } from './vscode/mcpDefinitions';

export interface AgentsDeps {
  readonly log: vscode.LogOutputChannel;
  readonly config: Configuration;
  readonly connection: ConnectionManager;
  readonly files: FilesFeature;
  readonly options: AgentsOptions;
  /** The connection a document an agent opens is pinned to (its URI's authority). */
  readonly pin?: () => string;
}

/** Test hooks (src/testApi.ts): the product leaves them unset. */
export interface AgentsOptions {
  /** Stands in for vscode.workspace.isTrusted when set: the integration workbench is always trusted. */
  workspaceTrusted?: boolean | undefined;
}

export interface AgentsFeature {
  /** The loaded tools (created on the first call). */
  tools(): Promise<AgentLmTools>;
  /** The MCP server definitions VS Code is offered (loaded on the first lookup). */
  mcp(): Promise<AgentMcpServers>;
}

type ToolName = keyof typeof AGENT_TOOLS;

export function registerAgents(context: vscode.ExtensionContext, deps: AgentsDeps): AgentsFeature {
  const own = ownedBy(context.subscriptions);
  const trusted = () => deps.options.workspaceTrusted ?? vscode.workspace.isTrusted;
  const cli = vscode.Uri.joinPath(context.extensionUri, 'dist', 'cli.js').fsPath;
  let tools: Promise<AgentLmTools> | undefined;
  let servers: Promise<AgentMcpServers> | undefined;
  const loadTools = (): Promise<AgentLmTools> =>
    (tools ??= import('./vscode/lmTools').then(({ AgentLmTools }) =>
      own(new AgentLmTools({ ...deps, trusted, extensionUri: context.extensionUri })),
    ));
  const loadServers = (): Promise<AgentMcpServers> =>
    (servers ??= import('./vscode/mcpDefinitions').then(({ AgentMcpServers }) => new AgentMcpServers({ ...deps, trusted, cli })));

  for (const name of Object.keys(AGENT_TOOLS) as ToolName[]) {
    own(
      vscode.lm.registerTool<unknown>(AGENT_TOOLS[name].name, {
        prepareInvocation: async (options, token) => (await loadTools()).prepare(name, options, token),
        invoke: async (options, token) => (await loadTools()).invoke(name, options, token),
      }),
    );
  }

  // The list changes with the setting, the connection and the workspace's trust; VS Code asks again.
  const changed = own(new vscode.EventEmitter<void>());
  own(deps.config.onDidChange(() => changed.fire()));
  own(deps.connection.onDidChangeConnection(() => changed.fire()));
  own(vscode.workspace.onDidGrantWorkspaceTrust(() => changed.fire()));
  own(
    vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      // VS Code calls this eagerly: no UI, and nothing but the settings and the connection read.
      // Off (the default): an empty list, and nothing loaded.
      provideMcpServerDefinitions: async () => (deps.config.read().agentsMcp ? (await loadServers()).provide() : []),
      resolveMcpServerDefinition: async (server) => (await loadServers()).resolve(server),
    }),
  );
  return { tools: loadTools, mcp: loadServers };
}
