// Sign In (base URL → API key → workspace, with Back), and Switch Workspace. Each flow checks the
// values with one request before anything is stored; a failed check reopens the step to correct,
// with the reason as its validation message. Scripted callers pass the values as an argument.
// The key is checked and stored for the origin that requests will use: when the folder's settings
// name another service, the user chooses (modal) between signing in to the folder's service and
// making the entered one this folder's; plain http to another machine needs a modal yes first.
import * as vscode from 'vscode';
import { notificationText } from '../util/notify';
import type { Configuration } from '../manifest/config';
import type { ConnectionOptions } from './connectionDialogs';
import type { ConnectionManager, SignInDetails } from './connectionManager';
import { isPlainHttpRisk, originOf } from './model/origins';
import {
  checkApiKey,
  checkBaseUrl,
  checkWorkspaceId,
  verifyConnection,
  type SignInStep,
  type Verification,
} from './model/verifyConnection';

export type SignInOutcome = { signedIn: true; workspaceId: string } | { signedIn: false; step?: SignInStep; message?: string };

interface AskOptions {
  title: string;
  step: number;
  totalSteps: number;
  prompt: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  validate: (value: string) => string | undefined;
  /** A message to show at once (a failed check sent the user back here). */
  error?: string;
  /** Runs on Enter with the box busy; a returned message keeps the box open, a step leaves it. */
  onAccept?: (value: string) => Promise<{ message: string; step?: SignInStep } | undefined>;
}

type Asked = { value: string } | { back: true } | { redirect: SignInStep; message: string } | undefined;

/** One input box of a multi-step flow. Resolves undefined when the user dismisses it. */
function ask(o: AskOptions): Promise<Asked> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    const subscriptions: vscode.Disposable[] = [];
    let settled = false;
    const done = (result: Asked) => {
      if (settled) return;
      settled = true;
      resolve(result);
      for (const s of subscriptions) s.dispose();
      box.dispose();
    };
    box.title = o.title;
    box.step = o.step;
    box.totalSteps = o.totalSteps;
    box.prompt = o.prompt;
    box.placeholder = o.placeholder;
    box.value = o.value ?? '';
    box.password = o.password ?? false;
    box.ignoreFocusOut = true;
    box.buttons = o.step > 1 ? [vscode.QuickInputButtons.Back] : [];
    box.validationMessage = o.error;
    subscriptions.push(
      box.onDidChangeValue((v) => (box.validationMessage = v ? o.validate(v) : undefined)),
      box.onDidTriggerButton((b) => b === vscode.QuickInputButtons.Back && done({ back: true })),
      box.onDidHide(() => done(undefined)),
      box.onDidAccept(async () => {
        const value = box.value.trim();
        const problem = o.validate(value);
        if (problem) {
          box.validationMessage = problem;
          return;
        }
        if (!o.onAccept) return done({ value });
        box.busy = true;
        box.enabled = false;
        try {
          const failed = await o.onAccept(value);
          if (!failed) return done({ value });
          if (failed.step) return done({ redirect: failed.step, message: failed.message });
          box.validationMessage = failed.message;
        } finally {
          box.busy = false;
          box.enabled = true;
        }
      }),
    );
    box.show();
  });
}

const STEPS: SignInStep[] = ['baseUrl', 'apiKey', 'workspaceId'];

/** Where a sign-in stores: the base URL to check and keep, and which setting to write it to. */
interface Target {
  baseUrl: string;
  /** The folder's baseUrl names this origin: the user's own setting is left as it is. */
  keepBaseUrl: boolean;
  /** The user chose to make this URL the folder's (the folder's setting is what is in effect). */
  writeFolderBaseUrl: boolean;
}

export class SignInFlow {
  constructor(
    private readonly connection: ConnectionManager,
    private readonly config: Configuration,
    private readonly log: vscode.LogOutputChannel,
    /** The modal questions, shared with the connection commands. */
    readonly options: ConnectionOptions,
  ) {}

  /** The folder's baseUrl when it overrides the user's (a cloned repository's .vscode/settings.json). */
  private folderBaseUrl(): string | undefined {
    const { user, folder } = this.config.guarded().baseUrl;
    return folder?.trim() && folder.trim() !== user?.trim() ? folder.trim() : undefined;
  }

  /**
   * Sign In. With all three values given, runs without prompts (scripts, tests) but for the modal
   * questions about a folder's service and plain http. `forFolder` starts from the folder's service.
   */
  async signIn(given: Partial<SignInDetails> = {}, { forFolder = false } = {}): Promise<SignInOutcome> {
    const folderUrl = this.folderBaseUrl();
    if (forFolder && !folderUrl) {
      return { signedIn: false, message: vscode.l10n.t('This folder’s settings name no service of their own.') };
    }
    if (forFolder) given = { ...given, baseUrl: folderUrl };
    if (given.baseUrl && given.apiKey && given.workspaceId) {
      const details = { baseUrl: given.baseUrl.trim(), apiKey: given.apiKey.trim(), workspaceId: given.workspaceId.trim() };
      const invalid = checkBaseUrl(details.baseUrl) ?? checkApiKey(details.apiKey) ?? checkWorkspaceId(details.workspaceId);
      if (invalid) return { signedIn: false, message: invalid };
      const target = await this.chooseTarget(details.baseUrl);
      if ('message' in target) return { signedIn: false, step: 'baseUrl', message: target.message };
      const verdict = await this.verify({ ...details, baseUrl: target.baseUrl });
      if (!verdict.ok) return { signedIn: false, step: verdict.step, message: verdict.message };
      await this.connection.signIn({ ...details, baseUrl: target.baseUrl }, target);
      return { signedIn: true, workspaceId: details.workspaceId };
    }
    const settings = this.config.read();
    const userUrl = this.config.guarded().baseUrl.user?.trim() ?? '';
    const values: Record<SignInStep, string> = {
      // Never the folder's value unannounced: the box starts from the user's own URL (or, for
      // Sign In to the Folder's Service, the folder's, and the prompt says where it comes from).
      baseUrl: given.baseUrl ?? userUrl,
      apiKey: given.apiKey ?? '',
      workspaceId: given.workspaceId ?? settings.workspaceId,
    };
    let target: Target | undefined;
    const errors: Partial<Record<SignInStep, string>> = {};
    const title = vscode.l10n.t('Workspace Automation: Sign In');
    let index = 0;
    while (index < STEPS.length) {
      const step = STEPS[index]!;
      const common = { title, step: index + 1, totalSteps: STEPS.length, value: values[step], error: errors[step] };
      delete errors[step];
      let asked: Asked;
      if (step === 'baseUrl') {
        asked = await ask({
          ...common,
          prompt: folderUrl
            ? forFolder
              ? vscode.l10n.t(
                  'The service this folder’s settings (.vscode/settings.json) name: {0}. Your key is stored for it only.',
                  originOf(folderUrl) ?? folderUrl,
                )
              : vscode.l10n.t(
                  'Base URL of the service. Note: this folder’s settings (.vscode/settings.json) send requests to {0}, overriding yours.',
                  originOf(folderUrl) ?? folderUrl,
                )
            : vscode.l10n.t('Base URL of the Workspace Automation Service (paths start at /v1 below it)'),
          placeholder: 'https://automation.example.com',
          validate: checkBaseUrl,
          onAccept: async (baseUrl) => {
            const chosen = await this.chooseTarget(baseUrl);
            if ('message' in chosen) return { message: chosen.message };
            target = chosen;
            return undefined;
          },
        });
        if (asked && 'value' in asked && target) asked = { value: target.baseUrl };
      } else if (step === 'apiKey') {
        asked = await ask({
          ...common,
          prompt: vscode.l10n.t('API key (apik_…). It is kept in VS Code’s secret storage only.'),
          placeholder: 'apik_…',
          password: true,
          validate: checkApiKey,
        });
      } else {
        asked = await ask({
          ...common,
          prompt: vscode.l10n.t('Workspace id (wksp_…) that requests act in'),
          placeholder: 'wksp_…',
          validate: checkWorkspaceId,
          onAccept: async (workspaceId) => {
            const verdict = await this.verify({ ...values, workspaceId });
            return verdict.ok ? undefined : { message: verdict.message, ...(verdict.step === 'workspaceId' ? {} : { step: verdict.step }) };
          },
        });
      }
      if (!asked) return { signedIn: false };
      if ('back' in asked) {
        index = Math.max(0, index - 1);
      } else if ('redirect' in asked) {
        errors[asked.redirect] = asked.message;
        index = STEPS.indexOf(asked.redirect);
      } else {
        values[step] = asked.value;
        index++;
      }
    }
    target ??= { baseUrl: values.baseUrl, keepBaseUrl: false, writeFolderBaseUrl: false };
    await this.connection.signIn(values, target);
    const origin = originOf(values.baseUrl) ?? values.baseUrl;
    void vscode.window.showInformationMessage(
      notificationText(
        vscode.l10n.t(
          'Signed in to {0}, workspace {1}.{2}',
          origin,
          values.workspaceId,
          target.keepBaseUrl ? ' (This folder’s settings name this service.)' : '',
        ),
      ),
    );
    return { signedIn: true, workspaceId: values.workspaceId };
  }

  /**
   * Where the key for `baseUrl` will be checked and stored, so that requests use the same origin:
   * a folder that names another service makes the user choose, and plain http to another machine
   * needs a yes. A message when the user declined.
   */
  private async chooseTarget(baseUrl: string): Promise<Target | { message: string }> {
    const dialogs = this.options.dialogs;
    let url = baseUrl.trim();
    const folderUrl = this.folderBaseUrl();
    let writeFolderBaseUrl = false;
    if (folderUrl && originOf(folderUrl) !== originOf(url)) {
      const folderOrigin = originOf(folderUrl) ?? folderUrl;
      const origin = originOf(url) ?? url;
      const useHere = vscode.l10n.t('Use {0} in This Folder', origin);
      const signInThere = vscode.l10n.t('Sign In to {0}', folderOrigin);
      const answer = await dialogs.confirm(
        vscode.l10n.t('This folder’s settings send requests to {0}, not to {1}.', folderOrigin, origin),
        vscode.l10n.t('The folder’s .vscode/settings.json sets workspaceAutomation.baseUrl, which overrides your user setting. ') +
          vscode.l10n.t('Your key is stored for the service you sign in to and sent only there. ') +
          vscode.l10n.t('“{0}” changes the folder’s setting; “{1}” signs in to the folder’s service instead.', useHere, signInThere),
        [useHere, signInThere],
      );
      if (answer === useHere) writeFolderBaseUrl = true;
      else if (answer === signInThere) url = folderUrl;
      else
        return {
          message: vscode.l10n.t(
            'This folder’s settings send requests to {0}: sign in to it, or choose to change the folder’s setting.',
            folderOrigin,
          ),
        };
    }
    const origin = originOf(url);
    if (origin && isPlainHttpRisk(origin) && !this.connection.isPlainHttpAllowed(origin)) {
      const allow = vscode.l10n.t('Send My Key Unencrypted to {0}', origin);
      const answer = await dialogs.confirm(
        vscode.l10n.t('{0} is plain http: it sends your API key unencrypted.', origin),
        vscode.l10n.t(
          'Anyone on the network between this machine and {0} can read the key and act as you. Use https:// if the service offers it. Loopback addresses (localhost, 127.0.0.1, [::1]) need no confirmation.',
          new URL(origin).host,
        ),
        [allow],
      );
      if (answer !== allow)
        return { message: vscode.l10n.t('{0} is plain http, which would send your key unencrypted. Use https://.', origin) };
      await this.connection.allowPlainHttp(origin);
    }
    const keepBaseUrl = !writeFolderBaseUrl && !!folderUrl && originOf(folderUrl) === origin;
    return { baseUrl: keepBaseUrl ? folderUrl! : url, keepBaseUrl, writeFolderBaseUrl };
  }

  /** Switch Workspace: the same key and service, another workspace, checked before it is kept. */
  async switchWorkspace(given?: string): Promise<SignInOutcome> {
    const current = this.connection.current;
    const apiKey = await this.connection.apiKey();
    if (!current || !apiKey) return this.signIn(given ? { workspaceId: given } : {});
    const check = async (workspaceId: string) => this.verify({ baseUrl: current.baseUrl, apiKey, workspaceId });
    if (given !== undefined) {
      const invalid = checkWorkspaceId(given);
      if (invalid) return { signedIn: false, step: 'workspaceId', message: invalid };
      const verdict = await check(given.trim());
      if (!verdict.ok) return { signedIn: false, step: verdict.step, message: verdict.message };
      await this.connection.switchWorkspace(given.trim());
      return { signedIn: true, workspaceId: given.trim() };
    }
    const asked = await ask({
      title: vscode.l10n.t('Workspace Automation: Switch Workspace'),
      step: 1,
      totalSteps: 1,
      prompt: vscode.l10n.t('Workspace id (wksp_…) on {0}; now {1}', current.label, current.workspaceId),
      placeholder: 'wksp_…',
      value: current.workspaceId,
      validate: checkWorkspaceId,
      onAccept: async (workspaceId) => {
        const verdict = await check(workspaceId);
        // A rejected key cannot be fixed here: the box says so and stays open for another choice.
        return verdict.ok ? undefined : { message: verdict.message };
      },
    });
    if (!asked || !('value' in asked)) return { signedIn: false };
    await this.connection.switchWorkspace(asked.value);
    return { signedIn: true, workspaceId: asked.value };
  }

  private async verify(details: SignInDetails): Promise<Verification> {
    const s = this.config.read();
    // The headers requests will use: the user's, or the folder's only when the user accepted them.
    const carriers = this.connection.carriers();
    const verdict = await verifyConnection(
      {
        ...details,
        ...carriers,
        timeoutMs: s.requestTimeoutMs,
      },
      s.resources.find((id) => id.startsWith('oper_')),
    );
    if (verdict.ok)
      this.log.info(`[Connection] Checked ${originOf(details.baseUrl)} with workspace ${details.workspaceId}: the key is accepted.`);
    else this.log.warn(`[Connection] Sign-in check failed at the ${verdict.step} step: ${verdict.message}`);
    return verdict;
  }
}
