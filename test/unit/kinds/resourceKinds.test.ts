// The registry of resource kinds (src/kinds/resourceKinds.ts) against everything that reads it: the
// path parser, the endpoint table, the explorer groups, the history targets and the save messages.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { collections, endpoints } from '../../../src/api/endpoints';
import { ID_PREFIXES, type IdKind } from '../../../src/api/ids';
import { parseAdditionInput } from '../../../src/explorer/model/addition';
import { GROUPS, groupNode } from '../../../src/explorer/model/nodes';
import { present } from '../../../src/explorer/model/presentation';
import { viewForHistoryResource } from '../../../src/history/model/changes';
import {
  BROWSABLE_ID_KINDS,
  FILE_VIEWS,
  hasHistory,
  HISTORY_ID_KINDS,
  ID_SHARING_KINDS,
  KINDS,
  kindsForIdKind,
  kindWithHistoryId,
  openView,
  RESOURCE_KINDS,
  sharesIdWith,
  type FileView,
} from '../../../src/kinds/resourceKinds';
import { filePath, parseFilePath, parseRevisionPath, revisionPath } from '../../../src/kinds/resourcePath';
import { repoRoot } from '../../harness/lib/paths';

const VIEW_NAMES = Object.keys(FILE_VIEWS) as FileView[];

function sampleId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}Sample_1`;
}

describe('resource kinds registry', () => {
  test('every file of every kind round-trips through the wsa: path parser as the same view', () => {
    for (const kind of KINDS) {
      for (const file of RESOURCE_KINDS[kind].files) {
        const path = filePath({ workspaceId: 'wksp_1', view: file.view, id: sampleId(RESOURCE_KINDS[kind].idKind), name: 'Sample' });
        assert.ok(path.includes(`/${file.folder}/`) && path.endsWith(file.suffix), path);
        assert.equal(parseFilePath(path).view, file.view, `${kind}: ${path}`);
        assert.equal(FILE_VIEWS[file.view].kind, kind);
      }
    }
  });

  test('the file a kind opens is also the file its revisions open as, through the wsa-revision: parser', () => {
    for (const kind of KINDS.filter(hasHistory)) {
      const history = RESOURCE_KINDS[kind].history;
      const view = openView(kind);
      const path = revisionPath({
        workspaceId: 'wksp_1',
        view,
        resourceId: sampleId(history.idKind),
        revisionId: sampleId('revision'),
        name: 'Sample',
      });
      assert.equal(parseRevisionPath(path).view, view, path);
      assert.equal(viewForHistoryResource(sampleId(history.idKind)), view);
      assert.equal(kindWithHistoryId(history.idKind), kind);
    }
    for (const kind of KINDS.filter((k) => !hasHistory(k))) assert.equal(FILE_VIEWS[openView(kind)].historyKind, undefined, kind);
  });

  test('no two file views share a folder and suffix, so a path names one view', () => {
    const places = VIEW_NAMES.map((v) => `${FILE_VIEWS[v].folder}/*${FILE_VIEWS[v].suffix}`);
    assert.equal(new Set(places).size, places.length, places.join(', '));
  });

  test('the revisions endpoints accept exactly the history id kinds of the registry', () => {
    assert.deepEqual([...endpoints.listRevisions.params.resourceId].sort(), [...HISTORY_ID_KINDS].sort());
    assert.deepEqual([...endpoints.getRevision.params.resourceId].sort(), [...HISTORY_ID_KINDS].sort());
  });

  test('a history found through the resource’s own id has the resource’s id kind', () => {
    for (const kind of KINDS.filter(hasHistory)) {
      const { history, idKind } = RESOURCE_KINDS[kind];
      if (history.from === 'ownId') assert.equal(history.idKind, idKind, kind);
      else assert.notEqual(history.idKind, idKind, `${kind}: a history read from elsewhere lives on another id`);
    }
  });

  test('a kind that shares another kind’s id names a kind of the same id kind, whose history is its own id’s', () => {
    const sharers = KINDS.filter((k) => sharesIdWith(k) !== undefined);
    assert.deepEqual(sharers, [...ID_SHARING_KINDS]);
    assert.ok(sharers.length > 0, 'the registry has one (a dashboard shares its operation’s id)');
    for (const kind of sharers) {
      const owner = sharesIdWith(kind)!;
      assert.ok(KINDS.includes(owner), `${kind} shares the id of a kind: ${owner}`);
      assert.notEqual(owner, kind);
      assert.equal(RESOURCE_KINDS[owner].idKind, RESOURCE_KINDS[kind].idKind, `${kind} and ${owner} have one id kind`);
      assert.equal(sharesIdWith(owner), undefined, `${owner} owns its id`);
    }
  });

  test('every kind lists through its own collection and shows one explorer group, in registry order', () => {
    const used = KINDS.map((k) => RESOURCE_KINDS[k].collection);
    assert.equal(new Set(used).size, used.length);
    assert.deepEqual([...used].sort(), Object.keys(collections).sort());
    assert.deepEqual(
      GROUPS.map((g) => g.kind),
      KINDS,
    );
    for (const group of GROUPS) {
      const look = present(groupNode(group));
      assert.equal(look.label, RESOURCE_KINDS[group.kind].group.label);
      assert.equal(look.icon?.id, RESOURCE_KINDS[group.kind].group.icon);
    }
  });

  test('a pulled file’s local language is one the manifest contributes with a grammar, taking over VS Code’s language for its suffix', () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: { languages: { id: string }[]; grammars: { language: string; path: string }[] };
    };
    const suffixLanguage: Record<string, string> = { '.tsx': 'typescriptreact', '.ts': 'typescript' };
    const locals = VIEW_NAMES.filter((v) => FILE_VIEWS[v].local);
    assert.deepEqual(locals.sort(), ['dashboard', 'operationHandler'], 'the views whose suffix brings VS Code’s TypeScript');
    for (const view of locals) {
      const { local, suffix } = FILE_VIEWS[view];
      assert.equal(local!.from, suffixLanguage[suffix.slice(suffix.lastIndexOf('.'))], `${view}: from its suffix’s language`);
      assert.ok(
        manifest.contributes.languages.some((l) => l.id === local!.language),
        `${view}: ${local!.language} is contributed`,
      );
      const grammar = manifest.contributes.grammars.find((g) => g.language === local!.language);
      assert.ok(grammar && existsSync(join(repoRoot, grammar.path)), `${view}: ${local!.language} has its grammar`);
    }
  });

  test('editable files have no read-only reason; read-only files say why in a sentence', () => {
    for (const view of VIEW_NAMES) {
      const spec = FILE_VIEWS[view];
      if (spec.editable) assert.equal(spec.readOnly, undefined, view);
      else assert.match(spec.readOnly ?? '', /^(it|the service) .+ save/, view);
    }
  });

  test('an id a user may add names at least one kind, and an oper_ id names an operation and a dashboard', () => {
    for (const idKind of BROWSABLE_ID_KINDS) {
      assert.ok(kindsForIdKind(idKind).length > 0, idKind);
      const parsed = parseAdditionInput(sampleId(idKind));
      assert.ok(parsed.ok && parsed.kind === idKind, `${idKind}: ${JSON.stringify(parsed)}`);
    }
    assert.deepEqual(kindsForIdKind('operation'), ['operation', 'dashboard']);
    assert.deepEqual(kindsForIdKind('revision'), []);
  });
});
