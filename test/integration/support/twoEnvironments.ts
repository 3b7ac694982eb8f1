// The setup the suites across environments share: the session's emulator named "dev" and a second
// emulator (prodSeed.ts) named "prod", production, in the user's workspaceAutomation.connections,
// with no key stored for prod's origin (nothing reaches it until a test signs in); and the teardown
// that leaves the window as it was.
import * as vscode from 'vscode';
import { originOf } from '../../../src/connection/model/origins';
import type { ProdEmulator } from '../prodSeed';
import { revertAndCloseAll } from '../fileHelpers';
import type { SuiteContext } from '../helpers';

const SECTION = 'workspaceAutomation';

/** The two entries of the user's setting: dev (the window's connection) and prod. */
export function devAndProd(s: SuiteContext, prod: ProdEmulator): Record<string, unknown>[] {
  return [
    { id: 'dev', label: 'Dev', baseUrl: s.emulator.url, workspaceId: s.emulator.workspaceId, stage: 'development' },
    { id: 'prod', label: 'Prod', baseUrl: prod.emu.url, workspaceId: prod.emu.demo.workspaceId, stage: 'production' },
  ];
}

export async function setConnections(value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update('connections', value, vscode.ConfigurationTarget.Global);
}

/** dev and prod named, prod's key forgotten. */
export async function nameDevAndProd(s: SuiteContext, prod: ProdEmulator): Promise<void> {
  await setConnections(devAndProd(s, prod));
  await s.api.connection.forgetApiKey(originOf(prod.emu.url));
}

/** The connections and prod's key gone, the editors closed unsaved, prod stopped. */
export async function forgetDevAndProd(s: SuiteContext, prod: ProdEmulator | undefined): Promise<void> {
  await setConnections(undefined);
  if (prod) await s.api.connection.forgetApiKey(originOf(prod.emu.url));
  await revertAndCloseAll();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await prod?.close();
}
