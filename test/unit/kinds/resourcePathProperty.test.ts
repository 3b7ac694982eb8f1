// Properties of the `wsa:` / `wsa-revision:` path ↔ resource mapping over arbitrary ids, workspaces
// and hostile edits of valid paths (resourcePath.test.ts has the examples and the name round trip).
// What must hold: a path names exactly the resource it was made from, in the workspace it names,
// and anything else — traversal, a wrong id prefix, a foreign folder — is refused, never guessed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ID_PREFIXES, type IdKind } from '../../../src/api/ids';
import {
  filePath,
  parseFilePath,
  parseRevisionPath,
  ResourcePathError,
  revisionPath,
  safeName,
  VIEWS,
  type FileView,
} from '../../../src/kinds/resourcePath';

const ALL_VIEWS = Object.keys(VIEWS) as FileView[];
const HISTORY_VIEWS = ALL_VIEWS.filter((v) => VIEWS[v].historyKind !== undefined);
const KINDS = Object.keys(ID_PREFIXES) as IdKind[];

/** The opaque part after an id's prefix, as the service makes them. */
const remainder = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/);
const idOf = (kind: IdKind) => remainder.map((r) => `${ID_PREFIXES[kind]}${r}`);
const workspaceId = idOf('workspace');
const name = fc.oneof(fc.string(), fc.constantFrom('..', '.', '', '/', '\\..\\', 'a/../../b', '%2e%2e', 'x.tsx', 'Sales / Q1'));

const validFile = fc
  .constantFrom(...ALL_VIEWS)
  .chain((view) => fc.record({ workspaceId, view: fc.constant(view), id: idOf(VIEWS[view].idKind), name }));
const validRevision = fc
  .constantFrom(...HISTORY_VIEWS)
  .chain((view) =>
    fc.record({ workspaceId, view: fc.constant(view), resourceId: idOf(VIEWS[view].historyKind!), revisionId: idOf('revision'), name }),
  );

function refused(path: string, parse: (p: string) => unknown): boolean {
  try {
    parse(path);
    return false;
  } catch (e) {
    assert.ok(e instanceof ResourcePathError, `only ResourcePathError, got ${String(e)}`);
    return true;
  }
}

describe('resource paths (properties)', () => {
  test('a file path names exactly the workspace, view and id it was made from', () => {
    fc.assert(
      fc.property(validFile, (file) => {
        const parsed = parseFilePath(filePath(file));
        assert.deepEqual(parsed, { ...file, name: safeName(file.name, file.id) });
      }),
      { numRuns: 500 },
    );
  });

  test('a revision path names exactly the resource and revision it was made from', () => {
    fc.assert(
      fc.property(validRevision, (file) => {
        assert.deepEqual(parseRevisionPath(revisionPath(file)), { ...file, name: safeName(file.name, file.revisionId) });
        // It is not a file path, nor the other way round.
        assert.ok(refused(revisionPath(file), parseFilePath));
      }),
      { numRuns: 300 },
    );
  });

  test('whatever parses is already canonical: printing it again gives a path to the same resource', () => {
    // Segments of a real path of some view, each often right and otherwise another view's part or
    // arbitrary text: a good share parse, the rest are refused.
    const folders = ALL_VIEWS.map((v) => VIEWS[v].folder);
    const suffixes = ALL_VIEWS.map((v) => VIEWS[v].suffix);
    const often = <T>(right: fc.Arbitrary<T>, ...others: fc.Arbitrary<T>[]) => fc.oneof({ weight: 6, arbitrary: right }, ...others);
    const parts = fc.constantFrom(...ALL_VIEWS).chain((v) =>
      fc.tuple(
        often(workspaceId, fc.string({ maxLength: 8 })),
        often(fc.constant(VIEWS[v].folder), fc.constantFrom(...folders), fc.string({ maxLength: 8 })),
        often(idOf(VIEWS[v].idKind), fc.constantFrom(...KINDS).chain(idOf), fc.string({ maxLength: 8 })),
        fc.tuple(name, often(fc.constant(VIEWS[v].suffix), fc.constantFrom(...suffixes, '', '.txt'))).map(([n, suffix]) => `${n}${suffix}`),
      ),
    );
    const outcomes = { parsed: 0, refused: 0 };
    fc.assert(
      fc.property(parts, (segments) => {
        const path = `/${segments.join('/')}`;
        let parsed;
        try {
          parsed = parseFilePath(path);
        } catch (e) {
          assert.ok(e instanceof ResourcePathError);
          outcomes.refused++;
          return;
        }
        outcomes.parsed++;
        assert.equal(parsed.workspaceId, segments[0], 'the workspace is the first segment, never another');
        assert.equal(parsed.id, segments[2], 'the id is the third segment, never another');
        const again = parseFilePath(filePath(parsed));
        assert.deepEqual({ ...again, name: '' }, { ...parsed, name: '' });
      }),
      { numRuns: 1000 },
    );
    assert.ok(outcomes.parsed >= 100 && outcomes.refused >= 100, `both outcomes ran often: ${JSON.stringify(outcomes)}`);
  });

  test('an id of any other kind in a folder is refused', () => {
    const wrong = fc.constantFrom(...ALL_VIEWS).chain((view) =>
      fc.record({
        file: fc.record({ workspaceId, view: fc.constant(view), id: idOf(VIEWS[view].idKind), name: fc.string() }),
        kind: fc.constantFrom(...KINDS.filter((k) => k !== VIEWS[view].idKind)),
        r: remainder,
      }),
    );
    fc.assert(
      fc.property(wrong, ({ file, kind, r }) => {
        const path = filePath(file).replace(`/${file.id}/`, `/${ID_PREFIXES[kind]}${r}/`);
        assert.ok(refused(path, parseFilePath), path);
      }),
      { numRuns: 400 },
    );
  });

  test('a ".", ".." or empty segment anywhere in a valid path is refused', () => {
    fc.assert(
      fc.property(validFile, fc.constantFrom('..', '.', ''), fc.nat(), (file, bad, at) => {
        const parts = filePath(file).slice(1).split('/');
        parts.splice(at % (parts.length + 1), 0, bad);
        assert.ok(refused(`/${parts.join('/')}`, parseFilePath));
        const replaced = filePath(file).slice(1).split('/');
        replaced[at % replaced.length] = bad;
        assert.ok(refused(`/${replaced.join('/')}`, parseFilePath));
      }),
      { numRuns: 400 },
    );
  });

  test('a path whose first segment is not a workspace id is refused', () => {
    fc.assert(
      fc.property(validFile, fc.constantFrom(...KINDS.filter((k) => k !== 'workspace')), remainder, (file, kind, r) => {
        const path = filePath(file).replace(`/${file.workspaceId}/`, `/${ID_PREFIXES[kind]}${r}/`);
        assert.ok(refused(path, parseFilePath), path);
      }),
    );
  });
});
