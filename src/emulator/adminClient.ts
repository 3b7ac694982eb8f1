// A tiny client for the admin surface. Used by unit tests and by the VS Code integration tests,
// so it needs nothing but the global fetch. Every call sends the emulator's admin token.
import type { VariantReport } from './admin';
import type { Fault, FaultSpec } from './faults';
import type { RequestLogEntry } from './requestLog';
import type { Capabilities, DemoInfo, StateSnapshot } from './core/records';

export class AdminClient {
  /** `adminToken`: the emulator's (RunningEmulator.adminToken, WSA_ADMIN_TOKEN of its banner). */
  constructor(
    readonly adminUrl: string,
    private readonly adminToken: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.adminUrl + path, {
      method,
      headers: {
        Authorization: `Bearer ${this.adminToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`Emulator admin ${method} ${path} failed: ${res.status} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  }

  health(): Promise<{ ok: boolean; url: string; uptimeMs: number }> {
    return this.call('GET', '/health');
  }

  demo(): Promise<DemoInfo> {
    return this.call('GET', '/demo');
  }

  /** The variant profiles the emulator plays and the carriers they imply. */
  variants(): Promise<VariantReport> {
    return this.call('GET', '/variants');
  }

  injectFault(spec: FaultSpec): Promise<Fault> {
    return this.call('POST', '/faults', spec);
  }

  faults(): Promise<Fault[]> {
    return this.call('GET', '/faults');
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', '/faults');
  }

  /** The request log, optionally only entries after sequence number `since`. */
  requests(since?: number): Promise<RequestLogEntry[]> {
    return this.call('GET', since === undefined ? '/requests' : `/requests?since=${since}`);
  }

  async clearRequests(): Promise<void> {
    await this.call('DELETE', '/requests');
  }

  async reset(): Promise<void> {
    await this.call('POST', '/reset');
  }

  /**
   * Starts a new data run for the dashboard, with `columns` or else the last run's; returns its
   * `oprn_` id.
   */
  async startDataRun(dashboardId: string, columns?: { name: string; type: string; nullable?: boolean }[]): Promise<string> {
    const path = `/dashboards/${encodeURIComponent(dashboardId)}/data-run`;
    return (await this.call<{ dataRunId: string }>('POST', path, columns ? { columns } : undefined)).dataRunId;
  }

  /** Finishes an app's pending deployment now; returns the app as GET /v1/apps/{id} would. */
  finishDeploy(applicationId: string): Promise<Record<string, unknown>> {
    return this.call('POST', `/apps/${encodeURIComponent(applicationId)}/finish-deploy`);
  }

  /** Turns a resource's history capabilities on or off (e.g. `{ restore: false }`); returns them all. */
  setCapabilities(resourceId: string, capabilities: Partial<Capabilities>): Promise<Capabilities> {
    return this.call('POST', `/resources/${encodeURIComponent(resourceId)}/capabilities`, capabilities);
  }

  snapshot(): Promise<StateSnapshot> {
    return this.call('GET', '/snapshot');
  }
}
