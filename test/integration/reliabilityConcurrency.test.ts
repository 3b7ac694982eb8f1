// No lost update: the extension (editing and saving as a user does, Ctrl+S through the save command)
// and a colleague (a second client driving the API) save the same dashboard, then the same database
// definition, in a loop for a bounded time. Afterwards every save the extension reported as
// successful is in the service's history exactly once and in order, with the text it sent; every
// other attempt was reported as a conflict and resolved by the test (Merge for the dashboard,
// Overwrite for the database); and each attempt sent exactly one PUT.
import * as assert from 'node:assert/strict';
import { setTimeout as thinkTime } from 'node:timers/promises';
import * as vscode from 'vscode';
import { isApiError, type ServiceClient } from '../../src/api';
import { definitionBody } from '../../src/api/requestBodies';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { SaveResult, ServerSnapshot } from '../../src/documents/model/saveTypes';
import { wsaUri, useSavingSuite } from './fileHelpers';
import { colleagueClient, type EmulatorInfo } from './helpers';

const SAVE = 'workspaceAutomation.save';
// 4 s per resource in `npm test`; `npm run test:reliability` runs 10 s.
const DURATION_MS = Number(process.env.WSA_CONCURRENCY_MS) || 4_000;
/** Saves of one edit that keep meeting a newer revision give up after this many attempts. */
const MAX_ATTEMPTS_PER_EDIT = 40;

interface Saved {
  revisionId: string;
  sequence: number;
  text: string;
}

interface ExtensionCounts {
  attempts: number;
  saved: Saved[];
  conflicts: number;
  resolutions: Record<string, number>;
}

/**
 * How long both sides go on: the given time, and beyond it (up to twice as long again) until the
 * extension has met a conflict, so that a slow machine still tests what a conflict does.
 */
interface Run {
  running(): boolean;
  conflicted(): void;
}

function runFor(ms: number): Run {
  const deadline = Date.now() + ms;
  let met = false;
  return {
    running: () => Date.now() < deadline || (!met && Date.now() < deadline + 2 * ms),
    conflicted: () => void (met = true),
  };
}

interface ColleagueCounts {
  saved: string[];
  conflicts: number;
}

type Definition = { tables: { name: string; columns: { name: string; type: string; nullable: boolean }[]; primaryKey: string[] }[] };

/**
 * Replaces the document's text with `change(text)`. The colleague's save can reach this editor as a
 * reload between reading the text and applying the edit; VS Code then refuses the stale edit, as it
 * would drop a keystroke typed on an outdated model, and the user types again.
 */
async function typeEdit(doc: vscode.TextDocument, change: (text: string) => string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const text = doc.getText();
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(text.length)), change(text));
    if (await vscode.workspace.applyEdit(edit)) return;
  }
  assert.fail(`the edit of ${doc.uri.path} never applied`);
}

describe('Reliability: two clients saving the same resources @variants', function () {
  this.timeout(DURATION_MS * 4 + 120_000);
  const suite = useSavingSuite({ closeAfter: true });
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let ids: Record<string, string>;

  before(() => ({ emulator, api, admin, ids } = suite));

  const client = (apiKey: string): ServiceClient => colleagueClient(emulator, apiKey);

  /**
   * The extension's side: edit, save (Ctrl+S), and on a conflict resolve it with `choice` and save
   * again until the edit is stored; then the next edit. Every save the extension reports as
   * successful is collected from `api.files.onDidSave` (it fires once per stored PUT, whatever
   * path saved it: the command or Overwrite).
   */
  async function extensionLoop(
    uri: vscode.Uri,
    run: Run,
    edit: (text: string, n: number) => string,
    choice: 'Merge' | 'Overwrite',
  ): Promise<ExtensionCounts> {
    const counts: ExtensionCounts = { attempts: 0, saved: [], conflicts: 0, resolutions: {} };
    const sequenceOf = (s: ServerSnapshot) =>
      s.tokens.kind === 'dashboard'
        ? s.tokens.expectedRevision.sequence
        : s.tokens.kind === 'database'
          ? s.tokens.expectedDraft!.sequence
          : NaN;
    const listener = api.files.onDidSave((e) => {
      if (e.uri.toString() === uri.toString())
        counts.saved.push({ revisionId: e.snapshot.revision!.revisionId, sequence: sequenceOf(e.snapshot), text: e.snapshot.text });
    });
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, { preview: false });
      for (let n = 1; run.running(); n++) {
        await typeEdit(doc, (t) => edit(t, n));
        for (let attempt = 1; ; attempt++) {
          assert.ok(attempt <= MAX_ATTEMPTS_PER_EDIT, `edit ${n} was not stored after ${MAX_ATTEMPTS_PER_EDIT} attempts`);
          counts.attempts++;
          const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
          if (result.status === 'saved') break;
          assert.equal(
            result.status,
            'conflict',
            `attempt ${counts.attempts}: ${result.status === 'failed' ? String(result.error) : result.status}`,
          );
          counts.conflicts++;
          run.conflicted();
          // As the notification's button does; Overwrite may meet yet another save and be offered again.
          let outcome = await api.conflicts.choose(uri.toString(), choice);
          while (outcome === 'conflictAgain') {
            counts.attempts++;
            counts.resolutions[outcome] = (counts.resolutions[outcome] ?? 0) + 1;
            outcome = await api.conflicts.choose(uri.toString(), choice);
          }
          counts.resolutions[outcome ?? 'none'] = (counts.resolutions[outcome ?? 'none'] ?? 0) + 1;
          if (outcome === 'overwritten') {
            counts.attempts++;
            break;
          }
          assert.equal(outcome, 'merged', 'the edits are on separate lines: a clean merge, then save again');
        }
        assert.equal(doc.isDirty, false, `edit ${n} is stored and the editor clean`);
      }
    } finally {
      listener.dispose();
    }
    return counts;
  }

  /**
   * The colleague: reads the latest state, edits it for a moment, saves with the tokens it read; a
   * 409 is counted and the loop goes on. The moment (`edit`, a random 0-150 ms of a person's think
   * time) lets the extension's saves land in between, so both sides meet conflicts; nothing waits
   * on it.
   */
  async function colleagueLoop(
    running: () => boolean,
    saveOnce: (m: number, edit: () => Promise<void>) => Promise<string>,
  ): Promise<ColleagueCounts> {
    const counts: ColleagueCounts = { saved: [], conflicts: 0 };
    const edit = () => thinkTime(Math.random() * 150);
    for (let m = 1; running(); m++) {
      try {
        counts.saved.push(await saveOnce(m, edit));
      } catch (e) {
        if (!isApiError(e, 'conflict')) throw e;
        counts.conflicts++;
      }
    }
    return counts;
  }

  /** What holds for any two writers: one revision per reported save, each once, the extension's in order. */
  async function checkHistory(
    resourceId: string,
    before: number,
    ext: ExtensionCounts,
    colleague: ColleagueCounts,
    reader: ServiceClient,
  ): Promise<void> {
    const history = await reader.listRevisions(resourceId);
    const chronological = history.items.map((i) => i.id).reverse();
    assert.equal(history.items.length - before, ext.saved.length + colleague.saved.length, 'one revision per reported save, nothing more');
    const position = new Map(chronological.map((id, i) => [id, i]));
    for (const id of [...ext.saved.map((s) => s.revisionId), ...colleague.saved]) {
      assert.equal(chronological.filter((x) => x === id).length, 1, `${id} is in the history exactly once`);
    }
    for (let i = 1; i < ext.saved.length; i++) {
      assert.ok(
        position.get(ext.saved[i]!.revisionId)! > position.get(ext.saved[i - 1]!.revisionId)!,
        'the extension’s saves are in the history in the order it reported them',
      );
      assert.ok(ext.saved[i]!.sequence > ext.saved[i - 1]!.sequence, 'with growing sequence numbers');
    }
    // Each attempt was stored (reported saved) or refused as stale (a conflict, or an Overwrite that met yet another save).
    assert.equal(
      ext.attempts,
      ext.saved.length + ext.conflicts + (ext.resolutions.conflictAgain ?? 0),
      'every attempt was a save or a conflict',
    );
  }

  function report(what: string, ext: ExtensionCounts, colleague: ColleagueCounts, growth: number): void {
    const resolved =
      Object.entries(ext.resolutions)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ') || 'none needed';
    console.log(
      `Concurrency (${what}, ${DURATION_MS / 1000} s): extension ${ext.attempts} save attempts → ${ext.saved.length} saved, ${ext.conflicts} conflicts (resolved: ${resolved}); ` +
        `colleague ${colleague.saved.length} saved, ${colleague.conflicts} conflicts; history +${growth} revisions; every reported save is in it once, in order.`,
    );
  }

  it('a dashboard: every reported save is in the history once, in order; every conflict was merged; nobody’s edit is lost', async () => {
    const id = ids.churnDashboardId!;
    const resourceId = ids.churnDashboardResourceId!;
    const colleague = client((await admin.demo()).editorApiKey);
    const before = (await colleague.listRevisions(resourceId)).items.length;
    const since = (await admin.requests()).at(-1)?.seq ?? 0;
    const run = runFor(DURATION_MS);
    // The extension writes at the top, the colleague at the bottom: every conflict merges cleanly.
    const [ext, other] = await Promise.all([
      extensionLoop(
        wsaUri(emulator.workspaceId, 'dashboard', id, 'Customer churn (concurrency)'),
        run,
        (t, n) => `// extension edit ${n}\n${t}`,
        'Merge',
      ),
      colleagueLoop(run.running, async (m, edit) => {
        const current = await colleague.getDashboardSource(id);
        await edit();
        const saved = await colleague.replaceDashboardSource(id, {
          source: `${current.source.replace(/\n?$/, '\n')}// colleague edit ${m}\n`,
          expectedRevision: current.revision,
          expectedDataRunId: current.dataRunId,
        });
        return saved.revision.revisionId;
      }),
    ]);
    try {
      assert.ok(ext.saved.length > 0 && other.saved.length > 0, 'both sides saved');
      // Else the title's "every conflict was merged" would hold of nothing.
      assert.ok((ext.resolutions.merged ?? 0) > 0, `the extension met conflicts and merged them (${JSON.stringify(ext.resolutions)})`);
      await checkHistory(resourceId, before, ext, other, colleague);
      for (const saved of ext.saved) {
        const revision = await colleague.getRevision(resourceId, saved.revisionId);
        assert.equal((revision.value as { source: string }).source, saved.text, `revision ${saved.sequence} holds what the extension sent`);
      }
      // One PUT per attempt: the extension's requests carry the demo admin key, the colleague's the editor key.
      const puts = (await admin.requests(since)).filter((r) => r.method === 'PUT' && r.path === `/v1/dashboards/${id}/source`);
      assert.equal(
        puts.filter((r) => r.actorId === ids.adminKeyActorId).length,
        ext.attempts,
        'exactly one PUT per save attempt of the extension',
      );
      assert.equal(puts.length, ext.attempts + other.saved.length + other.conflicts, 'and of the colleague');
      // Merging keeps both sides: the final text holds every edit either side saved.
      const final = (await colleague.getDashboardSource(id)).source;
      const savedExt = new Set(ext.saved.flatMap((s) => [...s.text.matchAll(/^\/\/ extension edit (\d+)$/gm)].map((m) => m[0])));
      for (const line of savedExt) assert.ok(final.includes(`${line}\n`), `${line} is kept`);
      assert.equal(
        [...final.matchAll(/^\/\/ colleague edit \d+$/gm)].length,
        other.saved.length,
        'every colleague save is kept, each once',
      );
      report('dashboard', ext, other, ext.saved.length + other.saved.length);
    } finally {
      await colleague.close();
    }
  });

  it('a database definition: every reported save is in the history once, in order, with the definition sent; every conflict was overwritten', async () => {
    const id = ids.databaseId!;
    const colleague = client(emulator.apiKey);
    const before = (await colleague.listRevisions(id)).items.length;
    const since = (await admin.requests()).at(-1)?.seq ?? 0;
    const run = runFor(DURATION_MS);
    const mark = (definition: Definition, table: number, column: string): Definition => {
      const t = definition.tables[table]!;
      const prefix = column.replace(/\d+$/, '');
      t.columns = [...t.columns.filter((c) => !c.name.startsWith(prefix)), { name: column, type: 'text', nullable: true }];
      return definition;
    };
    const [ext, other] = await Promise.all([
      extensionLoop(
        wsaUri(emulator.workspaceId, 'database', id, 'Orders (concurrency)'),
        run,
        (t, n) => `${JSON.stringify(mark(JSON.parse(t) as Definition, 0, `extension_edit_${n}`), null, 2)}\n`,
        'Overwrite',
      ),
      colleagueLoop(run.running, async (m, edit) => {
        const history = await colleague.listRevisions(id);
        const draft = await colleague.getRevision(id, history.draft.revisionId);
        await edit();
        const definition = mark(structuredClone(draft.value) as Definition, 1, `colleague_edit_${m}`);
        return (
          await colleague.saveDatabaseDefinition(id, {
            expectedDraft: { revisionId: history.draft.revisionId, sequence: history.draft.sequence },
            definition,
          })
        ).revisionId;
      }),
    ]);
    try {
      assert.ok(ext.saved.length > 0 && other.saved.length > 0, 'both sides saved');
      assert.ok((ext.resolutions.overwritten ?? 0) > 0, `the extension met conflicts and overwrote (${JSON.stringify(ext.resolutions)})`);
      await checkHistory(id, before, ext, other, colleague);
      for (const saved of ext.saved) {
        const revision = await colleague.getRevision(id, saved.revisionId);
        // The request shape of both: the service may add keys of its own to what it returns.
        assert.deepEqual(
          definitionBody(revision.value).tables,
          definitionBody(JSON.parse(saved.text)).tables,
          `revision ${saved.sequence} holds what the extension sent`,
        );
      }
      // Both sides use the demo admin key here (the only one with database admin permission): all PUTs together.
      const puts = (await admin.requests(since)).filter((r) => r.method === 'PUT' && r.path === `/v1/databases/${id}/definition`);
      assert.equal(
        puts.length,
        ext.attempts + other.saved.length + other.conflicts,
        'exactly one PUT per save attempt, Overwrite included',
      );
      report('database definition', ext, other, ext.saved.length + other.saved.length);
    } finally {
      await colleague.close();
    }
  });
});
