// The agent tools as VS Code language-model tools, on the shared implementation (src/agents/tools)
// with the signed-in connection (src/connection: the key of its origin, never another): the `wsa:`
// files' reader and revision cache, the save's local checks, a dashboard language service worker of
// its own (started with the first check_dashboard). Every call is refused outside a trusted,
// signed-in window (the `when` clause says the same to VS Code), keeps to the model's token budget,
// and passes the key scrub, which also refuses a text that holds the key. save_resource proposes an
// edit (agentEdits.ts), which also applies the rules for live saves. Loaded on first use.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connection/api';
import type { FilesFeature } from '../../documents/api';
import type { Configuration } from '../../manifest/config';
import { DashboardWorkerClient } from '../../dashboardLanguage/service/workerClient';
import { Disposable } from '../../util/lifecycle';
import { validateText } from '../../documents/validation/validate';
import {
  AgentTools,
  assertAvailable,
  DashboardTypeCheck,
  DEFAULT_LIMITS,
  describeToolError,
  MAX_PAGE_ITEMS,
  MAX_RANGE_BYTES,
  saveArgs,
  SecretScrub,
  ToolFailure,
  withFence,
  type Limits,
  type ToolName,
} from '../tools/api';
import { AgentEdits, bindingOf } from './agentEdits';

export interface AgentLmToolsDeps {
  readonly log: vscode.LogOutputChannel;
  readonly config: Configuration;
  readonly connection: ConnectionManager;
  readonly files: FilesFeature;
  readonly trusted: () => boolean;
  readonly extensionUri: vscode.Uri;
  /** The connection a document an agent opens is pinned to (its URI's authority). */
  readonly pin?: () => string;
}

/** The smallest answer a token budget can ask for: below it, a range or a page would not move on usefully. */
const MIN_BYTES = 384;
/** How often an answer is made smaller to fit a budget before the call gives up. */
const FIT_ATTEMPTS = 4;

/** The limits a token budget allows, from about three bytes of JSON a token (countTokens then checks). */
export function limitsFor(tokenBudget: number | undefined): Limits {
  if (tokenBudget === undefined || !Number.isFinite(tokenBudget)) return DEFAULT_LIMITS;
  return {
    bytes: Math.max(MIN_BYTES, Math.min(MAX_RANGE_BYTES, Math.floor(tokenBudget * 3))),
    items: Math.max(1, Math.min(MAX_PAGE_ITEMS, Math.floor(tokenBudget / 80))),
  };
}

export class AgentLmTools extends Disposable {
  private readonly tools: AgentTools;
  private readonly edits: AgentEdits;
  private readonly worker: DashboardWorkerClient;

  constructor(private readonly deps: AgentLmToolsDeps) {
    super();
    const dist = vscode.Uri.joinPath(deps.extensionUri, 'dist');
    const tsxCheckPath = vscode.Uri.joinPath(dist, 'tsx-check.js').fsPath;
    this.worker = this._register(
      new DashboardWorkerClient({
        script: vscode.Uri.joinPath(dist, 'ts-worker.js').fsPath,
        typesDir: vscode.Uri.joinPath(dist, 'ts-types').fsPath,
      }),
    );
    const client = () => deps.connection.require().client;
    const { files } = deps;
    this.tools = new AgentTools({
      client,
      binding: () => bindingOf(deps.connection.require()),
      reader: () => files.documents.reader,
      revision: (resourceId, revisionId, o) => files.revisions.get(resourceId, revisionId, o),
      // save_resource takes its own way here (agentEdits.ts); this is the same guarded save.
      save: () => Promise.reject(new Error('save_resource is answered by the editor in VS Code')),
      validate: (view, text) => validateText(view, text, { tsxCheckPath }),
      types: new DashboardTypeCheck(this.worker, async () => {
        const types = await client().dashboardRuntimeTypes();
        return types ? { modules: types.modules } : null;
      }),
    });
    this.edits = new AgentEdits({
      files,
      allowSave: () => deps.config.read().agentsAllowSave,
      allowLiveSave: () => deps.config.read().agentsAllowLiveSave,
      ...(deps.pin ? { pin: deps.pin } : {}),
    });
  }

  /** Only save_resource asks: its diff, origin and resource, for the user to confirm. */
  async prepare(name: ToolName, options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>, _token: vscode.CancellationToken) {
    if (name !== 'save_resource') return undefined;
    const scrub = await this.scrub();
    return this.guarded(scrub, async () => {
      const connection = this.available();
      return this.edits.prepare(connection, saveArgs(connection.client, bindingOf(connection), options.input), scrub);
    });
  }

  async invoke(name: ToolName, options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken) {
    const scrub = await this.scrub();
    const text = await this.guarded(scrub, async () => {
      const connection = this.available();
      const budget = options.tokenizationOptions;
      if (name === 'save_resource') {
        const answer = await this.edits.invoke(
          connection,
          saveArgs(connection.client, bindingOf(connection), options.input),
          limitsFor(budget?.tokenBudget),
          scrub,
        );
        return scrub.text(JSON.stringify(answer));
      }
      return this.fitted(name, options.input, budget, token, scrub);
    });
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
  }

  /** The answer within the model's token budget: made smaller (a shorter range, a shorter page) until it fits. */
  private async fitted(
    name: ToolName,
    input: unknown,
    budget: vscode.LanguageModelToolTokenizationOptions | undefined,
    token: vscode.CancellationToken,
    scrub: SecretScrub,
  ): Promise<string> {
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      let limits = limitsFor(budget?.tokenBudget);
      for (let attempt = 1; ; attempt++) {
        const text = scrub.text(JSON.stringify(await this.tools.call(name, input, { signal: abort.signal, limits, scrub })));
        if (!budget) return text;
        const tokens = await budget.countTokens(text, token);
        if (tokens <= budget.tokenBudget) return text;
        if (attempt >= FIT_ATTEMPTS || (limits.bytes <= MIN_BYTES && limits.items <= 1))
          throw new ToolFailure(vscode.l10n.t('The answer does not fit the model’s token budget of {0}.', budget.tokenBudget));
        const ratio = (budget.tokenBudget / tokens) * 0.8;
        limits = { bytes: Math.max(MIN_BYTES, Math.floor(limits.bytes * ratio)), items: Math.max(1, Math.floor(limits.items * ratio)) };
      }
    } finally {
      cancelled.dispose();
    }
  }

  /** The connection the tools use, or ToolUnavailable: Restricted Mode, or signed out. */
  private available() {
    assertAvailable({ trusted: this.deps.trusted(), signedIn: this.deps.connection.current !== undefined });
    return this.deps.connection.require();
  }

  /** A failure as the one sentence the model is told, without the key. */
  private async guarded<T>(scrub: SecretScrub, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      const message = scrub.text(withFence((fence) => describeToolError(e, fence)));
      this.deps.log.warn(`[Agents] ${message.split('\n')[0]}`);
      throw new Error(message);
    }
  }

  private async scrub(): Promise<SecretScrub> {
    const key = await this.deps.connection.apiKey().catch(() => undefined);
    return new SecretScrub(key ? [key] : []);
  }
}
