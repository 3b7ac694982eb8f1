// read_resource of a dashboard over MCP against the CLI's plain pull of the same dashboard, side by
// side: each round spawns `node cli.js mcp`, connects the MCP SDK's client over stdio, reads the
// dashboard whole (in ranges while nextOffset says so) and closes; and spawns `node cli.js pull
// <folder> --id <dashboard>`. Both start a process, connect and read the same text once, so the
// ratio is what the MCP server adds. Rounds alternate, because this machine is noisy.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Emulator } from '../harness/lib/emulator';
import { fmt, median, type Row } from './support';

const ROUNDS = 5;

export async function mcpReadBench(emu: Emulator, dist: string, dashboardId: string, say: (line: string) => void): Promise<Row[]> {
  const cli = join(dist, 'cli.js');
  const env = { PATH: process.env.PATH ?? '', WORKSPACE_AUTOMATION_API_KEY: emu.apiKey, WORKSPACE_AUTOMATION_BASE_URL: emu.url };
  const connection = ['--base-url', emu.url, '--workspace', emu.workspaceId];
  const mcpMs: number[] = [];
  const pullMs: number[] = [];
  let chars = 0;
  for (let round = 0; round < ROUNDS; round++) {
    say(`  MCP read and CLI pull, round ${round + 1}/${ROUNDS}...`);
    let t = performance.now();
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', ...connection], env, stderr: 'ignore' }));
    let offset: number | undefined = 0;
    chars = 0;
    while (offset !== undefined) {
      const r = await client.callTool({ name: 'read_resource', arguments: { id: dashboardId, offset } });
      const s = r.structuredContent as { text: string; nextOffset?: number };
      chars += s.text.length;
      offset = s.nextOffset;
    }
    await client.close();
    mcpMs.push(performance.now() - t);
    const folder = mkdtempSync(join(tmpdir(), 'wsa-bench-pull-'));
    t = performance.now();
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [cli, 'pull', folder, ...connection, '--id', dashboardId], { env }, (e) => (e ? reject(e) : resolve())),
    );
    pullMs.push(performance.now() - t);
    rmSync(folder, { recursive: true, force: true });
  }
  const mcp = median(mcpMs);
  const pull = median(pullMs);
  return [
    {
      what: `read_resource of a dashboard over MCP: spawn, connect, read ${chars} characters, close (median of ${ROUNDS})`,
      figure: `${fmt.ms(mcp)} (${fmt.ratio(mcp / pull)} the CLI's pull)`,
      target: '≤ 1.3× the CLI’s pull',
      met: mcp <= 1.3 * pull,
      whyNot: `${fmt.ratio(mcp / pull)}: the MCP server's start (Node, the SDK, the tools and the TSX check) is paid in each round, the CLI's pull loads less`,
    },
    { what: '  the CLI’s plain pull of the same dashboard into a new folder, same rounds', figure: fmt.ms(pull), target: 'floor' },
  ];
}
