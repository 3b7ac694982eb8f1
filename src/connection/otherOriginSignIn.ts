// Signing in to another of the user's connections without switching to it: its key asked for,
// checked with one cheap request to that service, and stored for its origin only (the current
// connection and its settings stay as they are). What Compare with Another Environment offers when
// no key is stored for the other service; nothing is sent there before the user gives one.
import * as vscode from 'vscode';
import type { ConnectionManager } from './connectionManager';
import { checkApiKey, verifyConnection } from './model/verifyConnection';
import { originOf } from './model/origins';

/** Asks for a key (the test API answers in the user's place); undefined: the user cancelled. */
export type AskKey = (prompt: string, error: string | undefined) => Promise<string | undefined>;

export const VSCODE_ASK_KEY: AskKey = async (prompt, error) =>
  vscode.window.showInputBox({
    title: vscode.l10n.t('Workspace Automation: Sign In'),
    prompt: error ? `${error} ${prompt}` : prompt,
    placeHolder: 'apik_…',
    password: true,
    ignoreFocusOut: true,
    validateInput: checkApiKey,
  });

/** Asks for the key of `target`'s service, checks it there, stores it for its origin; false when the user gave none. */
export async function signInToOrigin(
  manager: ConnectionManager,
  log: vscode.LogOutputChannel,
  target: { label: string; baseUrl: string; workspaceId: string },
  ask: AskKey = VSCODE_ASK_KEY,
): Promise<boolean> {
  const origin = originOf(target.baseUrl);
  if (!origin) return false;
  const prompt = vscode.l10n.t('API key for «{0}» ({1}). It is stored for {1} only.', target.label, origin);
  let error: string | undefined;
  for (;;) {
    const key = (await ask(prompt, error))?.trim();
    if (!key) return false;
    const invalid = checkApiKey(key);
    const verdict = invalid
      ? { ok: false as const, message: invalid }
      : await verifyConnection({
          baseUrl: target.baseUrl,
          apiKey: key,
          workspaceId: target.workspaceId,
          ...manager.userCarriers(),
          timeoutMs: manager.requestTimeoutMs(),
        });
    if (verdict.ok) {
      await manager.storeApiKey(key, origin);
      log.info(`[Connection] A key is stored for ${origin} (workspace ${target.workspaceId}); the current connection is unchanged.`);
      return true;
    }
    log.warn(`[Connection] The key given for ${origin} was not accepted: ${verdict.message}`);
    error = verdict.message;
  }
}
