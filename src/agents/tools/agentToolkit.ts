// The agent tools' one implementation, shared by both front ends: the VS Code language-model tools
// (src/agents/vscode) and the MCP server (src/agents/mcp). A call takes the model's arguments as
// input (toolArgs.ts), reads through the signed-in client with its timeouts and answer bounds, and
// answers a plain object whose texts from the service are fenced (dataFence.ts): the structured
// result the MCP server declares, and the text both front ends give the model. vscode-free.
import type { CallOptions, ServiceClient } from '../../api';
import type { Revision } from '../../api/schemas';
import { revisionText } from '../../kinds/serialize';
import type { ResourceReader } from '../../documents/model/resourceReader';
import type { FileView } from '../../kinds/resourcePath';
import { openView } from '../../kinds/resourceKinds';
import type { SaveResult, ServerSnapshot, TextProblem } from '../../documents/model/saveTypes';
import type { ResourceFile } from '../../kinds/resourcePath';
import { guardedSave, saveArgs, saveStructured, textHash } from './agentSave';
import { dashboardContext, problemOf, sortProblems, type DashboardTypeCheck, type Problem } from './dashboardCheck';
import { withFence } from './dataFence';
import { listResources } from './listResources';
import { decodeRevisionCursor, encodeBase, encodeRevisionCursor } from './opaqueTokens';
import { historyIdOf, readTarget, targetOf, ToolFailure } from './resourceTarget';
import { RangeSnapshots } from './rangeSnapshots';
import { rangeOf } from './textRanges';
import { checkArgs, optionalInt, optionalString, required, ToolInputError, type ToolArgs } from './toolArgs';
import { MAX_PAGE_ITEMS, MAX_PROBLEMS, MAX_RANGE_BYTES, type ToolName } from './toolSpecs';
import { unifiedDiff } from './unifiedDiff';
import * as l10n from '@vscode/l10n';
import { isIdOf } from '../../api';

export interface AgentToolsDeps {
  /** The signed-in client; throws when there is none. */
  client(): ServiceClient;
  reader(): ResourceReader;
  /** A revision, immutable (the VS Code side caches them). */
  revision(resourceId: string, revisionId: string, o?: CallOptions): Promise<Revision>;
  /** The guarded save every save goes through. */
  save(request: { file: ResourceFile; text: string; base: ServerSnapshot }): Promise<SaveResult>;
  /** The save's local checks (validateText). */
  validate(view: FileView, text: string): Promise<TextProblem[]>;
  /** The dashboard language service, when there is one to ask. */
  readonly types?: DashboardTypeCheck | undefined;
  /** The fence's nonce source (tests give a fixed one). */
  readonly nonce?: () => string;
  /** The clock of the kept range snapshots (tests move it). */
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
}

export type Structured = Record<string, unknown>;

const ISO = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;

export class AgentTools {
  private readonly snapshots: RangeSnapshots;

  constructor(private readonly deps: AgentToolsDeps) {
    this.snapshots = new RangeSnapshots(deps.now);
  }

  /** One call: its structured answer, or a throw (ToolInputError, ToolFailure, ApiError) that the front end answers as an error. */
  async call(tool: ToolName, raw: unknown, ctx: CallContext = {}): Promise<Structured> {
    const o: CallOptions = { signal: ctx.signal };
    const limits = ctx.limits ?? DEFAULT_LIMITS;
    switch (tool) {
      case 'list_resources':
        return this.listResources(checkArgs(tool, raw), limits, o);
      case 'read_resource':
        return this.readResource(checkArgs(tool, raw), limits, o);
      case 'list_revisions':
        return this.listRevisions(checkArgs(tool, raw), limits, o);
      case 'diff_revisions':
        return this.diffRevisions(checkArgs(tool, raw), limits, o);
      case 'get_data_contract':
        return this.dataContract(checkArgs(tool, raw), o);
      case 'check_dashboard':
        return this.checkDashboard(checkArgs(tool, raw), limits, o);
      case 'save_resource':
        return saveStructured(
          await guardedSave(
            { reader: this.deps.reader(), save: (r) => this.deps.save(r) },
            saveArgs(this.deps.client(), raw),
            limits.bytes,
            o,
          ),
        );
    }
  }

  private fence<T>(build: (fence: (text: string) => string) => T): T {
    return withFence(build, this.deps.nonce);
  }

  private async listResources(args: ToolArgs, limits: Limits, o: CallOptions): Promise<Structured> {
    const page = await listResources(
      this.deps.client(),
      { kind: optionalString(args, 'kind'), query: optionalString(args, 'query'), cursor: optionalString(args, 'cursor') },
      o,
      limits.items,
    );
    return this.fence((fence) => ({
      items: page.items.map((i) => ({ id: i.id, kind: i.kind, name: fence(i.name), revision: i.revision })),
      ...(page.unlisted.length ? { unlisted: page.unlisted } : {}),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    }));
  }

  private async readResource(args: ToolArgs, limits: Limits, o: CallOptions): Promise<Structured> {
    const client = this.deps.client();
    const id = required(args, 'id');
    const kind = optionalString(args, 'kind');
    const offset = optionalInt(args, 'offset') ?? 0;
    const key = `${client.workspaceId ?? ''}/${kind ?? ''}/${id}`;
    // The ranges after the first come from the same read (rangeSnapshots.ts); a first range reads the service.
    let snapshot = offset > 0 ? this.snapshots.get(key) : undefined;
    if (!snapshot) {
      const { target, content } = await readTarget(client, this.deps.reader(), id, kind, o);
      snapshot = {
        text: content.text,
        hash: textHash(content.text),
        baseRevision: encodeBase({ id: target.file.id, view: target.file.view, tokens: content.snapshot?.tokens ?? null }),
      };
      this.snapshots.put(key, snapshot);
    }
    const range = rangeOf(snapshot.text, offset, optionalInt(args, 'length'), limits.bytes);
    const { hash, baseRevision } = snapshot;
    return this.fence((fence) => ({
      text: fence(range.text),
      baseRevision,
      hash,
      ...(range.nextOffset !== undefined ? { nextOffset: range.nextOffset } : {}),
    }));
  }

  private async listRevisions(args: ToolArgs, limits: Limits, o: CallOptions): Promise<Structured> {
    const client = this.deps.client();
    const cursor = optionalString(args, 'cursor');
    const at = cursor ? decodeRevisionCursor(cursor) : undefined;
    const id = required(args, 'id');
    if (at && at.id !== id) throw new ToolInputError(l10n.t('This cursor belongs to the revisions of {0}, not of {1}.', at.id, id));
    const target = await targetOf(client, id, at?.kind ?? optionalString(args, 'kind'), o);
    const history = await client.listRevisions(await historyIdOf(client, target, o), o);
    const skip = at?.skip ?? 0;
    const page = history.items.slice(skip, skip + limits.items);
    const next = skip + page.length;
    return this.fence((fence) => ({
      items: page.map((item) => ({
        id: item.id,
        createdAt: ISO.test(item.createdAt) ? item.createdAt : null,
        message: fence(item.message),
        parentRevisionId: isIdOf('revision', item.parentRevisionId ?? '') ? item.parentRevisionId : null,
        ...sequenceOf(item),
        draft: item.id === history.draft.revisionId,
        published: item.id === history.published?.revisionId,
      })),
      ...(next < history.items.length ? { nextCursor: encodeRevisionCursor({ id, kind: target.kind, skip: next }) } : {}),
    }));
  }

  private async diffRevisions(args: ToolArgs, limits: Limits, o: CallOptions): Promise<Structured> {
    const client = this.deps.client();
    const from = required(args, 'from');
    const to = required(args, 'to');
    for (const r of [from, to])
      if (!isIdOf('revision', r)) throw new ToolInputError(l10n.t('{0} is not a revision id (rvsn_…).', JSON.stringify(r)));
    const target = await targetOf(client, required(args, 'id'), optionalString(args, 'kind'), o);
    const historyId = await historyIdOf(client, target, o);
    const view = openView(target.kind);
    const [a, b] = await Promise.all([this.deps.revision(historyId, from, o), this.deps.revision(historyId, to, o)]);
    const diff = unifiedDiff(
      revisionText(view, a.value),
      revisionText(view, b.value),
      `${target.file.id}@${from}`,
      `${target.file.id}@${to}`,
    );
    const range = rangeOf(diff, optionalInt(args, 'offset'), optionalInt(args, 'length'), limits.bytes);
    return this.fence((fence) => ({
      diff: fence(range.text),
      ...(range.nextOffset !== undefined ? { nextOffset: range.nextOffset } : {}),
    }));
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
    return { problems: problems.map((p) => ({ line: p.line, column: p.column, severity: p.severity, message: p.message })) };
  }
}

/** A list item's sequence, which the spec does not name: kept when a service gives one. */
function sequenceOf(item: Record<string, unknown>): { sequence?: number } {
  return typeof item.sequence === 'number' && Number.isInteger(item.sequence) ? { sequence: item.sequence } : {};
}

export { ToolFailure, ToolInputError };
