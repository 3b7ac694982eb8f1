// The two ways a pull writes its files, held to the same rules: a new file never overwrites one that
// appeared at its path, a replaced file is whole or untouched, directories are made as needed, one
// failed write fails only itself, and `close` returns once every write has settled.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { directWriter, folderWriter, threadWriter, WRITER_THREAD_FILES, type FolderWriter } from '../../src/folders/folderWriter';

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
      const writer = make();
      try {
        await run(writer, fresh());
      } finally {
        await writer.close();
      }
    };

    test('a new file is written with its directories; a replaced one holds the new text and leaves no temporary file', () =>
      withWriter(async (writer, dir) => {
        const path = join(dir, 'dashboards', 'deep', 'sales.tsx');
        await writer.create(path, 'first\n');
        assert.equal(read(path), 'first\n');
        await writer.replace(path, 'second ✓\n');
        assert.equal(read(path), 'second ✓\n');
        await writer.replace(join(dir, 'facts', 'new.json'), '{}\n');
        assert.equal(read(join(dir, 'facts', 'new.json')), '{}\n');
        assert.deepEqual(readdirSync(join(dir, 'dashboards', 'deep')), ['sales.tsx']);
      }));

    test('a new file never overwrites one that appeared at its path; the writes beside it still land', () =>
      withWriter(async (writer, dir) => {
        writeFileSync(join(dir, 'mine.tsx'), 'my own text\n');
        const results = await Promise.allSettled([
          writer.create(join(dir, 'a.tsx'), 'a\n'),
          writer.create(join(dir, 'mine.tsx'), 'the service text\n'),
          writer.create(join(dir, 'b.tsx'), 'b\n'),
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

    test('close returns once every write asked for has landed', async () => {
      const writer = make();
      const dir = fresh();
      const paths = Array.from({ length: 300 }, (_, i) => join(dir, `k${i % 7}`, `f${i}.txt`));
      const writes = paths.map((p, i) => writer.create(p, `${i}\n`));
      await writer.close();
      assert.ok(paths.every((p, i) => existsSync(p) && read(p) === `${i}\n`));
      await Promise.all(writes);
    });
  });
}

describe('the writer a pull uses', () => {
  test('a closed writer thread refuses more writes rather than losing them', async () => {
    const writer = threadWriter();
    await writer.close();
    await assert.rejects(writer.create(join(fresh(), 'late.txt'), 'x'), /closed/);
  });

  test('a write the thread cannot make (a directory where a file should be) fails with the reason', async () => {
    const writer = threadWriter();
    const dir = fresh();
    writeFileSync(join(dir, 'taken'), 'a file, not a directory\n');
    try {
      await assert.rejects(
        writer.create(join(dir, 'taken', 'x.tsx'), 'x'),
        (e: NodeJS.ErrnoException) => e.code === 'ENOTDIR' || e.code === 'EEXIST',
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
      const writer = folderWriter(files);
      assert.equal(writer.thread, threaded, `${files} files`);
      await writer.close();
    }
  });
});
