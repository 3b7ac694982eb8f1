// State across restarts (--data), seed files (--seed) and the generated large workspace (--large).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '../../harness/lib/processes';
import { startEmulator } from '../../../src/emulator/server';
import { AdminClient } from '../../../src/emulator/adminClient';
import { caller } from './emulatorSupport';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'wsa-emulator-test-'));
}

describe('emulator persistence', () => {
  test('changes survive a restart with the same data directory', async () => {
    const dir = await tempDir();
    try {
      const first = await startEmulator({ quiet: true, dataDir: dir });
      const call = caller(first);
      const { ids } = first.demo;
      await call('PUT', `/v1/facts/${ids['factId']}`, { name: 'Persisted margin' }, { workspace: null });
      const src = (await call('GET', `/v1/dashboards/${ids['dashboardId']}/source`)).json.data;
      const saved = (
        await call('PUT', `/v1/dashboards/${ids['dashboardId']}/source`, {
          source: `${src.source}\n// persisted\n`,
          expectedRevision: src.revision,
          expectedDataRunId: src.dataRunId,
        })
      ).json.data;
      const historyBefore = (await call('GET', `/v1/resources/${src.resourceId}/revisions`)).json.data;
      await first.close();

      const files = await readdir(dir);
      assert.deepEqual(files, ['state.json'], 'no temp files left behind');
      JSON.parse(await readFile(join(dir, 'state.json'), 'utf8'));

      const second = await startEmulator({ quiet: true, dataDir: dir });
      try {
        const again = caller(second);
        assert.equal(second.demo.apiKey, first.demo.apiKey);
        assert.equal((await again('GET', `/v1/facts/${ids['factId']}`, undefined, { workspace: null })).json.data.name, 'Persisted margin');
        const now = (await again('GET', `/v1/dashboards/${ids['dashboardId']}/source`)).json.data;
        assert.deepEqual(now.revision, saved.revision);
        assert.deepEqual((await again('GET', `/v1/resources/${src.resourceId}/revisions`)).json.data, historyBefore);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a change is written soon after it happens, not only on close', async () => {
    const dir = await tempDir();
    const emu = await startEmulator({ quiet: true, dataDir: dir });
    try {
      await caller(emu)('PUT', `/v1/facts/${emu.demo.ids['factId']}`, { name: 'Written early' }, { workspace: null });
      const written = await waitUntil(
        async () => (await readFile(join(dir, 'state.json'), 'utf8').catch(() => '')).includes('Written early'),
        2000,
      );
      assert.ok(written, 'the state file holds the save');
    } finally {
      await emu.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a corrupt state file stops the start with a clear message instead of being overwritten', async () => {
    const dir = await tempDir();
    try {
      await writeFile(join(dir, 'state.json'), '{"half": ');
      await assert.rejects(startEmulator({ quiet: true, dataDir: dir }), /state\.json is not valid JSON/);
      assert.equal(await readFile(join(dir, 'state.json'), 'utf8'), '{"half": ');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a seed file from the admin snapshot starts the emulator, and reset returns to it', async () => {
    const dir = await tempDir();
    const source = await startEmulator({ quiet: true });
    try {
      const snapshot = await new AdminClient(source.adminUrl, source.adminToken).snapshot();
      snapshot.facts[0]!.name = 'Seeded name';
      const file = join(dir, 'seed.json');
      await writeFile(file, JSON.stringify(snapshot));
      const seeded = await startEmulator({ quiet: true, seedFile: file });
      try {
        const call = caller(seeded);
        const path = `/v1/facts/${snapshot.facts[0]!.id}`;
        assert.equal((await call('GET', path, undefined, { workspace: null })).json.data.name, 'Seeded name');
        await call('PUT', path, { name: 'Edited' }, { workspace: null });
        await seeded.reset();
        assert.equal((await call('GET', path, undefined, { workspace: null })).json.data.name, 'Seeded name');
      } finally {
        await seeded.close();
      }
    } finally {
      await source.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the demo seed is deterministic: two starts name the same ids and keys', async () => {
    const a = await startEmulator({ quiet: true });
    const b = await startEmulator({ quiet: true });
    try {
      assert.deepEqual(a.demo, b.demo);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('emulator large workspace', () => {
  test('--large 2000 starts in under 2 s with 2000 more operations and a 5,000-revision dashboard', async () => {
    const started = Date.now();
    const emu = await startEmulator({ quiet: true, large: 2000 });
    const elapsed = Date.now() - started;
    try {
      assert.ok(elapsed < 2000, `took ${elapsed} ms`);
      const call = caller(emu);
      let count = 0;
      let cursor: string | null = null;
      do {
        const page: { items: unknown[]; nextCursor: string | null } = (
          await call('GET', `/v1/operations?limit=500${cursor ? `&cursor=${cursor}` : ''}`)
        ).json.data;
        assert.ok(page.items.length <= 500);
        count += page.items.length;
        cursor = page.nextCursor;
      } while (cursor);
      assert.equal(count, 2000 + 8);
      const h = (await call('GET', `/v1/resources/${emu.demo.ids['largeDashboardResourceId']}/revisions`)).json.data;
      assert.equal(h.items.length, 5000);
      assert.equal(h.draft.sequence, 5000);
      const src = (await call('GET', `/v1/dashboards/${emu.demo.ids['largeDashboardId']}/source`)).json.data;
      assert.deepEqual(src.revision, h.draft);
    } finally {
      await emu.close();
    }
  });
});
