// `node dist/cli.js mcp …` (the table of subcommands, src/cli/subcommands.ts, loads this on first
// need): the connection from the command line and the environment (mcpCommand.ts), the shared
// tools on it, the MCP server on stdio. It runs until the client closes stdin or the process is
// told to stop; then the client, the language service worker and the transport are closed.
// vscode-free.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createClient, DEFAULT_CONNECTION } from '../../api';
import type { ParsedArgs } from '../../cli/args/flags';
import { ResourceReader } from '../../documents/model/resourceReader';
import { filePath, FILE_SCHEME, type FileView } from '../../kinds/resourcePath';
import { SaveFlow } from '../../documents/model/saveFlow';
import type { TextProblem } from '../../documents/model/saveTypes';
import { DashboardWorkerClient } from '../../dashboardLanguage/service/workerClient';
import { inertLines, visible } from '../../util/visibleText';
import { AgentTools, DashboardTypeCheck, SecretScrub } from '../tools/api';
import { mcpArgs, type MCP_FLAGS } from './mcpCommand';
import { createMcpServer, offeredTools } from './mcpServer';

export interface McpIo {
  readonly env: Record<string, string | undefined>;
  readonly stdin: Readable;
  readonly stdout: Writable;
  /** The log: stderr. */
  err(text: string): void;
  /** The folder of dist/cli.js: the TSX parser, the language service worker and its declarations are beside it. */
  readonly distDir: string;
  validate(view: FileView, text: string): Promise<TextProblem[]>;
}

/** Serves until the client goes; a command line or environment it cannot use throws UsageError before anything connects. */
export async function runMcp(call: ParsedArgs<typeof MCP_FLAGS>, io: McpIo): Promise<number> {
  const args = mcpArgs(call, io.env);
  const scrub = new SecretScrub([args.apiKey]);
  const log = (line: string) => io.err(inertLines(visible(scrub.text(line))));
  const client = createClient(
    { ...DEFAULT_CONNECTION, baseUrl: args.baseUrl, workspaceId: args.workspaceId, apiKey: args.apiKey, ...args.carriers },
    { debug: () => undefined, error: (m) => log(`[Client] ${m}`) },
  );
  const reader = new ResourceReader(() => client);
  const flow = new SaveFlow(() => client, reader, { validate: io.validate, log: { debug: () => undefined, error: (m) => log(m) } });
  const worker = new DashboardWorkerClient({ script: join(io.distDir, 'ts-worker.js'), typesDir: join(io.distDir, 'ts-types') });
  const binding = { origin: new URL(args.baseUrl).origin, workspaceId: args.workspaceId };
  const tools = new AgentTools({
    client: () => client,
    binding: () => binding,
    allowLiveWrites: () => args.allowLiveWrites,
    reader: () => reader,
    revision: (resourceId, revisionId, o) => client.getRevision(resourceId, revisionId, o),
    save: ({ file, text, base }) => flow.save({ file, uri: `${FILE_SCHEME}:${filePath(file)}`, text, base }),
    validate: io.validate,
    types: new DashboardTypeCheck(worker, async () => {
      const types = await client.dashboardRuntimeTypes();
      return types ? { modules: types.modules } : null;
    }),
  });
  const server = createMcpServer({ tools, allowWrites: args.allowWrites, scrub, log });
  const transport = new StdioServerTransport(io.stdin, io.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    // The client went away: nothing more will arrive.
    io.stdin.once('end', () => void server.close());
  });
  await server.connect(transport);
  const mode = args.allowWrites ? (args.allowLiveWrites ? 'read and write, live resources too' : 'read and write') : 'read-only';
  log(`[MCP] Serving ${offeredTools(args.allowWrites).length} tools (${mode}) for ${args.baseUrl}, workspace ${args.workspaceId}.`);
  await closed;
  worker.dispose();
  await client.close();
  return 0;
}
