// What every in-host measurement shares: the extension's API, the session's emulator, the request
// log, and the figures it records. Runs inside the extension host (imports `vscode`).
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { AdminClient } from '../../../src/emulator/adminClient';
import type { WorkspaceAutomationApi } from '../../../src/extension';
import type { EmulatorInfo } from '../../harness/lib/env';

export const EXTENSION_ID = 'workspace-automation.workspace-automation';

/** What the in-host run leaves for the runner (`$WSA_TEST_RESULTS_FILE`). */
export interface HostResults {
  /** Samples per figure: milliseconds, request counts, bytes or MiB (the key says which). */
  samples: Record<string, number[]>;
  /** A sentence per figure that needs one (what was measured, why a count is what it is). */
  notes: Record<string, string>;
  errors: { step: string; error: string }[];
  running?: string;
  done: boolean;
}

export class Figures {
  readonly results: HostResults = { samples: {}, notes: {}, errors: [], done: false };

  add(key: string, value: number): void {
    (this.results.samples[key] ??= []).push(value);
  }

  note(key: string, text: string): void {
    this.results.notes[key] = text;
  }
}

export interface BenchContext {
  readonly figures: Figures;
  readonly emulator: EmulatorInfo;
  readonly admin: AdminClient;
  readonly ids: Record<string, string>;
  /** Set by the activation step, which runs first. */
  api?: WorkspaceAutomationApi;
}

export function requireApi(ctx: BenchContext): WorkspaceAutomationApi {
  if (!ctx.api) throw new Error('the extension did not activate');
  return ctx.api;
}

/** The sequence number of the last request the emulator logged (0 when none). */
export async function lastRequest(ctx: BenchContext): Promise<number> {
  return (await ctx.admin.requests()).at(-1)?.seq ?? 0;
}

/** Public API requests logged after `since`, as `METHOD path` lines. */
export async function requestsSince(ctx: BenchContext, since: number): Promise<string[]> {
  return (await ctx.admin.requests(since)).map((r) => `${r.method} ${r.path}`);
}

/** The same with the time each arrived, for notes that explain a count. */
export async function requestLinesSince(ctx: BenchContext, since: number): Promise<string[]> {
  return (await ctx.admin.requests(since)).map((r) => `${r.at.slice(11, 23)} ${r.method} ${r.path}`);
}

/** Resolves with the first event that `event` fires and `filter` accepts (src/util/events.ts). */
export { eventToPromise } from '../../../src/util/events';

/** Times `fn` with the high-resolution clock; returns its result and the milliseconds it took. */
export async function timed<T>(fn: () => PromiseLike<T> | T): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/** Resident set size of this process now (VmRSS) and at its peak (VmHWM), MiB. Linux only. */
export function hostMemory(): { rss?: number; peak?: number } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const mib = (field: string) => {
      const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
      return Number.isFinite(kb) ? kb / 1024 : undefined;
    };
    return { rss: mib('VmRSS'), peak: mib('VmHWM') };
  } catch {
    return {};
  }
}

export function wsaUri(workspaceId: string, folder: 'dashboards', id: string, name: string): vscode.Uri {
  return vscode.Uri.from({ scheme: 'wsa', path: `/${workspaceId}/${folder}/${id}/${name}.tsx` });
}

export async function closeEverything(api: WorkspaceAutomationApi | undefined): Promise<void> {
  for (const panel of api?.history.all() ?? []) panel.dispose();
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'wsa')) {
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
