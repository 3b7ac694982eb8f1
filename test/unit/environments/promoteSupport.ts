// Shared by the promote tests: two in-process emulators over real HTTP, "dev" with the demo
// workspace and "prod" with the same workspace under other ids (every resource, revision,
// connection and data run id changed), which a test may edit before it starts: so that some
// resources have a counterpart of the same kind and name under another id, and some do not.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type ServiceClient } from '../../../src/api';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import { startEmulator, type RunningEmulator, type StateSnapshot } from '../../../src/emulator';
import { demoSnapshot } from '../../../src/emulator/seed';
import { withBinding, type Bindings } from '../../../src/environments/model/bindings';
import type { PromoteSide } from '../../../src/environments/engine/promote';
import type { EditableView, FileView, ResourceFile } from '../../../src/kinds/resourcePath';
import { SaveFlow } from '../../../src/documents/model/saveFlow';
import { FAST_RETRY } from '../emulator/emulatorSupport';

/** The id kinds whose ids differ between the two environments. */
const PER_ENVIRONMENT = /(?<![A-Za-z0-9_-])(oper|rept|wsyn|fact|dbas|appl|conn|rvsn|oprn)_(?=[A-Za-z0-9])/g;

/** The demo workspace with every per-environment id changed (`oper_x` → `oper_Px`). */
export function prodSnapshot(): StateSnapshot {
  const text = JSON.stringify(demoSnapshot({ deployDelayMs: 600_000 })).replace(PER_ENVIRONMENT, '$1_P');
  return JSON.parse(text) as StateSnapshot;
}

export interface Env {
  readonly emu: RunningEmulator;
  readonly client: ServiceClient;
  readonly reader: ResourceReader;
  readonly ids: Record<string, string>;
  side(name: string): PromoteSide;
  file(view: FileView, id: string): ResourceFile;
  /** Another client of the same key: a colleague. */
  colleague(): ServiceClient;
}

export interface PromoteRig {
  readonly dev: Env;
  readonly prod: Env;
  close(): Promise<void>;
}

async function env(emu: RunningEmulator, opened: ServiceClient[]): Promise<Env> {
  const open = () => {
    const c = createClient(
      { baseUrl: emu.url, apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId, ...emu.carriers, timeoutMs: 5_000 },
      undefined,
      FAST_RETRY,
    );
    opened.push(c);
    return c;
  };
  const client = open();
  return {
    emu,
    client,
    reader: new ResourceReader(() => client),
    ids: emu.demo.ids as Record<string, string>,
    side: (name) => ({ name, client, workspaceId: emu.demo.workspaceId }),
    file: (view, id) => ({ workspaceId: emu.demo.workspaceId, view, id, name: 'x' }),
    colleague: open,
  };
}

/** Starts dev and prod; `editProd` changes prod's starting state (add a resource of a name, drop one). */
export async function startPromoteRig(editProd: (s: StateSnapshot) => void = () => {}): Promise<PromoteRig> {
  const dir = mkdtempSync(join(tmpdir(), 'wsa-promote-'));
  const seed = prodSnapshot();
  editProd(seed);
  const seedFile = join(dir, 'prod.json');
  writeFileSync(seedFile, JSON.stringify(seed));
  const opened: ServiceClient[] = [];
  const devEmu = await startEmulator({ quiet: true, deployDelayMs: 600_000 });
  const prodEmu = await startEmulator({ quiet: true, seedFile, deployDelayMs: 600_000 });
  return {
    dev: await env(devEmu, opened),
    prod: await env(prodEmu, opened),
    async close() {
      for (const c of opened) await c.close();
      await devEmu.close();
      await prodEmu.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** prod without "Average order value", and with two facts named "VIP customer": one side only, and an ambiguous name. */
export function missingAndAmbiguous(s: StateSnapshot): void {
  const aov = s.demo.ids.aovFactId;
  s.facts = s.facts.filter((f) => f.id !== aov);
  const vip = s.facts.find((f) => f.id === s.demo.ids.logicFactId)!;
  s.facts.push({ ...vip, id: 'fact_PSecondVip', key: 'vip_customer_2' });
}

/** Bindings from dev to prod of each pair, with no revision recorded (bound by hand). */
export function bound(pairs: readonly (readonly [string, string])[], start: Bindings = {}): Bindings {
  return pairs.reduce<Bindings>(
    (b, [s, t]) => withBinding(b, 'dev', 'prod', s, { targetId: t, sourceRevision: null, targetRevision: null }),
    start,
  );
}

/** The same demo id on both sides, as a binding pair. */
export function pair(rig: PromoteRig, name: string): readonly [string, string] {
  const s = rig.dev.ids[name];
  const t = rig.prod.ids[name];
  if (!s || !t) throw new Error(`no demo id ${name}`);
  return [s, t];
}

/** Changes a resource through its guarded save, as a person editing its document would. */
export async function edit(e: Env, view: EditableView, id: string, change: (text: string) => string): Promise<void> {
  const file = e.file(view, id);
  const base = await e.reader.snapshot(file);
  const result = await new SaveFlow(() => e.client, e.reader).save({ file, uri: `wsa:/${id}`, text: change(base.text), base });
  if (result.status !== 'saved') throw new Error(`editing ${id} gave ${result.status}: ${JSON.stringify(result)}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests edit any field of a document
type Doc = Record<string, any>;

/** A change of a JSON document, as a text change. */
export function json(change: (doc: Doc) => void): (text: string) => string {
  return (text) => {
    const doc = JSON.parse(text) as Doc;
    change(doc);
    return `${JSON.stringify(doc, null, 2)}\n`;
  };
}

/** The document of a resource now, parsed (JSON kinds) or as text. */
export async function current(e: Env, view: EditableView, id: string): Promise<string> {
  return (await e.reader.snapshot(e.file(view, id))).text;
}
