// The agent tools on the real client, reader and save flow against a running emulator, as the MCP
// server builds them, with a fixed fence nonce and a clock the test moves; with `types`, also the
// dashboard language service in its worker (dist/ts-worker.js, as `wsa mcp` starts it).
import { resolve } from 'node:path';
import { AgentTools, DashboardTypeCheck, type Binding } from '../../../src/agents/tools/api';
import { DashboardWorkerClient } from '../../../src/dashboardLanguage/service/workerClient';
import type { RunningEmulator } from '../../../src/emulator/server';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import { SaveFlow } from '../../../src/documents/model/saveFlow';
import { demoClient } from '../emulator/emulatorSupport';
import { validate } from '../variantSupport';

/** The nonce every fence of the rig's answers carries. */
export const NONCE = 'ef'.repeat(16);

/** A fenced text's content (between its opening note and line and its closing line). */
export const unfenced = (v: unknown) => String(v).split('\n').slice(2, -1).join('\n');

/** The connection the rig's tools are on, as the front ends name it. */
export const bindingOf = (emu: RunningEmulator) => ({ origin: new URL(emu.url).origin, workspaceId: emu.demo.workspaceId });

export function toolsRig(
  emu: RunningEmulator,
  { types = false, live = false, binding: named }: { types?: boolean; live?: boolean; binding?: Binding } = {},
) {
  const client = demoClient(emu);
  const reader = new ResourceReader(() => client);
  const flow = new SaveFlow(() => client, reader, { validate });
  let now = 0;
  const worker = types
    ? new DashboardWorkerClient({ script: resolve('dist', 'ts-worker.js'), typesDir: resolve('dist', 'ts-types') })
    : undefined;
  // Another connection's name on the same client: what a token from there carries.
  const binding = named ?? bindingOf(emu);
  const tools = new AgentTools({
    client: () => client,
    binding: () => binding,
    allowLiveWrites: () => live,
    reader: () => reader,
    revision: (r, v, o) => client.getRevision(r, v, o),
    save: ({ file, text, base }) => flow.save({ file, uri: 'wsa:/x', text, base }),
    validate,
    nonce: () => NONCE,
    now: () => now,
    types:
      worker &&
      new DashboardTypeCheck(worker, async () => {
        const runtime = await client.dashboardRuntimeTypes();
        return runtime ? { modules: runtime.modules } : null;
      }),
  });
  return { client, tools, binding, tick: (ms: number) => (now += ms), dispose: () => worker?.dispose() };
}
