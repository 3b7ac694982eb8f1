// The three editable kinds as the variants suite drives them: where each is found (the explorer
// group of an id added by id), how the user edits it, how a colleague edits it elsewhere (on
// other lines, so that Merge is clean), what one save's PUT must hold, and whether the service
// holds a text. The colleague is a second client with the same key, where the service wants it.
import * as assert from 'node:assert/strict';
import type { ServiceClient } from '../../../src/api';
import { definitionBody, factBody } from '../../../src/api/requestBodies';
import { FACT_EDITABLE_FIELDS } from '../../../src/api/schemaConstants';
import type { GroupId } from '../../../src/explorer/model/nodes';
import type { FileView } from '../../../src/kinds/resourcePath';

type Definition = { tables: { name: string; columns: { name: string; type: string; nullable: boolean }[]; primaryKey: string[] }[] };

export interface EditableKind {
  /** For test titles: "a dashboard". */
  readonly title: string;
  readonly view: FileView;
  readonly group: GroupId;
  readonly id: string;
  /** The endpoint of its save, a regular expression as faults take it. */
  readonly putPath: string;
  /** The user's edit `n` of the document's text (a line of its own). */
  mine(text: string, n: number): string;
  /** Whether `text` holds the user's edit `n`. */
  hasMine(text: string, n: number): boolean;
  /** The colleague's save `n`, on lines the user's edits do not touch. */
  theirs(n: number): Promise<void>;
  hasTheirs(text: string, n: number): boolean;
  /** The keys one save's body holds (spec §4.4-4.6; a fact: its documented editable fields). */
  readonly bodyKeys: readonly string[];
  /** Whether the service holds what `text` sends. */
  holds(text: string): Promise<boolean>;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** `factBodyKeys`: what a fact save's accepted body holds (the four body fields where the service takes only those). */
export function editableKinds(
  other: ServiceClient,
  ids: Record<string, string>,
  factBodyKeys: readonly string[] = FACT_EDITABLE_FIELDS,
): EditableKind[] {
  const dashboardId = ids.dashboardId!;
  const databaseId = ids.inventoryDatabaseId!;
  const factId = ids.factId!;
  return [
    {
      title: 'a dashboard',
      view: 'dashboard',
      group: 'dashboards',
      id: dashboardId,
      putPath: `^/v1/dashboards/${esc(dashboardId)}/source$`,
      // The user writes at the top, the colleague at the bottom.
      mine: (text, n) => `// mine ${n}\n${text}`,
      hasMine: (text, n) => text.includes(`// mine ${n}\n`),
      async theirs(n) {
        const current = await other.getDashboardSource(dashboardId);
        await other.replaceDashboardSource(dashboardId, {
          source: `${current.source.replace(/\n?$/, '\n')}// theirs ${n}\n`,
          expectedRevision: current.revision,
          expectedDataRunId: current.dataRunId,
        });
      },
      hasTheirs: (text, n) => text.includes(`// theirs ${n}\n`),
      bodyKeys: ['expectedDataRunId', 'expectedRevision', 'source'],
      holds: async (text) => (await other.getDashboardSource(dashboardId)).source === text,
    },
    {
      title: 'a database definition',
      view: 'database',
      group: 'databases',
      id: databaseId,
      putPath: `^/v1/databases/${esc(databaseId)}/definition$`,
      // The user renames the first table, the colleague adds columns to the last. (A column the user
      // adds comes back from this service with fields of its own, which the user's document does not
      // show until it is read again: a later edit beside it would meet those lines in a merge.)
      mine(text, n) {
        const definition = JSON.parse(text) as Definition;
        definition.tables[0]!.name = `${definition.tables[0]!.name.replace(/_mine_\d+$/, '')}_mine_${n}`;
        return json(definition);
      },
      hasMine: (text, n) => (JSON.parse(text) as Definition).tables[0]!.name.endsWith(`_mine_${n}`),
      async theirs(n) {
        const { draft } = await other.revisionState(databaseId);
        const definition = (await other.getRevision(databaseId, draft.revisionId)).value as Definition;
        definition.tables.at(-1)!.columns.push({ name: `theirs_${n}`, type: 'text', nullable: true });
        await other.saveDatabaseDefinition(databaseId, { expectedDraft: draft, definition });
      },
      hasTheirs: (text, n) => (JSON.parse(text) as Definition).tables.at(-1)!.columns.some((c) => c.name === `theirs_${n}`),
      bodyKeys: ['definition', 'expectedDraft'],
      async holds(text) {
        const { draft } = await other.revisionState(databaseId);
        const stored = (await other.getRevision(databaseId, draft.revisionId)).value;
        // The request shape of both: the service adds keys of its own to what it returns.
        return JSON.stringify(definitionBody(stored)) === JSON.stringify(definitionBody(JSON.parse(text)));
      },
    },
    {
      title: 'a fact',
      view: 'fact',
      group: 'facts',
      id: factId,
      putPath: `^/v1/facts/${esc(factId)}$`,
      // The user renames (line 2 of the document), the colleague edits `formula` (line 4).
      mine(text, n) {
        const doc = JSON.parse(text) as Record<string, unknown>;
        doc.name = `${String(doc.name).replace(/ \(mine \d+\)$/, '')} (mine ${n})`;
        return json(doc);
      },
      hasMine: (text, n) => (JSON.parse(text) as { name: string }).name.endsWith(`(mine ${n})`),
      async theirs(n) {
        const current = await other.getFact(factId);
        await other.replaceFact(factId, {
          ...factBody(current),
          formula: `${String(current.formula).replace(/ \+ 0\*\d+$/, '')} + 0*${n}`,
        });
      },
      hasTheirs: (text, n) => (JSON.parse(text) as { formula: string }).formula.endsWith(` + 0*${n}`),
      bodyKeys: [...factBodyKeys],
      async holds(text) {
        const stored = factBody(await other.getFact(factId)) as Record<string, unknown>;
        const sent = factBody(JSON.parse(text) as Record<string, unknown>) as Record<string, unknown>;
        return Object.entries(sent).every(([k, v]) => JSON.stringify(stored[k]) === JSON.stringify(v));
      },
    },
  ];
}

/** The body of the one PUT in `requests`, checked: accepted by the service, only the keys the spec names. */
export function onePut(
  kind: EditableKind,
  requests: readonly { method: string; status?: number | null; body?: unknown }[],
  refusedFirst = false,
): Record<string, unknown> {
  let puts = requests.filter((r) => r.method === 'PUT');
  if (refusedFirst) {
    // A fact's first save to a service that refuses optional fields: refused naming them, then
    // sent again without them (README, "fact replacement").
    assert.equal(puts[0]?.status, 400, 'refused for the fields it does not take');
    puts = puts.slice(1);
  }
  assert.equal(puts.length, 1, 'one PUT');
  assert.equal(puts[0]!.status, 200, 'the service took the body (strict bodies refuse any field it does not take)');
  const body = puts[0]!.body as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), [...kind.bodyKeys].sort());
  return body;
}
