// Sign In (base URL → API key → workspace, with Back), and Switch Workspace. Each flow checks the
// values with one request before anything is stored; a failed check reopens the step to correct,
// with the reason as its validation message. Scripted callers pass the values as an argument.
import * as vscode from 'vscode';
import type { Configuration } from '../manifest/config';
import type { ConnectionManager, SignInDetails } from './connectionManager';
import { checkApiKey, checkBaseUrl, checkWorkspaceId, verifyConnection, type SignInStep, type Verification } from './verifyConnection';

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

export class SignInFlow {
  constructor(
    private readonly connection: ConnectionManager,
    private readonly config: Configuration,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Sign In. With all three values given, runs without prompts (scripts, tests). */
  async signIn(given: Partial<SignInDetails> = {}): Promise<SignInOutcome> {
    if (given.baseUrl && given.apiKey && given.workspaceId) {
      const details = { baseUrl: given.baseUrl.trim(), apiKey: given.apiKey.trim(), workspaceId: given.workspaceId.trim() };
      const invalid = checkBaseUrl(details.baseUrl) ?? checkApiKey(details.apiKey) ?? checkWorkspaceId(details.workspaceId);
      if (invalid) return { signedIn: false, message: invalid };
      const verdict = await this.verify(details);
      if (!verdict.ok) return { signedIn: false, step: verdict.step, message: verdict.message };
      await this.connection.signIn(details);
      return { signedIn: true, workspaceId: details.workspaceId };
    }
    const settings = this.config.read();
    const values: Record<SignInStep, string> = {
      baseUrl: given.baseUrl ?? settings.baseUrl,
      apiKey: given.apiKey ?? '',
      workspaceId: given.workspaceId ?? settings.workspaceId,
    };
    const errors: Partial<Record<SignInStep, string>> = {};
    const title = 'Workspace Automation: Sign In';
    let index = 0;
    while (index < STEPS.length) {
      const step = STEPS[index]!;
      const common = { title, step: index + 1, totalSteps: STEPS.length, value: values[step], error: errors[step] };
      delete errors[step];
      let asked: Asked;
      if (step === 'baseUrl') {
        asked = await ask({
          ...common,
          prompt: 'Base URL of the Workspace Automation Service (paths start at /v1 below it)',
          placeholder: 'https://automation.example.com',
          validate: checkBaseUrl,
        });
      } else if (step === 'apiKey') {
        asked = await ask({
          ...common,
          prompt: 'API key (apik_…). It is kept in VS Code’s secret storage only.',
          placeholder: 'apik_…',
          password: true,
          validate: checkApiKey,
        });
      } else {
        asked = await ask({
          ...common,
          prompt: 'Workspace id (wksp_…) that requests act in',
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
    await this.connection.signIn(values);
    void vscode.window.showInformationMessage(`Signed in to ${values.baseUrl}, workspace ${values.workspaceId}.`);
    return { signedIn: true, workspaceId: values.workspaceId };
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
      title: 'Workspace Automation: Switch Workspace',
      step: 1,
      totalSteps: 1,
      prompt: `Workspace id (wksp_…) on ${current.label}; now ${current.workspaceId}`,
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
    const verdict = await verifyConnection(
      {
        ...details,
        authHeader: s.authHeader,
        authScheme: s.authScheme,
        workspaceHeader: s.workspaceHeader,
        timeoutMs: s.requestTimeoutMs,
      },
      s.resources.find((id) => id.startsWith('oper_')),
    );
    if (verdict.ok) this.log.info(`[Connection] Checked ${details.baseUrl} with workspace ${details.workspaceId}: the key is accepted.`);
    else this.log.warn(`[Connection] Sign-in check failed at the ${verdict.step} step: ${verdict.message}`);
    return verdict;
  }
}
