// The VS Code side of local folders, its vscode-free parts: a local-only status keeps what the
// service said last, the one notification of a push or pull names every outcome with the worst
// severity, and the state file glob follows the engine's name.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { STATE_FILE, TARGETS_DIR, type FileStatus, type PushReport } from '../../../src/localFolders/engine/engineApi';
import { afterPull, withLastRemote } from '../../../src/localFolders/vscode/engineAdapter';
import { pullMessage, pushMessage } from '../../../src/localFolders/vscode/syncMessages';
import { DISCOVERY_GLOBS, STATE_FILE_GLOB } from '../../../src/localFolders/vscode/stateFiles';

const file = (path: string, state: FileStatus['state']): FileStatus => ({
  path,
  kind: 'dashboard',
  view: 'dashboard',
  id: `oper_${path.length}`,
  name: path,
  state,
  remoteChecked: state !== 'unchanged' && state !== 'localChange',
});

describe('local folders: status, messages, names', () => {
  test('the activation event and the watchers look for the engine’s state file', () => {
    assert.equal(STATE_FILE_GLOB, `**/${STATE_FILE}`);
  });

  test('a new pulled folder is looked for on its state directory and files only (its own, a target’s), never on every creation', () => {
    assert.deepEqual(DISCOVERY_GLOBS, [`**/${STATE_FILE.split('/')[0]}`, `**/${STATE_FILE}`, `**/${TARGETS_DIR}/*.json`]);
  });

  test('a local-only status keeps what the service said last: moved stays remote, an edit over it is a conflict', () => {
    const last = new Map(
      [file('a.tsx', 'remoteChange'), file('b.tsx', 'remoteChange'), file('c.tsx', 'goneRemote'), file('d.tsx', 'newRemote')].map((f) => [
        f.path,
        f,
      ]),
    );
    const local = [file('a.tsx', 'unchanged'), file('b.tsx', 'localChange'), file('c.tsx', 'unchanged'), file('e.tsx', 'localChange')];
    const states = Object.fromEntries(withLastRemote(local, last).map((f) => [f.path, f.state]));
    assert.deepEqual(states, {
      'a.tsx': 'remoteChange',
      'b.tsx': 'conflict',
      'c.tsx': 'goneRemote',
      'd.tsx': 'newRemote',
      'e.tsx': 'localChange',
    });
    assert.deepEqual(withLastRemote(local, undefined), local, 'without a remote answer, the local states');
    assert.equal(withLastRemote([file('a.tsx', 'deletedLocally')], last)[0]!.state, 'deletedLocally', 'a file deleted here stays deleted');
  });

  test('after a pull the status is local and still right: pulled files are at the service, conflicts and gone files stay', () => {
    const base = { kind: 'dashboard', view: 'dashboard', id: 'oper_x' } as const;
    const last = new Map(
      [file('a.tsx', 'remoteChange'), file('d.tsx', 'remoteChange'), file('e.tsx', 'remoteChange')].map((f) => [f.path, f]),
    );
    const seen = afterPull(last, {
      files: [
        { ...base, path: 'a.tsx', outcome: 'updated' },
        { ...base, path: 'b.tsx', outcome: 'conflict' },
        { ...base, path: 'c.tsx', outcome: 'goneRemote' },
        { ...base, path: 'd.tsx', outcome: 'failed', message: 'no answer' },
      ],
      notListed: [],
      notes: [],
    });
    const local = [
      file('a.tsx', 'unchanged'),
      file('b.tsx', 'localChange'),
      file('c.tsx', 'unchanged'),
      file('d.tsx', 'unchanged'),
      file('e.tsx', 'unchanged'),
    ];
    assert.deepEqual(Object.fromEntries(withLastRemote(local, seen).map((f) => [f.path, f.state])), {
      'a.tsx': 'unchanged',
      'b.tsx': 'conflict',
      'c.tsx': 'goneRemote',
      'd.tsx': 'remoteChange',
      'e.tsx': 'remoteChange',
    });
  });

  test('a push tells every outcome once, refusals first and as errors, merges and conflicts as warnings', () => {
    const report: PushReport = {
      files: [
        { path: 'dashboards/A.tsx', kind: 'dashboard', view: 'dashboard', id: 'oper_a', outcome: 'pushed' },
        { path: 'dashboards/B.tsx', kind: 'dashboard', view: 'dashboard', id: 'oper_b', outcome: 'merged' },
        {
          path: 'facts/C.json',
          kind: 'fact',
          view: 'fact',
          id: 'fact_c',
          outcome: 'refused',
          problems: [{ message: 'Expected a comma', severity: 'error', line: 3, column: 4, source: 'local' }],
        },
      ],
    };
    const name = (p: string) =>
      p
        .split('/')
        .pop()!
        .replace(/\.\w+$/, '');
    const [severity, text] = pushMessage(report, name);
    assert.equal(severity, 'error');
    assert.match(text, /^Pushed «A»\. «C» was not sent: line 3: Expected a comma «B» changed on the service too/);
    assert.deepEqual(pushMessage({ files: [report.files[1]!] }, name)[0], 'warning');
    assert.deepEqual(pushMessage({ files: [] }, name), ['info', 'Nothing to push: no file changed here.']);
  });

  test('a failed push and a failed pull say first what could not be done, and why', () => {
    const base = { kind: 'dashboard', view: 'dashboard', id: 'oper_x' } as const;
    const cause = 'Could not save dashboard source oper_x: The server did not answer within 2.5 s.';
    const [pushSeverity, pushed] = pushMessage(
      {
        files: [
          { ...base, path: 'dashboards/A.tsx', outcome: 'pushed' },
          { ...base, path: 'dashboards/B.tsx', outcome: 'failed', message: cause },
        ],
      },
      (p) => p.replace(/^dashboards\/|\.tsx$/g, ''),
    );
    assert.equal(pushSeverity, 'error');
    // A lost answer may have reached the service: never "was not sent".
    assert.equal(pushed, `Pushed «A». Could not push «B»: ${cause}`);
    const [pullSeverity, pulled] = pullMessage(
      {
        files: [
          { ...base, path: 'dashboards/A.tsx', outcome: 'updated' },
          { ...base, path: 'dashboards/B.tsx', outcome: 'conflict' },
          {
            ...base,
            path: 'dashboards/C.tsx',
            outcome: 'failed',
            message: 'Could not read dashboard source oper_x: the service failed (500).',
          },
        ],
        notListed: [],
        notes: [],
      },
      'sales',
    );
    assert.equal(pullSeverity, 'error');
    assert.match(
      pulled,
      /^Could not pull dashboards\/C\.tsx: Could not read dashboard source oper_x: the service failed \(500\)\. Pulled into sales: 0 new, 1 updated\. dashboards\/B\.tsx changed/,
    );
  });

  test('a pull tells what was added and updated, and the conflicts and gone files it kept', () => {
    const base = { kind: 'dashboard', view: 'dashboard', id: 'oper_x' } as const;
    const [severity, text] = pullMessage(
      {
        files: [
          { ...base, path: 'dashboards/A.tsx', outcome: 'added' },
          { ...base, path: 'dashboards/B.tsx', outcome: 'conflict' },
          { ...base, path: 'dashboards/C.tsx', outcome: 'goneRemote' },
        ],
        notListed: [],
        notes: [],
      },
      'sales',
    );
    assert.equal(severity, 'warning');
    assert.match(text, /^Pulled into sales: 1 new, 0 updated\. dashboards\/B\.tsx changed here and on the service: your text is kept/);
    assert.match(text, /Gone from the service, kept here: dashboards\/C\.tsx\./);
  });
  test('a file that is not a regular one, state entries ignored and a pull over the limit are told, the first as an error of the push', () => {
    const base = { kind: 'dashboard', view: 'dashboard', id: 'oper_x' } as const;
    const why = '"dashboards/A.tsx" is not a regular file (a link, a FIFO, a device or a folder): it is neither read nor written.';
    const ignored =
      'The state file names "package.json", which is not where a pull writes a file: it is ignored (never read, written or pushed).';
    const [pushSeverity, pushed] = pushMessage(
      { files: [{ ...base, path: 'dashboards/A.tsx', outcome: 'notRegular', message: why }], notes: [ignored] },
      (p) => p.replace(/^dashboards\/|\.tsx$/g, ''),
    );
    assert.equal(pushSeverity, 'error');
    assert.equal(pushed, `«A» was not sent: ${why} ${ignored}`);
    assert.deepEqual(
      pushMessage({ files: [], notes: [ignored] }, (p) => p),
      ['info', `Nothing to push: no file changed here. ${ignored}`],
    );

    const [pullSeverity, pulled] = pullMessage(
      { files: [{ ...base, path: 'dashboards/A.tsx', outcome: 'notRegular', message: why }], notListed: [], notes: [ignored] },
      'sales',
    );
    assert.equal(pullSeverity, 'warning');
    assert.equal(pulled, `Pulled into sales: 0 new, 0 updated. Not written: ${why} ${ignored}`);
    const [overSeverity, over] = pullMessage({ files: [], notListed: [], notes: ['3 resources were not pulled.'], overLimit: 3 }, 'sales');
    assert.equal(overSeverity, 'warning');
    assert.match(over, /3 resources were not pulled\.$/);
    assert.equal(pullMessage({ files: [], notListed: [], notes: [] }, 'sales')[0], 'info');
  });
});
