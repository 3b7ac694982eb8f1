// What other files repeat of the kinds registry is made from it: ESLint's KIND_NAMES and
// package.json's jsonValidation (src/kinds/registryCopies.ts, written by `npm run kinds`), and the
// sentences that list the id prefixes (src/kinds/idSentences.ts). A copy left stale fails here, and
// a kind added to the registry shows up in each of them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ID_PREFIXES } from '../../../src/api/ids';
import { parseAdditionInput } from '../../../src/explorer/model/addition';
import { historyIdsSentence, idKindsSentence, idPrefixList, orList } from '../../../src/kinds/idSentences';
import {
  jsonValidation,
  kindNames,
  schemaFiles,
  withJsonValidation,
  withKindNames,
  type Registry,
} from '../../../src/kinds/registryCopies';
import { KINDS, RESOURCE_KINDS, type KindSpec } from '../../../src/kinds/resourceKinds';
import { repoRoot } from '../../harness/lib/paths';

const root = repoRoot;
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** A seventh kind, as a new kind is added: an entry, with a JSON schema in its folder. */
const widget: KindSpec = {
  idKind: 'connection',
  singular: 'widget',
  plural: 'widgets',
  collection: 'facts',
  group: { label: 'Widgets', icon: 'symbol-misc' },
  history: { idKind: 'connection', from: 'ownId', label: 'Widget', saveRestores: true },
  files: [{ view: 'widget', folder: 'widgets', suffix: '.json', language: 'json', schema: 'widget.schema.json' }],
};
const withWidget: Registry = { ...RESOURCE_KINDS, widget };

describe('the copies of the kinds registry', () => {
  test('eslint.config.mjs and package.json hold what the registry makes (npm run kinds)', () => {
    const eslint = read('eslint.config.mjs');
    assert.equal(withKindNames(eslint), eslint, 'eslint.config.mjs: KIND_NAMES is stale; run `npm run kinds`');
    const manifest = read('package.json');
    assert.equal(withJsonValidation(manifest), manifest, 'package.json: jsonValidation is stale; run `npm run kinds`');
    assert.deepEqual(kindNames(), KINDS);
  });

  test('a kind added to the registry makes both copies stale until they are written again', () => {
    const eslint = withKindNames(read('eslint.config.mjs'), withWidget);
    assert.match(eslint, /^const KIND_NAMES = \[.*'fact', 'widget'\];$/m);
    const manifest = JSON.parse(withJsonValidation(read('package.json'), withWidget)) as { contributes: { jsonValidation: unknown[] } };
    assert.deepEqual(manifest.contributes.jsonValidation.at(-1), {
      fileMatch: ['wsa:/*/widgets/*/*.json', 'wsa-revision:/*/widgets/*/*/*.json'],
      url: './dist/json-schemas/widget.schema.json',
    });
    assert.throws(() => withKindNames('export default [];\n'), /KIND_NAMES/);
  });

  test('the script checks and writes them: --check passes on this tree', () => {
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'kind-copies.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr || r.stdout);
    assert.equal((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.kinds, 'node scripts/kind-copies.mjs');
  });

  test('each schema the registry names is in its kind’s folder, valid JSON, and each one there is named; the build copies them under one name each', () => {
    const named = schemaFiles();
    assert.ok(named.length >= 4, `the JSON kinds name their schemas: ${named.map((s) => s.source).join(', ')}`);
    for (const { source } of named) {
      assert.ok(existsSync(join(root, source)), source);
      assert.doesNotThrow(() => JSON.parse(read(source)), source);
    }
    const present = readdirSync(join(root, 'src/kinds'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(join(root, 'src/kinds', d.name))
          .filter((f) => f.endsWith('.schema.json'))
          .map((f) => `src/kinds/${d.name}/${f}`),
      );
    assert.deepEqual(present.sort(), named.map((s) => s.source).sort(), 'schemas in a kind folder that the registry does not name');
    const urls = jsonValidation().map((v) => v.url);
    assert.equal(new Set(urls).size, urls.length, 'two kinds name schemas of the same file name: dist/json-schemas holds one');
  });
});

describe('the sentences that list the id prefixes', () => {
  test('they name every kind of the registry with its prefix, in its order', () => {
    assert.equal(idPrefixList(), 'oper_…, appl_…, dbas_…, wsyn_…, fact_…');
    assert.equal(
      idKindsSentence(),
      'operation or dashboard (oper_…), app (appl_…), managed database (dbas_…), write sync (wsyn_…) or fact (fact_…)',
    );
    assert.equal(historyIdsSentence(), 'operation (oper_…), dashboard (rept_…), app (appl_…) or managed database (dbas_…)');
    assert.equal(
      historyIdsSentence(RESOURCE_KINDS, { ownIds: true }),
      'operation (oper_…), dashboard (oper_… or rept_…), app (appl_…) or managed database (dbas_…)',
    );
    assert.deepEqual([orList([]), orList(['a']), orList(['a', 'b']), orList(['a', 'b', 'c'])], ['', 'a', 'a or b', 'a, b or c']);
  });

  test('a kind added to the registry is named in them', () => {
    assert.match(idPrefixList(withWidget), /, conn_…$/);
    assert.match(idKindsSentence(withWidget), /fact \(fact_…\) or widget \(conn_…\)$/);
    assert.match(historyIdsSentence(withWidget), /managed database \(dbas_…\) or widget \(conn_…\)$/);
  });

  test('the explorer’s Add and Open Resource by ID say them', () => {
    const empty = parseAdditionInput('');
    assert.ok(!empty.ok);
    for (const kind of KINDS)
      assert.ok(empty.message.includes(`${ID_PREFIXES[RESOURCE_KINDS[kind].idKind]}…`), `${kind}: ${empty.message}`);
    assert.ok(empty.message.includes(idKindsSentence()), empty.message);
    const history = parseAdditionInput('rept_1');
    assert.ok(!history.ok);
    assert.match(history.message, /Add the dashboard by its operation id \(oper_…\)\./);
    const revision = parseAdditionInput('rvsn_1');
    assert.ok(!revision.ok);
    assert.doesNotMatch(revision.message, /Add the/);
  });
});
