// State on disk: one JSON file per data directory, written atomically (temp file + rename),
// debounced after changes and flushed on close.
import { mkdir, readFile, rename, writeFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomRemainder } from './core/idgen';
import type { StateSnapshot } from './core/records';

export const STATE_FILE = 'state.json';

export function parseSnapshot(text: string, origin: string): StateSnapshot {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new Error(`${origin} is not valid JSON: ${(e as Error).message}`);
  }
  const s = parsed as Partial<StateSnapshot>;
  if (s?.format !== 'wsa-emulator-state' || s.formatVersion !== 1) {
    throw new Error(`${origin} is not an emulator state snapshot (expected format "wsa-emulator-state", formatVersion 1).`);
  }
  return s as StateSnapshot;
}

/** The persisted state of `dir`, or undefined when there is none yet. */
export async function loadState(dir: string): Promise<StateSnapshot | undefined> {
  const file = join(dir, STATE_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  return parseSnapshot(text, file);
}

export class Persistence {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;

  constructor(
    private readonly dir: string,
    private readonly snapshot: () => StateSnapshot,
    private readonly debounceMs = 100,
    private readonly onError: (e: unknown) => void = () => {},
  ) {}

  schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Writes now if anything changed and waits for every write in flight. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.write();
  }

  private async write(): Promise<void> {
    while (this.writing) await this.writing;
    if (!this.dirty) return;
    this.dirty = false;
    this.writing = this.writeOnce()
      .catch(this.onError)
      .finally(() => (this.writing = undefined));
    await this.writing;
  }

  private async writeOnce(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = join(this.dir, STATE_FILE);
    const temp = `${target}.${process.pid}.${randomRemainder(8)}.tmp`;
    try {
      await writeFile(temp, JSON.stringify(this.snapshot()));
      await rename(temp, target);
    } catch (e) {
      await unlink(temp).catch(() => {});
      throw e;
    }
  }
}
