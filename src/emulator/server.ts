// startEmulator(): builds the state (persisted, seed file, or demo), starts the public server and
// the loopback admin server, and returns handles for tests and the CLI.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { adminHandler, newAdminToken, type EmulatorControl } from './admin';
import { Authenticator } from './auth';
import { Faults, type Fault, type FaultSpec } from './faults';
import { HttpError } from './core/http';
import { addLargeContent } from './large';
import { loadState, parseSnapshot, Persistence } from './persistence';
import * as present from './core/present';
import { PublicApi } from './publicApi';
import { RequestLog, type RequestLogEntry } from './requestLog';
import { demoSnapshot } from './seed';
import { addForeignContent } from './seedForeign';
import { Store } from './core/store';
import type { DataRunColumnRecord, DemoInfo, StateSnapshot } from './core/records';
import { useOtherRuntimeNames } from './seedOtherRuntime';
import type { Carriers } from '../api/carriers';
import { carriersFor, VariantSet, type WireVariant } from './core/variants';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  adminPort?: number;
  /** Directory to persist state in; reloaded on start. */
  dataDir?: string;
  /** A state snapshot (JSON file) to start from instead of the demo workspace. */
  seedFile?: string;
  /** Adds this many generated operations and a dashboard with max(5,000, n) revisions. */
  large?: number;
  /** Override the carriers; by default Authorization: Bearer and X-Workspace-Id (alt-carriers: others). */
  authHeader?: string;
  authScheme?: string;
  workspaceHeader?: string;
  /** Variant profiles (core/variants.ts); an unknown name throws UnknownVariantError. */
  variants?: readonly string[];
  /** How long the seeded deploying app takes to turn live. */
  deployDelayMs?: number;
  quiet?: boolean;
}

export interface RunningEmulator {
  url: string;
  adminUrl: string;
  /** What every admin request must send as `Authorization: Bearer <adminToken>`; new at each start. */
  adminToken: string;
  demo: DemoInfo;
  /** The variant profiles in effect (`strict` expanded); empty for our own choices. */
  variants: readonly WireVariant[];
  /** Where this emulator expects the key and the workspace. */
  carriers: Carriers;
  close(): Promise<void>;
  injectFault(spec: FaultSpec): Fault;
  clearFaults(): void;
  requests(): RequestLogEntry[];
  clearRequests(): void;
  /** Back to the initial state (seed file or demo, plus `large`), faults and log cleared. */
  reset(): Promise<void>;
  /** A new data run for the dashboard, with `columns` or the last run's. */
  startDataRun(dashboardId: string, columns?: DataRunColumnRecord[]): string;
  finishDeploy(applicationId: string): void;
  snapshot(): StateSnapshot;
}

export const DEFAULT_DEPLOY_DELAY_MS = 20_000;

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const variants = new VariantSet(options.variants);
  const host = options.host ?? '127.0.0.1';
  const log = options.quiet ? () => {} : (m: string) => process.stderr.write(`[emulator] ${m}\n`);
  const onError = (e: unknown) => log(`error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  const deployDelayMs = options.deployDelayMs ?? DEFAULT_DEPLOY_DELAY_MS;
  const seedText = options.seedFile ? readFileSync(options.seedFile, 'utf8') : undefined;

  const baseline = (): StateSnapshot => {
    const s = seedText !== undefined ? parseSnapshot(seedText, options.seedFile!) : demoSnapshot({ deployDelayMs });
    if (options.large && options.large > 0) addLargeContent(s, options.large);
    if (variants.has('foreign-values')) addForeignContent(s);
    if (variants.has('no-types')) useOtherRuntimeNames(s);
    return s;
  };

  const persisted = options.dataDir ? await loadState(options.dataDir) : undefined;
  let store = new Store(persisted ?? baseline(), Date.now(), deployDelayMs);
  const persistence = options.dataDir ? new Persistence(options.dataDir, () => store.toSnapshot(), 100, onError) : undefined;
  const watch = (s: Store) => s.onDidChange(() => persistence?.schedule());
  watch(store);
  // A fresh data directory gets the starting state right away.
  if (persistence && !persisted) persistence.schedule();

  const profile = carriersFor(variants);
  const carriers: Carriers = {
    authHeader: options.authHeader ?? profile.authHeader,
    authScheme: options.authScheme ?? profile.authScheme,
    workspaceHeader: options.workspaceHeader ?? profile.workspaceHeader,
  };
  const auth = new Authenticator(() => store, carriers);
  const faults = new Faults();
  const requestLog = new RequestLog();
  const api = new PublicApi(() => store, auth, faults, requestLog, variants, onError);

  const publicServer = createServer({ keepAlive: true }, api.handle);
  const url = `http://${formatHost(connectHost(host))}:${await listen(publicServer, options.port ?? 0, host)}`;

  const control: EmulatorControl = {
    url,
    demo: () => store.demo,
    variants: () => ({ names: variants.names, active: variants.active, carriers }),
    injectFault: (spec) => faults.add(spec),
    faults: () => faults.list(),
    clearFaults: () => faults.clear(),
    requests: () => requestLog.list(),
    clearRequests: () => requestLog.clear(),
    reset: async () => {
      store = new Store(baseline(), Date.now(), deployDelayMs);
      watch(store);
      faults.clear();
      requestLog.clear();
      persistence?.schedule();
    },
    startDataRun: (dashboardId, columns) => {
      const d = store.dashboards.byId.get(dashboardId);
      return d ? store.newDataRun(d, columns) : undefined;
    },
    finishDeploy: (applicationId) => {
      const app = store.applications.byId.get(applicationId);
      if (!app) throw new HttpError(404, 'not_found', `No app ${applicationId}.`);
      store.settleDeployment(app, Date.now(), true);
      return present.application(store, app);
    },
    // A copy: callers must not reach into the live state.
    snapshot: () => JSON.parse(JSON.stringify(store.toSnapshot())) as StateSnapshot,
    setCapabilities: (resourceId, changes) => {
      const history = store.histories.byId.get(resourceId);
      if (!history) return undefined;
      history.capabilities = { ...history.capabilities, ...changes };
      // The cached revision list carries the old capabilities under the same version.
      store.historyBodyCache.delete(resourceId);
      return history.capabilities;
    },
  };
  const adminToken = newAdminToken();
  const adminServer = createServer({ keepAlive: true }, adminHandler(control, adminToken, onError));
  // The admin surface is loopback only, whatever host the public server binds.
  const adminUrl = `http://127.0.0.1:${await listen(adminServer, options.adminPort ?? 0, '127.0.0.1')}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    adminUrl,
    adminToken,
    variants: variants.active,
    carriers,
    get demo() {
      return store.demo;
    },
    close: () =>
      (closing ??= (async () => {
        await Promise.all([shutdown(publicServer), shutdown(adminServer)]);
        await persistence?.flush();
      })()),
    injectFault: (spec) => faults.add(spec),
    clearFaults: control.clearFaults,
    requests: control.requests,
    clearRequests: control.clearRequests,
    reset: control.reset,
    startDataRun: (id, columns) => {
      const run = control.startDataRun(id, columns);
      if (!run) throw new Error(`No dashboard ${id}.`);
      return run;
    },
    finishDeploy: (id) => void control.finishDeploy(id),
    snapshot: control.snapshot,
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function shutdown(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Where a client connects when the server binds every interface. */
function connectHost(host: string): string {
  return host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
