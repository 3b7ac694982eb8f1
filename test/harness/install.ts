// `node out/test/harness/install.js`: installs the headless VS Code pieces when missing (see lib/install.ts).
import { ensureInstalled } from './lib/install';

const started = Date.now();
ensureInstalled((line) => console.log(`[install] ${line}`)).then(
  () => console.log(`[install] ready (${((Date.now() - started) / 1000).toFixed(1)} s)`),
  (err: unknown) => {
    console.error(`[install] failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
