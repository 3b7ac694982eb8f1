// Shared by the unit tests that talk to the emulator: one fixture that starts it for a file and
// resets it before each test, a fetch-based caller for its public API, the real client as the demo
// user. Real HTTP over loopback; nothing mocked.
import { after, before, beforeEach } from 'node:test';
import { createClient, DEFAULT_CONNECTION, type RetryPolicy, type ServiceClient } from '../../../src/api';
import { AdminClient } from '../../../src/emulator/adminClient';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator/server';

/** Short retries, so that tests of failures do not wait. */
export const FAST_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 1_000, budgetMs: 3_000 };

/** The real client as the demo user of `emu`, with our default carriers; `over` changes any setting. */
export function demoClient(
  emu: RunningEmulator,
  over: Partial<Parameters<typeof createClient>[0]> = {},
  retry: RetryPolicy = FAST_RETRY,
): ServiceClient {
  return createClient(
    { ...DEFAULT_CONNECTION, baseUrl: emu.url, apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId, timeoutMs: 5_000, ...over },
    undefined,
    retry,
  );
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any field of any body
  json: any;
}

export interface CallOptions {
  /** The API key; null sends none. Defaults to the demo admin key. */
  key?: string | null;
  /** The workspace header; null sends none. Defaults to the demo workspace. */
  workspace?: string | null;
  headers?: Record<string, string>;
  /** A raw body string (sent as is) instead of JSON. */
  raw?: string;
}

export function caller(emu: RunningEmulator) {
  return async function call(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    // Where this emulator wants them: the alt-carriers variant moves both.
    const { authHeader, authScheme, workspaceHeader } = emu.carriers;
    const key = options.key === undefined ? emu.demo.apiKey : options.key;
    if (key !== null) headers[authHeader] = authScheme ? `${authScheme} ${key}` : key;
    const workspace = options.workspace === undefined ? emu.demo.workspaceId : options.workspace;
    if (workspace !== null) headers[workspaceHeader] = workspace;
    let payload: string | undefined = options.raw;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(emu.url + path, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  };
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export interface EmulatorFixture {
  /** The file's emulator once its `before` hook ran: use it in tests and in hooks registered after. */
  readonly emu: RunningEmulator;
  /** The fetch-based caller for its public API. */
  readonly call: ReturnType<typeof caller>;
  /** Its admin surface (reset, faults, request log). */
  readonly admin: AdminClient;
}

export interface FixtureOptions {
  /** Reset to the seed before each test (default). */
  resetEach?: boolean;
  /**
   * What the file sets up on the running emulator, in the same `before` hook. Node 20 runs a file's
   * top-level `before` hooks at once, so a second hook there could not wait for the first.
   */
  setUp?: (emu: RunningEmulator) => unknown;
}

/**
 * The one way a unit file gets an emulator: started in `before`, closed in `after`, and reset before
 * each test (unless `resetEach` is false), so that every test starts from the seed. Inside a
 * `describe`, hooks registered after it see the emulator running; at the top of a file, use `setUp`.
 */
export function useEmulator(options: EmulatorOptions = {}, { resetEach = true, setUp }: FixtureOptions = {}): EmulatorFixture {
  let running: RunningEmulator | undefined;
  let admin: AdminClient | undefined;
  const live = (): RunningEmulator => {
    if (!running) throw new Error('The emulator was used before its before hook ran.');
    return running;
  };
  // Forwards to the emulator started later, so that the fixture can be a constant.
  const emu = new Proxy({} as RunningEmulator, {
    get(_target, property) {
      const target = live();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  before(async () => {
    running = await startEmulator({ quiet: true, ...options });
    await setUp?.(running);
  });
  if (resetEach) beforeEach(() => live().reset());
  after(() => running?.close());
  return {
    emu,
    call: caller(emu),
    get admin() {
      return (admin ??= new AdminClient(live().adminUrl, live().adminToken));
    },
  };
}
