// Shared by the explorer unit tests: a connection provider over a real client for a running
// emulator (real HTTP on loopback), which a test can point elsewhere and announce.
import { createClient, DEFAULT_CONNECTION, type RetryPolicy } from '../../../src/api';
import type { Connection, ConnectionProvider } from '../../../src/connection/connectionProvider';
import { NotSignedInError } from '../../../src/connection/model/notSignedIn';
import type { RunningEmulator } from '../../../src/emulator/server';
import { Emitter } from '../../../src/util/events';

/** No retries: a test about a failure should see it at once. */
export const NO_RETRY: RetryPolicy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, budgetMs: 0 };

export class TestConnection implements ConnectionProvider {
  private readonly emitter = new Emitter<Connection | undefined>();
  readonly onDidChangeConnection = this.emitter.event;
  current: Connection | undefined;

  constructor(baseUrl: string, apiKey: string, workspaceId: string) {
    this.current = TestConnection.make(baseUrl, apiKey, workspaceId);
  }

  static forEmulator(emu: RunningEmulator, overrides: { apiKey?: string; workspaceId?: string; baseUrl?: string } = {}): TestConnection {
    return new TestConnection(
      overrides.baseUrl ?? emu.url,
      overrides.apiKey ?? emu.demo.apiKey,
      overrides.workspaceId ?? emu.demo.workspaceId,
    );
  }

  static make(baseUrl: string, apiKey: string, workspaceId: string): Connection {
    const client = createClient({ ...DEFAULT_CONNECTION, baseUrl, apiKey, workspaceId, timeoutMs: 5_000 }, undefined, NO_RETRY);
    return { client, baseUrl, workspaceId, label: 'Test service' };
  }

  require(): Connection {
    if (!this.current) throw new NotSignedInError();
    return this.current;
  }

  /** Points at another service or workspace and announces it, as a sign-in would. */
  async change(next: Connection | undefined): Promise<void> {
    const previous = this.current;
    this.current = next;
    this.emitter.fire(next);
    await previous?.client.close();
  }

  async close(): Promise<void> {
    await this.current?.client.close();
  }
}
