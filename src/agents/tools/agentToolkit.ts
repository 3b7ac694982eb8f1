// The agent tools' one implementation, shared by both front ends: the VS Code language-model tools
// (src/agents/vscode) and the MCP server (src/agents/mcp). A call takes the model's arguments as
// input (toolArgs.ts), reads through the signed-in client with its timeouts and answer bounds, and
// answers a plain object whose texts from the service are fenced (dataFence.ts): the structured
// result the MCP server declares, and the text both front ends give the model. vscode-free.
import type { CallOptions, ServiceClient } from '../../api';
import type { Revision } from '../../api/schemas';
import type { ResourceReader } from '../../documents/model/resourceReader';
import type { FileView } from '../../kinds/resourcePath';
import type { SaveResult, ServerSnapshot, TextProblem } from '../../documents/model/saveTypes';
import type { ResourceFile } from '../../kinds/resourcePath';
import { assertNoKey, baseRevisionOf, fencedProblems, guardedSave, saveArgs, saveStructured, textHash } from './agentSave';
import { dashboardContext, problemOf, sortProblems, type DashboardTypeCheck, type Problem } from './dashboardCheck';
import { withFence } from './dataFence';
import { assertSaveAllowed } from './liveWrites';
import { listResources } from './listResources';
import type { Binding } from './opaqueTokens';
import { readTarget, targetOf, ToolFailure } from './resourceTarget';
import { RangeSnapshots } from './rangeSnapshots';
import { RevisionTools } from './revisionTools';
import type { SecretScrub } from './secretScrub';
import { checkedLabel } from './serviceFields';
import { rangeOf } from './textRanges';
import { checkArgs, optionalInt, optionalString, required, ToolInputError, type ToolArgs } from './toolArgs';
import { MAX_PAGE_ITEMS, MAX_PROBLEMS, MAX_RANGE_BYTES, type ToolName } from './toolSpecs';
import * as l10n from '@vscode/l10n';
import { isIdOf } from '../../api';

export interface AgentToolsDeps {
  /** The signed-in client; throws when there is none. */
  client(): ServiceClient;
  /** The connection the client is on: every baseRevision and cursor names it, and is refused on another. */
  binding(): Binding;
  reader(): ResourceReader;
  /** A revision, immutable (the VS Code side caches them). */
  revision(resourceId: string, revisionId: string, o?: CallOptions): Promise<Revision>;
  /** The guarded save every save goes through. */
  save(request: { file: ResourceFile; text: string; base: ServerSnapshot }): Promise<SaveResult>;
  /** The save's local checks (validateText). */
  validate(view: FileView, text: string): Promise<TextProblem[]>;
  /** Whether the user allowed saves that take effect at once (write syncs, facts); absent: not allowed. */
  allowLiveWrites?(): boolean;
  /** The dashboard language service, when there is one to ask. */
  readonly types?: DashboardTypeCheck | undefined;
  /** The fence's nonce source (tests give a fixed one). */
  readonly nonce?: () => string;
  /** The clock of the kept reads (tests move it). */
  readonly now?: () => number;
}

/** How large one answer may be: the front end's bounds (a model's token budget may lower them). */
export interface Limits {
  readonly bytes: number;
  readonly items: number;
}

export const DEFAULT_LIMITS: Limits = { bytes: MAX_RANGE_BYTES, items: MAX_PAGE_ITEMS };

export interface CallContext {
  readonly signal?: AbortSignal | undefined;
  readonly limits?: Limits;
  /** Finds the connection's key: a text that holds it is neither answered nor saved. */
  readonly scrub?: SecretScrub | undefined;
}

export type Structured = Record<string, unknown>;

/** A read kept for the ranges that follow: the text, its hash and its baseRevision. */
interface KeptText {
  readonly text: string;
  readonly hash: string;
  readonly baseRevision: string;
}

export class AgentTools {
  private readonly texts: RangeSnapshots<KeptText>;
  private readonly revisions: RevisionTools;

  constructor(private readonly deps: AgentToolsDeps) {
    this.texts = new RangeSnapshots((t) => t.text.length, deps.now);
    this.revisions = new RevisionTools(deps, deps.now);
  }

  /** One call: its structured answer, or a throw (ToolInputError, ToolFailure, ApiError) that the front end answers as an error. */
  async call(tool: ToolName, raw: unknown, ctx: CallContext = {}): Promise<Structured> {
    const o: CallOptions = { signal: ctx.signal };
    const limits = ctx.limits ?? DEFAULT_LIMITS;
    switch (tool) {
      case 'list_resources':
        return this.listResources(checkArgs(tool, raw), limits, o);
      case 'read_resource':
        return this.readResource(checkArgs(tool, raw), limits, ctx.scrub, o);
      case 'list_revisions':
        return this.listRevisions(checkArgs(tool, raw), limits, o);
      case 'diff_revisions':
        return this.diffRevisions(checkArgs(tool, raw), limits, ctx.scrub, o);
      case 'get_data_contract':
        return this.dataContract(checkArgs(tool, raw), o);
      case 'check_dashboard':
        return this.checkDashboard(checkArgs(tool, raw), limits, o);
      case 'save_resource':
        return this.saveResource(raw, limits, ctx.scrub, o);
    }
  }

  private fence<T>(build: (fence: (text: string) => string) => T): T {
    return withFence(build, this.deps.nonce);
  }

  private async listResources(args: ToolArgs, limits: Limits, o: CallOptions): Promise<Structured> {
    const page = await listResources(
      this.deps.client(),
      this.deps.binding(),
      { kind: optionalString(args, 'kind'), query: optionalString(args, 'query'), cursor: optionalString(args, 'cursor') },
      o,
      limits.items,
    );
    return this.fence((fence) => ({
      items: page.items.map((i) => ({ id: i.id, kind: i.kind, name: fence(i.name), revision: checkedLabel(i.revision) })),
      ...(page.unlisted.length ? { unlisted: page.unlisted } : {}),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    }));
  }

  private async readResource(args: ToolArgs, limits: Limits, scrub: SecretScrub | undefined, o: CallOptions): Promise<Structured> {
    const client = this.deps.client();
    const binding = this.deps.binding();
    const id = required(args, 'id');
    const kind = optionalString(args, 'kind');
    const offset = optionalInt(args, 'offset') ?? 0;
    const key = JSON.stringify([binding.origin, binding.workspaceId, kind ?? '', id]);
    // The ranges after the first come from the same read (rangeSnapshots.ts); a first range reads the service.
    let kept = offset > 0 ? this.texts.get(key) : undefined;
    if (!kept) {
      this.texts.delete(key);
      const { target, content } = await readTarget(client, this.deps.reader(), id, kind, o);
      // Found in the whole text, before it is cut into ranges: no set of ranges can be joined into the key.
      assertNoKey(scrub, content.text, l10n.t('The text of {0}', id));
      kept = {
        text: content.text,
        hash: textHash(content.text),
        baseRevision: baseRevisionOf(target.file.id, target.file.view, content.snapshot, binding),
      };
      this.texts.put(key, kept);
    }
    const range = rangeOf(kept.text, offset, optionalInt(args, 'length'), limits.bytes);
    const { hash, baseRevision } = kept;
    return this.fence((fence) => ({
      text: fence(range.text),
      baseRevision,
      hash,
      ...(range.nextOffset !== undefined ? { nextOffset: range.nextOffset } : {}),
    }));
  }

  private async listRevisions(args: ToolArgs, limits: Limits, o: CallOptions): Promise<Structured> {
    const page = await this.revisions.list(
      { id: required(args, 'id'), kind: optionalString(args, 'kind'), cursor: optionalString(args, 'cursor') },
      limits.items,
      o,
    );
    return this.fence((fence) => ({
      items: page.items.map((item) => ({ ...item, message: fence(item.message) })),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    }));
  }

  private async diffRevisions(args: ToolArgs, limits: Limits, scrub: SecretScrub | undefined, o: CallOptions): Promise<Structured> {
    const range = await this.revisions.diff(
      {
        id: required(args, 'id'),
        kind: optionalString(args, 'kind'),
        from: required(args, 'from'),
        to: required(args, 'to'),
        offset: optionalInt(args, 'offset'),
        length: optionalInt(args, 'length'),
      },
      limits.bytes,
      scrub,
      o,
    );
    return this.fence((fence) => ({
      diff: fence(range.text),
      ...(range.nextOffset !== undefined ? { nextOffset: range.nextOffset } : {}),
    }));
  }

  private async saveResource(raw: unknown, limits: Limits, scrub: SecretScrub | undefined, o: CallOptions): Promise<Structured> {
    const binding = this.deps.binding();
    // Both decided before anything is read: a token of another connection, a live resource not allowed.
    const args = saveArgs(this.deps.client(), binding, raw);
    assertSaveAllowed(args.file.id, args.file.view, this.deps.allowLiveWrites?.() ?? false);
    const answer = await guardedSave({ reader: this.deps.reader(), save: (r) => this.deps.save(r), scrub, binding }, args, limits.bytes, o);
    return saveStructured(answer, this.deps.nonce);
  }

  private async dataContract(args: ToolArgs, o: CallOptions): Promise<Structured> {
    const client = this.deps.client();
    const target = await targetOf(client, required(args, 'id'), 'dashboard', o);
    const context = await dashboardContext(client, target.file.id, o);
    return this.fence((fence) => ({
      dataRunId: isIdOf('dataRun', context.dataRunId) ? context.dataRunId : null,
      rowType: context.rowMembers === null ? null : fence(`interface DataRow { ${context.rowMembers} }`),
    }));
  }

  private async checkDashboard(args: ToolArgs, limits: Limits, o: CallOptions): Promise<Structured> {
    const source = required(args, 'source');
    const id = optionalString(args, 'id');
    const context = id
      ? await dashboardContext(this.deps.client(), (await targetOf(this.deps.client(), id, 'dashboard', o)).file.id, o)
      : undefined;
    const [local, types] = await Promise.all([
      this.deps.validate('dashboard', source),
      this.deps.types?.check(source, context ?? { serviceText: null, rowMembers: null }) ?? Promise.resolve([] as Problem[]),
    ]);
    const problems = sortProblems([...local.map(problemOf), ...types]).slice(0, Math.min(MAX_PROBLEMS, limits.items * 4));
    // A type checker's message quotes the data run's column names: other people's words, fenced whole.
    return this.fence((fence) => ({ problems: fencedProblems(problems, fence) }));
  }
}

export { ToolFailure, ToolInputError };
