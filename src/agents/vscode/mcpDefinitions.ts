// The MCP server offered to VS Code: `node dist/cli.js mcp` for the signed-in connection, only when
// workspaceAutomation.agents.mcp is on (user settings), in a trusted workspace and signed in; else no
// server at all. The definition VS Code shows and keeps names the service, the workspace and the
// headers, never the key: the key of that origin (src/connection) is added to the process's
// environment only in resolve, when VS Code starts the server, after the same checks again. The
// server writes only when workspaceAutomation.agents.allowSave is on too, and saves write syncs and
// facts only with workspaceAutomation.agents.allowLiveSave besides.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connection/api';
import type { Configuration } from '../../manifest/config';
import { isPlainHttpRisk } from '../../connection/model/origins';
import { KEY_VARIABLE, BASE_URL_VARIABLE, CARRIER_VARIABLES, WORKSPACE_VARIABLE } from '../../cli/args/connectionFlags';

export interface AgentMcpServersDeps {
  readonly log: vscode.LogOutputChannel;
  readonly config: Configuration;
  readonly connection: ConnectionManager;
  readonly trusted: () => boolean;
  /** dist/cli.js of this extension. */
  readonly cli: string;
}

export const SERVER_LABEL = 'Workspace Automation';

export class AgentMcpServers {
  constructor(private readonly deps: AgentMcpServersDeps) {}

  /** The one server for the current connection, or none. Never shows UI: VS Code calls it eagerly. */
  provide(): vscode.McpStdioServerDefinition[] {
    const definition = this.definition();
    return definition ? [definition] : [];
  }

  /**
   * VS Code starts the server: the key of the connection's origin goes into its environment, when the
   * definition still names that connection. Anything else starts nothing.
   */
  async resolve(server: vscode.McpServerDefinition): Promise<vscode.McpServerDefinition | undefined> {
    const current = this.definition();
    if (!current || !(server instanceof vscode.McpStdioServerDefinition) || JSON.stringify(server.args) !== JSON.stringify(current.args)) {
      this.deps.log.warn('[Agents] The MCP server was not started: its definition no longer names the signed-in connection.');
      return undefined;
    }
    const key = await this.deps.connection.apiKey();
    if (!key) return undefined;
    server.env = { ...current.env, [KEY_VARIABLE]: key };
    this.deps.log.info(`[Agents] Starting the MCP server for ${this.deps.connection.current?.origin ?? ''}.`);
    return server;
  }

  private definition(): vscode.McpStdioServerDefinition | undefined {
    const settings = this.deps.config.read();
    const connection = this.deps.connection.current;
    if (!settings.agentsMcp || !this.deps.trusted() || !connection) return undefined;
    const carriers = this.deps.connection.carriers();
    const args = [
      this.deps.cli,
      'mcp',
      '--base-url',
      connection.baseUrl,
      '--workspace',
      connection.workspaceId,
      '--auth-header',
      carriers.authHeader,
      '--auth-scheme',
      carriers.authScheme,
      '--workspace-header',
      carriers.workspaceHeader,
      ...(settings.agentsAllowSave ? ['--allow-writes'] : []),
      ...(settings.agentsAllowSave && settings.agentsAllowLiveSave ? ['--allow-live-writes'] : []),
      // A connection to plain http off loopback exists only after the user allowed that origin.
      ...(isPlainHttpRisk(connection.origin) ? ['--allow-plain-http'] : []),
    ];
    // The extension host's own variables do not reach the server: its connection is the one named here.
    const env: Record<string, string | null> = {
      // VS Code's executable runs as Node with this (the desktop's Electron); plain Node ignores it.
      ELECTRON_RUN_AS_NODE: '1',
      [KEY_VARIABLE]: null,
      [BASE_URL_VARIABLE]: connection.baseUrl,
      [WORKSPACE_VARIABLE]: null,
      [CARRIER_VARIABLES.authHeader]: null,
      [CARRIER_VARIABLES.authScheme]: null,
      [CARRIER_VARIABLES.workspaceHeader]: null,
    };
    const mode = settings.agentsAllowSave ? (settings.agentsAllowLiveSave ? 'rw+live' : 'rw') : 'ro';
    const version = `${connection.origin} ${connection.workspaceId} ${mode}`;
    return new vscode.McpStdioServerDefinition(SERVER_LABEL, process.execPath, args, env, version);
  }
}
