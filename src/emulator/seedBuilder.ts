// A small builder for deterministic snapshots (demo and large workspaces): seeded ids, a clock that
// moves forward, histories whose revisions link to their parents.
import { SeededIds } from './core/idgen';
import {
  FACT_NULLABLE_FIELDS,
  type Capabilities,
  type Dependency,
  type DemoInfo,
  type HistoryKind,
  type HistoryRecord,
  type RevisionRecord,
  type StateSnapshot,
} from './core/records';

export const FULL_HISTORY: Capabilities = { history: true, restore: true, publish: true };
/** A data flow root publishes but has no graph history (spec §2). */
export const DATA_FLOW_ROOT: Capabilities = { history: false, restore: false, publish: true };

/** A seeded fact's nullable fields, all null; a seed sets those it shows after spreading this. */
export const FACT_OPTIONAL_NULLS = Object.fromEntries(FACT_NULLABLE_FIELDS.map((f) => [f, null])) as Record<
  (typeof FACT_NULLABLE_FIELDS)[number],
  null
>;

export interface RevisionInput {
  /** Defaults to the current draft (a straight line); pass an older id for a restore's branch. */
  parentRevisionId?: string | null;
  dependencies?: Dependency[];
  actorId: string;
  /** Absent for an API key (the type the spec shows). */
  actorType?: string;
  message: string;
  value: Record<string, unknown>;
}

/** What the seed's sections share while they build the demo workspace. */
export interface SeedContext {
  b: SeedBuilder;
  s: StateSnapshot;
  ids: Record<string, string>;
  ws: string;
  otherWs: string;
  org: string;
  adminActor: string;
  editorActor: string;
  deployDelayMs: number;
}

export class SeedBuilder {
  readonly ids: SeededIds;
  private time: number;

  constructor(seed: string, startIso: string) {
    this.ids = new SeededIds(seed);
    this.time = Date.parse(startIso);
  }

  /** Moves the clock forward and returns the new time. */
  tick(minutes = 37): string {
    this.time += minutes * 60_000 + Math.floor(this.ids.next() * 59_000) + Math.floor(this.ids.next() * 1000);
    return new Date(this.time).toISOString();
  }

  history(snapshot: StateSnapshot, resourceId: string, workspaceId: string, kind: HistoryKind, capabilities = FULL_HISTORY): HistoryRecord {
    const h: HistoryRecord = {
      resourceId,
      workspaceId,
      kind,
      version: this.ids.version(),
      draft: { revisionId: '', sequence: 0 },
      published: null,
      capabilities,
      revisions: [],
    };
    snapshot.histories.push(h);
    return h;
  }

  revise(h: HistoryRecord, input: RevisionInput, minutes?: number): RevisionRecord {
    const last = h.revisions[h.revisions.length - 1];
    const r: RevisionRecord = {
      id: this.ids.id('revision'),
      resourceId: h.resourceId,
      sequence: h.draft.sequence + 1,
      parentRevisionId: input.parentRevisionId !== undefined ? input.parentRevisionId : (last?.id ?? null),
      dependencies: input.dependencies ?? [],
      actorId: input.actorId,
      ...(input.actorType ? { actorType: input.actorType } : {}),
      message: input.message,
      createdAt: this.tick(minutes),
      value: input.value,
    };
    h.revisions.push(r);
    h.draft = { revisionId: r.id, sequence: r.sequence };
    h.version = this.ids.version();
    return r;
  }

  publish(h: HistoryRecord, r: RevisionRecord): void {
    h.published = { revisionId: r.id, sequence: r.sequence };
    h.version = this.ids.version();
  }
}

export function emptySnapshot(demo: DemoInfo): StateSnapshot {
  return {
    format: 'wsa-emulator-state',
    formatVersion: 1,
    demo,
    organizations: [],
    workspaces: [],
    apiKeys: [],
    operations: [],
    dashboards: [],
    databases: [],
    applications: [],
    writeSyncs: [],
    facts: [],
    histories: [],
    dataRuns: [],
  };
}
