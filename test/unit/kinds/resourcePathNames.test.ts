// What the user sees of a resource path: the tab's file name made from a resource's name, and the
// refusal of a path that names no resource, each with its literal text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  FILE_SCHEME,
  filePath,
  parseFilePath,
  parseRevisionPath,
  REVISION_SCHEME,
  revisionPath,
  safeName,
} from '../../../src/kinds/resourcePath';

describe('tab names from resource names', () => {
  test('separators and control characters become one dash per run', () => {
    assert.equal(safeName('a/\\:*?"<>|b', 'f'), 'a-b');
    assert.equal(safeName('a\u0000\u001f\u007fb', 'f'), 'a-b');
    assert.equal(safeName('Q1 / Q2', 'f'), 'Q1 - Q2');
  });

  test('a percent sign that reads as an escape becomes a full-width one; others stay', () => {
    assert.equal(safeName('100%2f done', 'f'), '100\uff052f done');
    assert.equal(safeName('100%ab', 'f'), '100\uff05ab');
    assert.equal(safeName('50% off', 'f'), '50% off');
    assert.equal(safeName('5%a', 'f'), '5%a');
  });

  test('runs of white space become one space, and the name is trimmed after it is cut to 80 characters', () => {
    assert.equal(safeName('  Sales   \u00a0 overview  ', 'f'), 'Sales overview');
    assert.equal(safeName(`${'x'.repeat(79)} tail`, 'f'), 'x'.repeat(79));
    assert.equal(safeName('y'.repeat(100), 'f'), 'y'.repeat(80));
    assert.equal(safeName(` ${'z'.repeat(80)}`, 'f'), 'z'.repeat(80), 'leading space is trimmed before the cut');
  });

  test('a name of dots only, or nothing left, falls back to the id', () => {
    for (const name of ['.', '..', '...', '', '   ', '///']) assert.equal(safeName(name, 'oper_1'), name === '///' ? '-' : 'oper_1', name);
    assert.equal(safeName('.env', 'f'), '.env');
    assert.equal(safeName('v1.', 'f'), 'v1.');
  });

  test('the URI schemes are the documented ones', () => {
    assert.equal(FILE_SCHEME, 'wsa');
    assert.equal(REVISION_SCHEME, 'wsa-revision');
  });
});

describe('paths that name no resource are refused with what is wrong', () => {
  const refusal = (parse: (p: string) => unknown, path: string) => {
    try {
      parse(path);
    } catch (e) {
      assert.equal((e as Error).name, 'ResourcePathError');
      return (e as Error).message;
    }
    assert.fail(`${path} was taken`);
  };

  test('file paths', () => {
    assert.equal(
      refusal(parseFilePath, '/wksp_1/dashboards/./oper_2/x.tsx'),
      'The path "/wksp_1/dashboards/./oper_2/x.tsx" has an empty, "." or ".." segment, a backslash or a percent escape (it resolves to "/wksp_1/dashboards/oper_2/x.tsx").',
    );
    assert.equal(refusal(parseFilePath, '/wksp_1/a\u0001b'), 'The path "/wksp_1/a\\u0001b" has a control character.');
    assert.equal(
      refusal(parseFilePath, '/wksp_1/dashboards/oper_2'),
      'The path "/wksp_1/dashboards/oper_2" does not name a workspace resource file.',
    );
    assert.equal(
      refusal(parseFilePath, '/wksp_1/dashboards/oper_2/x.tsx/y'),
      'The path "/wksp_1/dashboards/oper_2/x.tsx/y" does not name a workspace resource file.',
    );
    assert.equal(
      refusal(parseFilePath, '/wksp_1/dashboards/oper_2/x/y.tsx'),
      'The path "/wksp_1/dashboards/oper_2/x/y.tsx" does not name a workspace resource file.',
    );
    assert.equal(
      refusal(parseFilePath, '/wksp_1/secrets/oper_2/x.tsx'),
      'The path "/wksp_1/secrets/oper_2/x.tsx" does not name a workspace resource file.',
    );
    assert.equal(
      refusal(parseFilePath, '/oper_1/dashboards/oper_2/x.tsx'),
      'The path "/oper_1/dashboards/oper_2/x.tsx" does not start with a workspace id (wksp_…).',
    );
    assert.equal(
      refusal(parseFilePath, '/wksp_1/dashboards/wsyn_2/x.tsx'),
      'The path "/wksp_1/dashboards/wsyn_2/x.tsx" holds "wsyn_2" where a operation id belongs.',
    );
  });

  test('revision paths', () => {
    assert.equal(
      refusal(parseRevisionPath, '/wksp_1/dashboards/rept_3/Sales.tsx'),
      'The path "/wksp_1/dashboards/rept_3/Sales.tsx" does not name a revision.',
    );
    assert.equal(
      refusal(parseRevisionPath, '/wksp_1/dashboards/rept_3/rvsn_4/x/Sales.tsx'),
      'The path "/wksp_1/dashboards/rept_3/rvsn_4/x/Sales.tsx" does not name a revision.',
    );
    assert.equal(
      refusal(parseRevisionPath, '/wksp_1/dashboards/oper_3/rvsn_4/Sales.tsx'),
      'The path "/wksp_1/dashboards/oper_3/rvsn_4/Sales.tsx" holds "oper_3" where a resource with history belongs.',
    );
    assert.equal(
      refusal(parseRevisionPath, '/wksp_1/dashboards/rept_3/oper_4/Sales.tsx'),
      'The path "/wksp_1/dashboards/rept_3/oper_4/Sales.tsx" holds "oper_4" where a revision id belongs.',
    );
    assert.equal(
      refusal(parseRevisionPath, '/wksp_1/dashboards/rept_3/rvsn_4/Sales.json'),
      'The path "/wksp_1/dashboards/rept_3/rvsn_4/Sales.json" does not name a workspace resource file.',
    );
  });

  test('a path built from a resource parses back to it, for every name', () => {
    const file = { workspaceId: 'wksp_1', view: 'writeSync', id: 'wsyn_2', name: '..' } as const;
    assert.equal(filePath(file), '/wksp_1/write-syncs/wsyn_2/wsyn_2.json');
    const rev = { workspaceId: 'wksp_1', view: 'database', resourceId: 'mdb_3', revisionId: 'rvsn_4', name: '' } as const;
    assert.equal(revisionPath(rev), '/wksp_1/databases/mdb_3/rvsn_4/rvsn_4.json');
  });
});
