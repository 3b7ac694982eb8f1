// Shared by the client's variant tests: the emulator started in-process with one profile
// (src/emulator/core/variants.ts), and the real client, reader and save flow pointed at it through
// the carriers that profile wants, as a user's settings would. Real HTTP on loopback, nothing mocked.
import { join } from 'node:path';
import { after, before, beforeEach } from 'node:test';
import { createClient, type ServiceClient } from '../../src/api';
import type { Connection, ConnectionProvider } from '../../src/connection/connectionProvider';
import { startEmulator, VARIANT_NAMES, type RunningEmulator, type WireVariant } from '../../src/emulator';
import type { RequestLogEntry } from '../../src/emulator/requestLog';
import { ResourceReader } from '../../src/documents/model/resourceReader';
import type { FileView, ResourceFile } from '../../src/kinds/resourcePath';
import { SaveFlow } from '../../src/documents/model/saveFlow';
import type { SaveResult, ServerSnapshot } from '../../src/documents/model/saveTypes';
import { Emitter } from '../../src/util/events';
import { validateText } from '../../src/documents/validation/validate';
import { repoRoot } from '../harness/lib/paths';

/** Every profile, and our own choices first (no profile): the one loop the variant tests run over. */
export const PROFILES: readonly { label: string; variants: readonly string[] }[] = [
  { label: 'default', variants: [] },
  ...VARIANT_NAMES.map((name) => ({ label: name, variants: [name] })),
];

const fastRetry = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 1_000, budgetMs: 3_000 };

/** The local checks the extension runs before a save, with the TSX parser bundle `node esbuild.mjs` built. */
export const validate = (view: FileView, text: string) =>
  validateText(view, text, { tsxCheckPath: join(repoRoot, 'dist', 'tsx-check.js') });

export const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

export interface ProfileRig {
  emu: RunningEmulator;
  client: ServiceClient;
  reader: ResourceReader;
  flow: SaveFlow;
  /** Whether the profile (or `strict`) is in effect. */
  has(variant: WireVariant): boolean;
  ids(): Record<string, string>;
  file(view: FileView, id: string, name?: string): ResourceFile;
  /** A client with another key of the demo workspace (a colleague, a read-only user). */
  clientWith(apiKey: string): ServiceClient;
  save(file: ResourceFile, text: string, base: ServerSnapshot): Promise<SaveResult>;
  /** The emulator's log of requests since `clearRequests`, optionally one method only. */
  requests(method?: string): RequestLogEntry[];
  connection(): ConnectionProvider;
  close(): Promise<void>;
}

export async function startProfile(variants: readonly string[]): Promise<ProfileRig> {
  const emu = await startEmulator({ quiet: true, variants });
  const opened: ServiceClient[] = [];
  const clientWith = (apiKey: string) => {
    const c = createClient(
      { baseUrl: emu.url, apiKey, workspaceId: emu.demo.workspaceId, ...emu.carriers, timeoutMs: 5_000 },
      undefined,
      fastRetry,
    );
    opened.push(c);
    return c;
  };
  const client = clientWith(emu.demo.apiKey);
  const reader = new ResourceReader(() => client);
  const flow = new SaveFlow(() => client, reader, { validate });
  const emitter = new Emitter<Connection | undefined>();
  const current: Connection = { client, baseUrl: emu.url, workspaceId: emu.demo.workspaceId, label: 'Variant emulator' };
  return {
    emu,
    client,
    reader,
    flow,
    has: (v) => emu.variants.includes(v),
    ids: () => emu.demo.ids as Record<string, string>,
    file: (view, id, name = 'Test') => ({ workspaceId: emu.demo.workspaceId, view, id, name }),
    clientWith,
    save: (f, text, base) => flow.save({ file: f, uri: `wsa:/${f.workspaceId}/${f.view}/${f.id}`, text, base }),
    requests: (method) => emu.requests().filter((r) => !method || r.method === method),
    connection: () => ({ current, onDidChangeConnection: emitter.event, require: () => current }),
    close: async () => {
      for (const c of opened) await c.close();
      await emu.close();
    },
  };
}

/**
 * Starts the profile's emulator for the enclosing describe, back to its initial state before each
 * test, and stops it afterwards; the rig is read through the returned function once started.
 */
export function useProfile(variants: readonly string[]): () => ProfileRig {
  let rig: ProfileRig | undefined;
  before(async () => {
    rig = await startProfile(variants);
  });
  after(async () => {
    await rig?.close();
  });
  beforeEach(async () => {
    await rig!.emu.reset();
  });
  return () => rig!;
}
