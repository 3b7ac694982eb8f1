// Starts the project's emulator (`dist/emulator.js --port 0`: the OS picks a free loopback port)
// and reads the five lines it prints first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BannerReader, type EmulatorEndpoint } from '../../../src/emulator/banner';
import type { Carriers } from '../../../src/api/carriers';
import { carriersFor, parseVariantNames } from '../../../src/emulator/core/variants';
import { emulatorScript } from './paths';
import { spawnGroup, type Group } from './processes';

export interface Emulator {
  /** Base URL of the service; paths start at `/v1` below it. */
  readonly url: string;
  readonly apiKey: string;
  readonly workspaceId: string;
  /** Base URL of the emulator's admin endpoints (reset, request log, edits as another user). */
  readonly adminUrl: string;
  /** What admin requests send as `Authorization: Bearer …`; new at each start. */
  readonly adminToken: string;
  readonly logFile: string;
  /** The variant profiles given with `--variant` (as given: `strict` stays `strict`); empty: our own choices. */
  readonly variants: readonly string[];
  /** Where it wants the key and the workspace, from those profiles (`--auth-header` and the like are not read). */
  readonly carriers: Carriers;
  /** The emulator's process (its peak memory is read from /proc by the benchmark). */
  readonly pid: number;
  stop(): Promise<void>;
}

export function emulatorBuilt(): boolean {
  return existsSync(emulatorScript);
}

/**
 * Starts the emulator with its log in `runDir`; rejects when it exits or stays silent for `timeoutMs`.
 * `args` go to the emulator's CLI after `--port 0` (a later `--port` wins; `--data <dir>` persists).
 */
export async function startEmulator(
  runDir: string,
  timeoutMs = 20_000,
  args: readonly string[] = [],
  script = emulatorScript,
): Promise<Emulator> {
  const logFile = join(runDir, 'emulator.log');
  const banner = new BannerReader();
  let endpoint: EmulatorEndpoint | undefined;
  let group: Group | undefined;
  const ready = new Promise<void>((resolve) => {
    group = spawnGroup('emulator', process.execPath, [script, '--port', '0', ...args], {
      cwd: runDir,
      env: { ...process.env, NODE_ENV: 'test' },
      logFile,
      onLine: (line) => {
        endpoint ??= banner.read(line);
        if (endpoint) resolve();
      },
    });
  });
  const g = group!;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    ready.then(() => 'ready' as const),
    g.exited.then((code) => `exited with ${code}`),
    new Promise<string>((r) => (timer = setTimeout(() => r(`printed no WSA_* lines within ${timeoutMs} ms`), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (outcome !== 'ready') {
    await g.stop();
    throw new Error(`emulator ${outcome} (log: ${logFile})`);
  }
  const variants = parseVariantNames(args.filter((_, i) => args[i - 1] === '--variant'));
  return {
    ...endpoint!,
    logFile,
    variants,
    carriers: carriersFor(variants),
    pid: g.pid,
    stop: () => g.stop(),
  };
}
