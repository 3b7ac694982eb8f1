// Shared by the MCP server's tests: `node dist/cli.js mcp` (built by `node esbuild.mjs`) spawned and
// driven by the MCP SDK's own client over stdio, against an in-process emulator (any variant
// profile) on loopback. Every byte of the stdio stream is kept (what the client wrote, what the
// server wrote on stdout and stderr), so a test can search it. Nothing is mocked.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RunningEmulator } from '../../../src/emulator';
import { unfence } from '../../../src/agents/tools/api';
import { caller } from '../emulator/emulatorSupport';
import { repoRoot } from '../../harness/lib/paths';

export const CLI = join(repoRoot, 'dist', 'cli.js');

export interface McpSession {
  readonly client: Client;
  /** Everything on the wire so far: stdin as the client wrote it, stdout and stderr as the server did. */
  wire(): string;
  stderr(): string;
  /** A tool call's result (the SDK's client checks structuredContent against the tool's outputSchema). */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** A call that must succeed: its structuredContent. */
  ok(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export function serverArgs(emu: RunningEmulator, extra: readonly string[] = []): string[] {
  const { authHeader, authScheme, workspaceHeader } = emu.carriers;
  return [
    CLI,
    'mcp',
    '--base-url',
    emu.url,
    '--workspace',
    emu.demo.workspaceId,
    '--auth-header',
    authHeader,
    '--auth-scheme',
    authScheme,
    '--workspace-header',
    workspaceHeader,
    ...extra,
  ];
}

export async function startMcp(emu: RunningEmulator, extra: readonly string[] = [], env: Record<string, string> = {}): Promise<McpSession> {
  const chunks: string[] = [];
  const errors: string[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: serverArgs(emu, extra),
    env: { PATH: process.env.PATH ?? '', WORKSPACE_AUTOMATION_API_KEY: emu.demo.apiKey, ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d: Buffer) => {
    chunks.push(String(d));
    errors.push(String(d));
  });
  // The raw stdout of the server and what the client sends: the transport parses the one and frames the other.
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    assert.ok(child?.stdout, 'the transport spawned no process with a stdout');
    child.stdout.on('data', (d: Buffer) => chunks.push(String(d)));
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    chunks.push(`${JSON.stringify(message)}\n`);
    await send(message);
  };
  const client = new Client({ name: 'agents-test', version: '1.0.0' });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  return {
    client,
    wire: () => chunks.join(''),
    stderr: () => errors.join(''),
    call,
    async ok(name, args) {
      const r = await call(name, args);
      assert.ok(!r.isError, `${name} failed: ${JSON.stringify(r.content)}`);
      assert.ok(r.structuredContent, `${name} answered no structuredContent`);
      // The same answer as text, for clients without structured content.
      const text = r.content.find((c) => c.type === 'text');
      assert.deepEqual(JSON.parse((text as { text: string }).text), r.structuredContent);
      return r.structuredContent;
    },
    close: () => client.close(),
  };
}

/** The text inside one fenced value, which must be one. */
export function inside(value: unknown): string {
  assert.equal(typeof value, 'string');
  const text = unfence(value as string);
  assert.ok(text !== undefined, `not one fence: ${String(value).slice(0, 200)}`);
  return text;
}

/** The error text of a call that must fail as a result (isError), not as a protocol error. */
export function errorText(r: CallToolResult): string {
  assert.equal(r.isError, true, `the call did not fail: ${JSON.stringify(r.structuredContent ?? r.content).slice(0, 300)}`);
  return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

/** The dashboard's source and tokens as the service holds them, read as the demo user. */
export async function dashboardSource(emu: RunningEmulator, id: string) {
  const r = await caller(emu)('GET', `/v1/dashboards/${id}/source`);
  assert.equal(r.status, 200, r.text);
  return r.json.data as { source: string; revision: { revisionId: string; sequence: number }; dataRunId: string; resourceId: string };
}

/** Stores `source` as the dashboard's new text, as another user would. */
export async function putDashboard(emu: RunningEmulator, id: string, source: string): Promise<void> {
  const now = await dashboardSource(emu, id);
  const r = await caller(emu)('PUT', `/v1/dashboards/${id}/source`, {
    source,
    expectedRevision: { revisionId: now.revision.revisionId, sequence: now.revision.sequence },
    expectedDataRunId: now.dataRunId,
  });
  assert.equal(r.status, 200, r.text);
}

/** The whole text of a resource read through read_resource in ranges: each range's hash and base agree. */
export async function readWhole(
  mcp: McpSession,
  id: string,
  kind?: string,
): Promise<{ text: string; calls: number; hash: string; baseRevision: string }> {
  let text = '';
  let offset: number | undefined = 0;
  let calls = 0;
  let hash: string | undefined;
  let baseRevision: string | undefined;
  while (offset !== undefined) {
    const r: Record<string, unknown> = await mcp.ok('read_resource', { id, offset, ...(kind ? { kind } : {}) });
    calls++;
    assert.ok(calls < 10_000, 'read_resource never ends');
    const part = inside(r.text);
    assert.ok(Buffer.byteLength(JSON.stringify(part)) <= 32 * 1024, `a range of ${Buffer.byteLength(part)} bytes`);
    hash ??= r.hash as string;
    baseRevision ??= r.baseRevision as string;
    assert.equal(r.hash, hash);
    assert.equal(r.baseRevision, baseRevision);
    text += part;
    offset = r.nextOffset as number | undefined;
  }
  return { text, calls, hash: hash!, baseRevision: baseRevision! };
}
