// CLI: `node dist/emulator.js [--port 0] ...`. The first five stdout lines are machine-readable
// (scripts parse them); the rest is for people.
import { isIP } from 'node:net';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from './server';
import { bannerLines } from './banner';
import { UsageError } from '../cli/args/flags';
import { HELP, parseArgs } from './cliArgs';

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

function summary(emu: RunningEmulator): string {
  const d = emu.demo;
  const c = emu.carriers;
  const scheme = c.authScheme ? `${c.authScheme} ` : '';
  const tryPath = emu.variants.includes('no-lists') ? `operations/${d.ids.publishedOperationId}` : 'operations';
  const lines = [
    '',
    'Workspace Automation emulator is running.',
    `  Other workspace:           ${d.otherWorkspaceId}`,
    `  Organization:              ${d.organizationId}`,
    `  Read-only key:             ${d.readOnlyApiKey}`,
    `  Dashboard editor key:      ${d.editorApiKey}`,
    `  Other-workspace-only key:  ${d.otherWorkspaceOnlyApiKey}`,
    '  Well-known ids:',
    ...Object.entries(d.ids).map(([k, v]) => `    ${k.padEnd(32)} ${v}`),
    ...(emu.variants.length ? [`  Variants:                  ${emu.variants.join(', ')}`] : []),
    `  Try: curl -H "${c.authHeader}: ${scheme}${d.apiKey}" -H "${c.workspaceHeader}: ${d.workspaceId}" ${emu.url}/v1/${tryPath}`,
    `  Admin: ${emu.adminUrl}/health, /requests, /faults, /reset, /snapshot, /variants`,
    `         with -H "Authorization: Bearer ${emu.adminToken}" (a new token each start; without it: 401)`,
    '  Stop with Ctrl+C.',
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  let parsed: EmulatorOptions | 'help';
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  if (parsed === 'help') {
    process.stdout.write(HELP);
    return;
  }
  const host = parsed.host ?? '127.0.0.1';
  if (!isLoopback(host)) {
    process.stderr.write(
      `\n!!! WARNING: binding ${host}, which is not a loopback address. The demo API keys are public;\n` +
        `!!! anyone who can reach this machine can read and change the emulator's data.\n\n`,
    );
  }
  const emu = await startEmulator(parsed);
  process.stdout.write(
    bannerLines({
      url: emu.url,
      apiKey: emu.demo.apiKey,
      workspaceId: emu.demo.workspaceId,
      adminUrl: emu.adminUrl,
      adminToken: emu.adminToken,
    }),
  );
  process.stdout.write(summary(emu));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[emulator] ${signal}: shutting down\n`);
    emu.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`[emulator] failed to close cleanly: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`[emulator] failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
