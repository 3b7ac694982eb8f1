// Helpers for integration tests (they run inside the extension host, beside the extension).
import * as vscode from 'vscode';
import { createClient, DEFAULT_CONNECTION, type ServiceClient } from '../../src/api';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { DemoInfo } from '../../src/emulator/types';
import { eventToPromise } from '../../src/util/events';
import { emulatorAdmin, emulatorFromEnv, type EmulatorInfo } from '../harness/lib/env';

export {
  adminFetch,
  colleagueSaves,
  emulatorAdmin,
  hasVariant,
  serviceFetch,
  waitForRequest,
  type EmulatorInfo,
  type RequestLogEntry,
} from '../harness/lib/env';

export const EXTENSION_ID = 'workspace-automation.workspace-automation';

/** Activates the extension under test (if it is not yet) and returns the API `activate()` returned. */
export async function activateExtension(): Promise<WorkspaceAutomationApi> {
  const extension = vscode.extensions.getExtension<WorkspaceAutomationApi | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  // activate() returns its API in ExtensionMode.Test only, which a run with extensionTestsPath is.
  if (!api) throw new Error(`extension ${EXTENSION_ID} returned no test API: is it running in ExtensionMode.Test?`);
  return api;
}

/** The session's emulator; the calling suite fails without one (a skipped suite would prove nothing). */
export function requireEmulator(_context: Mocha.Context): EmulatorInfo {
  const emulator = emulatorFromEnv();
  if (!emulator) throw new Error('No emulator for this session: the harness starts one from dist/emulator.js (is the build missing?).');
  return emulator;
}

/** Resolves with the first event that `event` fires and `filter` accepts (src/util/events.ts). */
export { eventToPromise } from '../../src/util/events';

export interface SuiteContext {
  emulator: EmulatorInfo;
  api: WorkspaceAutomationApi;
  admin: AdminClient;
  /** The emulator's demo workspace: its keys, the other workspace, the well-known ids. */
  demo: DemoInfo;
  /** `demo.ids`, indexable by any name. */
  ids: Record<string, string>;
}

/** What most suites do first: the extension signed in to the session's emulator, no faults armed. */
export async function connectSuite(context: Mocha.Context): Promise<SuiteContext> {
  const emulator = requireEmulator(context);
  const api = await activateExtension();
  await api.ready;
  const admin = emulatorAdmin(emulator);
  await admin.clearFaults();
  const demo = await admin.demo();
  return { emulator, api, admin, demo, ids: demo.ids as unknown as Record<string, string> };
}

/**
 * Another client of the same service, as a colleague's tool would be: the emulator's demo key (or
 * `apiKey`) and workspace, sent where the emulator wants them.
 */
export function colleagueClient(
  emulator: Pick<EmulatorInfo, 'url' | 'apiKey' | 'workspaceId' | 'carriers'>,
  apiKey = emulator.apiKey,
): ServiceClient {
  return createClient({ ...DEFAULT_CONNECTION, ...emulator.carriers, baseUrl: emulator.url, apiKey, workspaceId: emulator.workspaceId });
}

/**
 * Points the extension at the service at `url` (the user's base URL setting) and resolves once its
 * connection follows: for a suite that runs against a second emulator, and back after it.
 */
export async function pointExtensionAt(api: WorkspaceAutomationApi, url: string): Promise<void> {
  if (api.connection.current?.baseUrl === url) return;
  const changed = eventToPromise(api.connection.onDidChangeConnection, (c) => c?.baseUrl === url);
  await vscode.workspace.getConfiguration('workspaceAutomation').update('baseUrl', url, vscode.ConfigurationTarget.Global);
  await changed;
}
