// The two ways a pull writes its files, held to the same rules: a new file never overwrites one that
// appeared at its path, a replaced file is whole or untouched, directories are made as needed, one
// failed write fails only itself, and `close` returns once every write has settled.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { NotRegularFileError } from '../../../src/localFolders/engine/folderFiles';
import {
  directWriter,
  folderWriter,
  threadWriter,
  WRITER_THREAD_FILES,
  type FolderWriter,
} from '../../../src/localFolders/engine/folderWriter';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wsa-writer-'));
  dirs.push(dir);
  return dir;
};
const read = (path: string) => readFileSync(path, 'utf8');

for (const [name, make] of [
  ['here, with fs/promises', directWriter],
  ['on a writer thread', threadWriter],
] as const) {
  describe(`a pull's files written ${name}`, () => {
    const withWriter = async (run: (writer: FolderWriter, dir: string) => Promise<void>) => {
      const dir = fresh();
      const writer = make(dir);
      try {
        await run(writer, dir);
      } finally {
        await writer.close();
      }
    };

    test('a new file is written with its directories; a replaced one holds the new text and leaves no temporary file', () =>
      withWriter(async (writer, dir) => {
        const path = join(dir, 'dashboards', 'deep', 'sales.tsx');
        await writer.create('dashboards/deep/sales.tsx', 'first\n');
        assert.equal(read(path), 'first\n');
        await writer.replace('dashboards/deep/sales.tsx', 'second ✓\n');
        assert.equal(read(path), 'second ✓\n');
        await writer.replace('facts/new.json', '{}\n');
        assert.equal(read(join(dir, 'facts', 'new.json')), '{}\n');
        assert.deepEqual(readdirSync(join(dir, 'dashboards', 'deep')), ['sales.tsx']);
      }));

    test('a new file never overwrites one that appeared at its path; the writes beside it still land', () =>
      withWriter(async (writer, dir) => {
        writeFileSync(join(dir, 'mine.tsx'), 'my own text\n');
        const results = await Promise.allSettled([
          writer.create('a.tsx', 'a\n'),
          writer.create('mine.tsx', 'the service text\n'),
          writer.create('b.tsx', 'b\n'),
        ]);
        assert.deepEqual(
          results.map((r) => r.status),
          ['fulfilled', 'rejected', 'fulfilled'],
        );
        const failed = (results[1] as PromiseRejectedResult).reason as NodeJS.ErrnoException;
        assert.equal(failed.code, 'EEXIST', 'the code reaches the caller, which words the failure');
        assert.match(failed.message, /EEXIST/);
        assert.equal(read(join(dir, 'mine.tsx')), 'my own text\n');
        assert.equal(read(join(dir, 'a.tsx')), 'a\n');
        assert.equal(read(join(dir, 'b.tsx')), 'b\n');
      }));

    test('a link where a new file goes is never written through, dangling or not; a replaced link is replaced, not followed', () =>
      withWriter(async (writer, dir) => {
        const outside = fresh();
        symlinkSync(join(outside, 'created-through-link'), join(dir, 'dangling.tsx'));
        writeFileSync(join(outside, 'target'), 'outside\n');
        symlinkSync(join(outside, 'target'), join(dir, 'existing.tsx'));
        for (const rel of ['dangling.tsx', 'existing.tsx'])
          await assert.rejects(writer.create(rel, 'the service text\n'), (e: NodeJS.ErrnoException) => e.code === 'EEXIST', rel);
        assert.equal(existsSync(join(outside, 'created-through-link')), false);
        assert.equal(read(join(outside, 'target')), 'outside\n');
        // The thread writes what its caller checked; either way a rename replaces the link itself.
        await writer.replace('existing.tsx', 'new\n').catch((e: Error) => assert.ok(e instanceof NotRegularFileError, String(e)));
        assert.equal(read(join(outside, 'target')), 'outside\n');
        assert.ok(!lstatSync(join(dir, 'existing.tsx')).isSymbolicLink() || name.startsWith('here'));
        assert.deepEqual(
          readdirSync(dir).filter((n) => n.endsWith('.tmp')),
          [],
          'no temporary file left',
        );
      }));

    test('close returns once every write asked for has landed', async () => {
      const dir = fresh();
      const writer = make(dir);
      const rels = Array.from({ length: 300 }, (_, i) => `k${i % 7}/f${i}.txt`);
      const paths = rels.map((r) => join(dir, r));
      const writes = rels.map((r, i) => writer.create(r, `${i}\n`));
      await writer.close();
      assert.ok(paths.every((p, i) => existsSync(p) && read(p) === `${i}\n`));
      await Promise.all(writes);
    });
  });
}

describe('the writer a pull uses', () => {
  test('a closed writer thread refuses more writes rather than losing them', async () => {
    const writer = threadWriter(fresh());
    await writer.close();
    await assert.rejects(writer.create('late.txt', 'x'), /closed/);
  });

  test('a write the thread cannot make (a file where a folder should be) fails with the reason', async () => {
    const dir = fresh();
    const writer = threadWriter(dir);
    writeFileSync(join(dir, 'taken'), 'a file, not a directory\n');
    try {
      await assert.rejects(
        writer.create('taken/x.tsx', 'x'),
        (e: Error) => e instanceof NotRegularFileError && /"taken" is not a regular folder/.test(e.message),
      );
    } finally {
      await writer.close();
    }
  });

  test(`a pull of ${WRITER_THREAD_FILES} files or more writes on a thread, a smaller one here`, async () => {
    for (const [files, threaded] of [
      [WRITER_THREAD_FILES - 1, false],
      [WRITER_THREAD_FILES, true],
    ] as const) {
      const writer = folderWriter(fresh(), files);
      assert.equal(writer.thread, threaded, `${files} files`);
      await writer.close();
    }
  });
});
