// A second emulator for the suites that compare environments: "prod", the demo workspace under
// other ids (every per-environment id gets a P after its prefix: `oper_x` → `oper_Px`) and with a key
// of its own, which a test may edit before it starts. Started in the extension host beside the
// session's emulator ("dev"), on another port: another origin, so another key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server';
import type { StateSnapshot } from '../../src/emulator/core/records';
import { demoSnapshot } from '../../src/emulator/seed';

const PER_ENVIRONMENT = /(?<![A-Za-z0-9_-])(oper|rept|wsyn|fact|dbas|appl|conn|rvsn|oprn)_(?=[A-Za-z0-9])/g;

/** prod's own admin key: dev's is refused there. */
export const PROD_KEY = 'apik_ProdOnlyKey0123456789abcdefABCDEF';
export const PROD_ACTOR = 'apik_ProdAdmin1';

export interface ProdEmulator {
  readonly emu: RunningEmulator;
  close(): Promise<void>;
}

/** `sameIds`: prod keeps dev's ids (two services may give one id to two resources). */
export async function startProdEmulator(
  edit: (s: StateSnapshot) => void = () => {},
  variants?: readonly string[],
  { sameIds = false } = {},
): Promise<ProdEmulator> {
  const text = JSON.stringify(demoSnapshot({ deployDelayMs: 600_000 }));
  const seed = JSON.parse(sameIds ? text : text.replace(PER_ENVIRONMENT, '$1_P')) as StateSnapshot;
  const admin = seed.apiKeys.find((k) => k.secret === seed.demo.apiKey)!;
  admin.secret = PROD_KEY;
  admin.id = PROD_ACTOR;
  seed.demo.apiKey = PROD_KEY;
  edit(seed);
  const dir = mkdtempSync(join(tmpdir(), 'wsa-prod-'));
  const seedFile = join(dir, 'prod.json');
  writeFileSync(seedFile, JSON.stringify(seed));
  const emu = await startEmulator({
    port: 0,
    adminPort: 0,
    quiet: true,
    seedFile,
    deployDelayMs: 600_000,
    ...(variants ? { variants } : {}),
  });
  return {
    emu,
    async close() {
      await emu.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
