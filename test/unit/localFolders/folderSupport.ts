// Shared by the local-folder tests: an in-process emulator (any variant profile), the real client
// through the carriers the profile wants, and a fresh temp folder per test. Real HTTP on loopback.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type ServiceClient } from '../../../src/api';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import type { RequestLogEntry } from '../../../src/emulator/requestLog';
import { LocalFolder, readState, type FolderConnection, type FolderState } from '../../../src/localFolders/engine/engineApi';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import type { FileView, ResourceFile } from '../../../src/kinds/resourcePath';
import { FAST_RETRY } from '../emulator/emulatorSupport';
import { validate } from '../variantSupport';

export interface FolderRig {
  emu: RunningEmulator;
  client: ServiceClient;
  reader: ResourceReader;
  connection: FolderConnection;
  /** A new empty temp folder and its engine (removed by `close`). */
  folder(): { dir: string; engine: LocalFolder };
  /** A client with another key of the demo workspace: another actor. */
  other(): ServiceClient;
  ids(): Record<string, string>;
  file(view: FileView, id: string): ResourceFile;
  requests(method?: string): RequestLogEntry[];
  close(): Promise<void>;
}

export async function startFolderRig(variants: readonly string[] = []): Promise<FolderRig> {
  const emu = await startEmulator({ quiet: true, variants });
  const opened: ServiceClient[] = [];
  const dirs: string[] = [];
  const open = (apiKey: string) => {
    const c = createClient(
      { baseUrl: emu.url, apiKey, workspaceId: emu.demo.workspaceId, ...emu.carriers, timeoutMs: 5_000 },
      undefined,
      FAST_RETRY,
    );
    opened.push(c);
    return c;
  };
  const client = open(emu.demo.apiKey);
  return {
    emu,
    client,
    reader: new ResourceReader(() => client),
    connection: { baseUrl: emu.url, workspaceId: emu.demo.workspaceId, ...emu.carriers },
    folder() {
      const dir = mkdtempSync(join(tmpdir(), 'wsa-folder-'));
      dirs.push(dir);
      return { dir, engine: new LocalFolder({ folder: dir, client: () => client, validate }) };
    },
    other: () => open(emu.demo.apiKey),
    ids: () => emu.demo.ids as Record<string, string>,
    file: (view, id) => ({ workspaceId: emu.demo.workspaceId, view, id, name: 'x' }),
    requests: (method) => emu.requests().filter((r) => !method || r.method === method),
    async close() {
      for (const c of opened) await c.close();
      await emu.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** The path of the state entry for `id` in `view`. */
export async function pathOf(dir: string, view: FileView, id: string): Promise<string> {
  const state = (await readState(dir)) as FolderState;
  const found = Object.entries(state.files).find(([, e]) => e.view === view && e.id === id);
  if (!found) throw new Error(`no ${view} ${id} in the folder`);
  return found[0];
}

export const readText = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
export const writeText = (dir: string, path: string, text: string) => writeFileSync(join(dir, path), text);

/** Every file under `dir`, relative, with `/`. */
export function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) =>
      join(d.parentPath, d.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    );
}
