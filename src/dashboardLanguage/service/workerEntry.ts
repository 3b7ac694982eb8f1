// The dashboard worker's entry in the extension (dist/ts-worker-main.js): it loads dist/ts-worker.js,
// TypeScript inside, through V8's code cache in the extension's global storage (src/util/codeCache.ts),
// as dist/main.js loads the extension. Compiling those 10 MB is a quarter of a second of the first
// dashboard's first check in every window; the cache is written once that check has run, so the
// checker's functions are in it. Without a cache folder (the unit tests, the bench's floor) the
// client starts dist/ts-worker.js itself.
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { loadWithCodeCache } from '../../util/codeCache';

/** Past a first check on a busy machine (2-3 s here), so that the checker is compiled and cached. */
const STORE_AFTER_MS = 8_000;

const { codeCacheDir, codeCacheStoreAfterMs } = workerData as { codeCacheDir: string; codeCacheStoreAfterMs?: number };
loadWithCodeCache(join(__dirname, 'ts-worker.js'), codeCacheDir, { storeAfterMs: codeCacheStoreAfterMs ?? STORE_AFTER_MS });
