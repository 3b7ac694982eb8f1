// What a test sees of the harness, read from the environment the harness gave the code-server
// process (the extension host inherits it) or the UI runner. No `vscode` import: usable anywhere.

import { AdminClient } from '../../../src/emulator/adminClient';
import type { Carriers } from '../../../src/api/carriers';
import { carriersFor, VariantSet, type WireVariant } from '../../../src/emulator/core/variants';
import type { RequestLogEntry } from '../../../src/emulator/requestLog';
import { waitUntil } from './processes';

export type { RequestLogEntry };

/** The first line the integration runner prints in the extension host; the harness relays from there. */
export const RUNNER_BANNER = 'Integration tests in the extension host:';

export interface EmulatorInfo {
  /** Base URL of the service (the `workspaceAutomation.baseUrl` the extension was given). */
  readonly url: string;
  /** The demo API key (also in WORKSPACE_AUTOMATION_API_KEY when the session is connected). */
  readonly apiKey: string;
  readonly workspaceId: string;
  /** Base URL of the emulator's admin endpoints. */
  readonly adminUrl: string;
  /** What admin requests send as `Authorization: Bearer …` (WSA_ADMIN_TOKEN); the emulator refuses others. */
  readonly adminToken: string;
  /** The variant profiles it plays as given (`--variant`, e.g. ['strict']); empty: our own choices. */
  readonly variants: readonly string[];
  /** Where it wants the key and the workspace (the extension was given them as settings). */
  readonly carriers: Carriers;
}

/** The emulator of this session, or undefined while the project has no emulator build. */
export function emulatorFromEnv(env: NodeJS.ProcessEnv = process.env): EmulatorInfo | undefined {
  const {
    WSA_EMULATOR_URL: url,
    WSA_API_KEY: apiKey,
    WSA_WORKSPACE_ID: workspaceId,
    WSA_ADMIN_URL: adminUrl,
    WSA_ADMIN_TOKEN: adminToken,
  } = env;
  if (!url || !apiKey || !workspaceId || !adminUrl || !adminToken) return undefined;
  const variants = (env.WSA_EMULATOR_VARIANTS ?? '').split(',').filter((v) => v !== '');
  return { url, apiKey, workspaceId, adminUrl, adminToken, variants, carriers: carriersFor(variants) };
}

/** Whether the emulator plays `variant` (by itself or as part of `strict`). */
export function hasVariant(emulator: Pick<EmulatorInfo, 'variants'>, variant: WireVariant): boolean {
  return new VariantSet(emulator.variants).has(variant);
}

/** A request to the service as the demo user, the key and workspace where this emulator wants them. */
export function serviceFetch(emulator: EmulatorInfo, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const { authHeader, authScheme, workspaceHeader } = emulator.carriers;
  headers.set(authHeader, authScheme ? `${authScheme} ${emulator.apiKey}` : emulator.apiKey);
  headers.set(workspaceHeader, emulator.workspaceId);
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return fetch(`${emulator.url}${path}`, { ...init, headers });
}

/**
 * A colleague's save through the service's HTTP API: `change` (a line to add on top, or a function of
 * the source) applied to the dashboard's source, guarded by the tokens just read. Returns the new
 * revision's sequence.
 */
export async function colleagueSaves(
  emulator: EmulatorInfo,
  dashboardId: string,
  change: string | ((source: string) => string),
): Promise<number> {
  const path = `/v1/dashboards/${dashboardId}/source`;
  const current = (
    (await (await serviceFetch(emulator, path)).json()) as { data: { source: string; revision: unknown; dataRunId: string } }
  ).data;
  const response = await serviceFetch(emulator, path, {
    method: 'PUT',
    body: JSON.stringify({
      source: typeof change === 'string' ? `${change}\n${current.source}` : change(current.source),
      expectedRevision: current.revision,
      expectedDataRunId: current.dataRunId,
    }),
  });
  if (response.status !== 200) throw new Error(`The colleague's save answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { revision: { sequence: number } } }).data.revision.sequence;
}

/** A request to the emulator's admin endpoints (`path` starts with `/`), with its token unless `init` sends an Authorization. */
export function adminFetch(emulator: EmulatorInfo, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${emulator.adminToken}`);
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return fetch(`${emulator.adminUrl}${path}`, { ...init, headers });
}

/** The emulator's admin client: request log, faults, reset, data runs, snapshots. */
export function emulatorAdmin(emulator: EmulatorInfo): AdminClient {
  return new AdminClient(emulator.adminUrl, emulator.adminToken);
}

/**
 * Waits until the emulator's request log holds a request that `match` accepts (made after request
 * number `since`, default any) and returns it. Use it to wait for what the extension sent.
 */
export async function waitForRequest(
  emulator: EmulatorInfo,
  match: (entry: RequestLogEntry) => boolean,
  { since = 0, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<RequestLogEntry> {
  const admin = emulatorAdmin(emulator);
  let found: RequestLogEntry | undefined;
  const ok = await waitUntil(async () => (found = (await admin.requests(since)).find(match)) !== undefined, timeoutMs, 100);
  if (!ok || !found) throw new Error(`no matching request reached the emulator within ${timeoutMs} ms`);
  return found;
}
