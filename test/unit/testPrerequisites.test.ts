// `npm test` on a machine that cannot install the headless VS Code stops before it installs
// anything, with the sentence CONTRIBUTING.md says: Linux with root and about 1.2 GB of downloads.
// The rule is facts in, one sentence out; the last test runs scripts/test.mjs itself as another OS.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PREREQUISITES, prerequisiteProblem } from '../../scripts/install-vscode.mjs';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;
const facts = { installed: false, platform: 'linux', uid: 0, missingPackages: ['chromium'] };

describe('what npm test needs of the machine', () => {
  test('Linux as root, or nothing missing, may install; another OS or a user without root who needs packages is told why', () => {
    assert.equal(prerequisiteProblem(facts), undefined);
    assert.equal(prerequisiteProblem({ ...facts, platform: 'darwin', installed: true }), undefined, 'an installed cache needs nothing');
    assert.equal(prerequisiteProblem({ ...facts, uid: 1000, missingPackages: [] }), undefined, 'no package to install, no root needed');
    const mac = prerequisiteProblem({ ...facts, platform: 'darwin' });
    assert.ok(mac?.startsWith(PREREQUISITES) && mac.includes('darwin'), mac);
    const user = prerequisiteProblem({ ...facts, uid: 1000, missingPackages: ['chromium', 'libkrb5-dev'] });
    assert.ok(user?.startsWith(PREREQUISITES), user);
    assert.match(user ?? '', /sudo apt-get install -y chromium libkrb5-dev/);
    assert.match(PREREQUISITES, /Linux with root and about 1\.2 GB of downloads on its first run/);
  });

  test('CONTRIBUTING.md says what the harness says', () => {
    const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8').replace(/\s+/g, ' ');
    assert.ok(contributing.includes('Linux with root and about 1.2 GB of downloads'), 'CONTRIBUTING.md names the prerequisites');
  });

  test('scripts/test.mjs stops before installing anything when the machine cannot run the workbench', () => {
    const cache = mkdtempSync(join(tmpdir(), 'wsa-prerequisites-'));
    try {
      // Another OS, as Node reports it: the check runs before npm ci and before the install starts.
      const r = spawnSync(
        process.execPath,
        [
          '--import',
          'data:text/javascript,Object.defineProperty(process,"platform",{value:"darwin"})',
          join(root, 'scripts', 'test.mjs'),
          'ui',
        ],
        {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, WSA_TEST_CACHE: cache, WSA_TEST_BESIDE_RESULTS: undefined },
          timeout: 60_000,
        },
      );
      assert.equal(r.status, 2, r.stdout + r.stderr);
      assert.ok(r.stderr.includes(PREREQUISITES), r.stderr);
      assert.deepEqual(readdirSync(cache), [], 'nothing was installed into the cache');
      assert.doesNotMatch(r.stdout, /==== (setup|build)/, 'no stage started');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
