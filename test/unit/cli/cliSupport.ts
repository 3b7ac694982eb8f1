// `wsa` in this process, as dist/cli.js runs it (src/cli/wsa.ts hands the table the process; these
// hand it arrays): a command line through the table's parser, and a process that records its output.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { mcpArgs, type McpArgs } from '../../../src/agents/mcp/mcpCommand';
import { parseCommandLine } from '../../../src/cli/commandLine';
import type { WsaIo } from '../../../src/cli/subcommands';

/** `wsa mcp <argv>` as the table reads it, and what `mcp` would run with. */
export function parseMcp(argv: readonly string[], env: Record<string, string | undefined>): McpArgs | 'help' {
  const line = parseCommandLine(['mcp', ...argv], env);
  if (line.kind === 'help') return 'help';
  assert.ok(line.kind === 'run' && line.command === 'mcp', line.kind);
  return mcpArgs(line.args, env);
}

export interface RecordedIo extends WsaIo {
  readonly stdoutLines: string[];
  readonly stderrLines: string[];
}

/** A process for runWsa: this environment and folder, its output kept. */
export function recordedIo(env: Record<string, string | undefined>, cwd = process.cwd()): RecordedIo {
  const stdoutLines: string[] = [];
  const stderrLines: string[] = [];
  return {
    stdoutLines,
    stderrLines,
    out: (text) => stdoutLines.push(text),
    err: (text) => stderrLines.push(text),
    env,
    cwd,
    version: '0.0.0-test',
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    distDir: cwd,
    validate: () => Promise.resolve([]),
  };
}
