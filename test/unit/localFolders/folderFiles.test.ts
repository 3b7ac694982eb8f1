// The engine's one door to the disk, on the real file system: each layer that refuses a link, a
// FIFO or anything swapped in, at its boundaries (missing, empty, exactly the bound, one byte over,
// several chunks), with the error naming the path and the component in the way.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  createFile,
  FileTooLargeError,
  folderExists,
  inspect,
  listFolder,
  MAX_LOCAL_BYTES,
  NotRegularFileError,
  openRegular,
  prepareFolder,
  readRegular,
  readText,
  replaceFile,
  temporaryPath,
} from '../../../src/localFolders/engine/folderFiles';
import { MAX_RESPONSE_BYTES } from '../../../src/api';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wsa-files-'));
  dirs.push(dir);
  return dir;
};

/** The NotRegularFileError `fn` rejects with, checked for its path, component and kind. */
async function refused(fn: () => Promise<unknown>, path: string, at: string, what: 'file' | 'folder'): Promise<void> {
  await assert.rejects(fn, (e: unknown) => {
    assert.ok(e instanceof NotRegularFileError, String(e));
    assert.equal(e.name, 'NotRegularFileError');
    assert.deepEqual([e.path, e.at, e.what], [path, at, what]);
    assert.match(
      e.message,
      what === 'file' ? new RegExp(`^"${at}" is not a regular file`) : new RegExp(`^"${at}" is not a regular folder`),
    );
    return true;
  });
}

/** A folder with a regular file, a link to a file, a FIFO, a folder link and a file where a folder could be. */
function plant(): { dir: string; outside: string } {
  const dir = fresh();
  const outside = fresh();
  writeFileSync(join(outside, 'secret'), 'secret\n');
  mkdirSync(join(dir, 'facts'));
  writeFileSync(join(dir, 'facts', 'a.json'), 'a\n');
  symlinkSync(join(outside, 'secret'), join(dir, 'facts', 'link.json'));
  execFileSync('mkfifo', [join(dir, 'facts', 'fifo.json')]);
  mkdirSync(join(dir, 'facts', 'dir.json'));
  symlinkSync(outside, join(dir, 'dashboards'));
  writeFileSync(join(dir, 'apps'), 'a file where a folder should be\n');
  return { dir, outside };
}

describe('folder files: what stands at a path', () => {
  test('missing (the file or a folder on the way), a regular file, and anything else refused with where', async () => {
    const { dir } = plant();
    assert.equal(await inspect(dir, 'facts/none.json'), 'missing');
    assert.equal(await inspect(dir, 'nowhere/deeper/x.json'), 'missing');
    assert.equal(await inspect(dir, 'facts/a.json'), 'file');
    for (const name of ['link.json', 'fifo.json', 'dir.json'])
      await refused(() => inspect(dir, `facts/${name}`), `facts/${name}`, `facts/${name}`, 'file');
    await refused(() => inspect(dir, 'dashboards/x.tsx'), 'dashboards/x.tsx', 'dashboards', 'folder');
    await refused(() => inspect(dir, 'apps/x.json'), 'apps/x.json', 'apps', 'folder');
    mkdirSync(join(dir, 'deep', 'er'), { recursive: true });
    symlinkSync(dir, join(dir, 'deep', 'er', 'loop'));
    await refused(() => inspect(dir, 'deep/er/loop/x'), 'deep/er/loop/x', 'deep/er/loop', 'folder');
  });

  test('a real folder exists or not; a link or a file there is refused', async () => {
    const { dir } = plant();
    assert.equal(await folderExists(dir, 'facts'), true);
    assert.equal(await folderExists(dir, 'none'), false);
    assert.equal(await folderExists(dir, 'none/deeper'), false);
    await refused(() => folderExists(dir, 'dashboards'), 'dashboards', 'dashboards', 'folder');
    await refused(() => folderExists(dir, 'apps'), 'apps', 'apps', 'folder');
  });

  test('a folder is listed when real, empty when missing, refused when a link', async () => {
    const { dir } = plant();
    assert.deepEqual((await listFolder(dir, 'facts')).sort(), ['a.json', 'dir.json', 'fifo.json', 'link.json']);
    assert.deepEqual(await listFolder(dir, 'none'), []);
    await refused(() => listFolder(dir, 'dashboards'), 'dashboards', 'dashboards', 'folder');
  });
});

describe('folder files: reads', () => {
  test('a regular file is read whole; an empty one is empty, not missing; a missing one is undefined', async () => {
    const { dir } = plant();
    assert.equal(await readText(dir, 'facts/a.json'), 'a\n');
    writeFileSync(join(dir, 'facts', 'empty.json'), '');
    assert.deepEqual(await readRegular(dir, 'facts/empty.json'), Buffer.alloc(0));
    assert.equal(await readText(dir, 'facts/empty.json'), '');
    assert.equal(await readRegular(dir, 'facts/none.json'), undefined);
    assert.equal(await readText(dir, 'none/x.json'), undefined);
    writeFileSync(join(dir, 'facts', 'utf8.json'), 'Umsätze ✓ 😀\n');
    assert.equal(await readText(dir, 'facts/utf8.json'), 'Umsätze ✓ 😀\n');
  });

  test('a link, a FIFO (without blocking) or a folder is never read', async () => {
    const { dir } = plant();
    const started = Date.now();
    for (const name of ['link.json', 'fifo.json', 'dir.json'])
      await refused(() => readText(dir, `facts/${name}`), `facts/${name}`, `facts/${name}`, 'file');
    await refused(() => readText(dir, 'dashboards/x.tsx'), 'dashboards/x.tsx', 'dashboards', 'folder');
    assert.ok(Date.now() - started < 2_000);
  });

  test('the bound: exactly the bound is read, one byte more is refused, also across several chunks', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'f'));
    for (const [size, max] of [
      [10, 10],
      [3 * 1024 * 1024 + 5, 3 * 1024 * 1024 + 5],
      [0, 0],
    ] as const) {
      writeFileSync(join(dir, 'f', 'x'), Buffer.alloc(size, 0x61));
      assert.equal((await readRegular(dir, 'f/x', max))!.length, size, `${size} bytes, bound ${max}`);
    }
    for (const [size, max] of [
      [11, 10],
      [3 * 1024 * 1024 + 6, 3 * 1024 * 1024 + 5],
      [1, 0],
    ] as const) {
      writeFileSync(join(dir, 'f', 'x'), Buffer.alloc(size, 0x61));
      await assert.rejects(readRegular(dir, 'f/x', max), (e: unknown) => {
        assert.ok(e instanceof FileTooLargeError);
        assert.equal(e.name, 'FileTooLargeError');
        assert.deepEqual([e.path, e.max], ['f/x', max]);
        return true;
      });
    }
    const text = 'line ✓\n'.repeat(300_000);
    writeFileSync(join(dir, 'f', 'x'), text);
    assert.equal(await readText(dir, 'f/x'), text, 'several chunks join in order');
    assert.equal(MAX_LOCAL_BYTES, MAX_RESPONSE_BYTES, 'a local read has the bound of a service answer');
    writeFileSync(join(dir, 'f', 'x'), Buffer.alloc(2, 0x61));
    await assert.rejects(readRegular(dir, 'f/x', 1), /larger than 0 MB/);
  });

  test('what is opened must be the file lstat saw: a link, a swapped file or a FIFO is refused', async () => {
    const { dir, outside } = plant();
    const file = join(dir, 'facts', 'a.json');
    const seen = lstatSync(file);
    const handle = await openRegular('facts/a.json', file, seen);
    assert.equal((await handle.readFile('utf8')).toString(), 'a\n');
    await handle.close();
    // A link where the file was: O_NOFOLLOW (or the identity check) refuses it.
    await refused(
      () => openRegular('facts/link.json', join(dir, 'facts', 'link.json'), statSync(join(outside, 'secret'))),
      'facts/link.json',
      'facts/link.json',
      'file',
    );
    // Another regular file swapped in since lstat: other inode.
    writeFileSync(join(dir, 'facts', 'b.json'), 'b\n');
    await refused(() => openRegular('facts/b.json', join(dir, 'facts', 'b.json'), seen), 'facts/b.json', 'facts/b.json', 'file');
    // The same inode on another device would not be the same file either.
    await refused(
      () => openRegular('facts/a.json', file, { ...seen, isFile: () => true, ino: seen.ino, dev: seen.dev + 1 } as typeof seen),
      'facts/a.json',
      'facts/a.json',
      'file',
    );
    // A FIFO opens at once (O_NONBLOCK) and is refused.
    const fifo = join(dir, 'facts', 'fifo.json');
    await refused(() => openRegular('facts/fifo.json', fifo, lstatSync(fifo)), 'facts/fifo.json', 'facts/fifo.json', 'file');
    // Anything else the open meets is the caller's to word.
    await assert.rejects(
      openRegular('facts/gone.json', join(dir, 'facts', 'gone.json'), seen),
      (e: NodeJS.ErrnoException) => e.code === 'ENOENT',
    );
  });
});

describe('folder files: writes', () => {
  test('a new file gets its folders; one that exists (or a link, even dangling) is never overwritten', async () => {
    const { dir, outside } = plant();
    await createFile(dir, 'new/deeper/x.json', 'x ✓\n');
    assert.equal(readFileSync(join(dir, 'new', 'deeper', 'x.json'), 'utf8'), 'x ✓\n');
    assert.ok(lstatSync(join(dir, 'new', 'deeper')).isDirectory());
    await assert.rejects(createFile(dir, 'facts/a.json', 'y'), (e: NodeJS.ErrnoException) => e.code === 'EEXIST');
    assert.equal(readFileSync(join(dir, 'facts', 'a.json'), 'utf8'), 'a\n');
    symlinkSync(join(outside, 'dangling'), join(dir, 'facts', 'dangling.json'));
    await assert.rejects(createFile(dir, 'facts/dangling.json', 'y'), (e: NodeJS.ErrnoException) => e.code === 'EEXIST');
    assert.deepEqual(readdirSync(outside), ['secret']);
    await refused(() => createFile(dir, 'dashboards/x.tsx', 'y'), 'dashboards/x.tsx', 'dashboards', 'folder');
    await refused(() => createFile(dir, 'apps/x.json', 'y'), 'apps/x.json', 'apps', 'folder');
  });

  test('a replaced file holds the new text and no temporary file is left; a link or a FIFO is never replaced', async () => {
    const { dir, outside } = plant();
    await replaceFile(dir, 'facts/a.json', 'new ✓\n');
    assert.equal(readFileSync(join(dir, 'facts', 'a.json'), 'utf8'), 'new ✓\n');
    await replaceFile(dir, 'more/b.json', 'b\n');
    assert.equal(readFileSync(join(dir, 'more', 'b.json'), 'utf8'), 'b\n');
    for (const name of ['link.json', 'fifo.json', 'dir.json'])
      await refused(() => replaceFile(dir, `facts/${name}`, 'x'), `facts/${name}`, `facts/${name}`, 'file');
    assert.equal(readFileSync(join(outside, 'secret'), 'utf8'), 'secret\n');
    assert.ok(lstatSync(join(dir, 'facts', 'link.json')).isSymbolicLink());
    await refused(() => replaceFile(dir, 'dashboards/x.tsx', 'x'), 'dashboards/x.tsx', 'dashboards', 'folder');
    assert.deepEqual(readdirSync(outside), ['secret']);
    assert.deepEqual(
      readdirSync(join(dir, 'facts')).filter((n) => n.endsWith('.tmp')),
      [],
    );
  });

  test('folders are made as needed, once made by another the same; a link or a file on the way is refused', async () => {
    const { dir } = plant();
    assert.equal(await prepareFolder(dir, 'x/y/z'), join(dir, 'x', 'y', 'z'));
    assert.ok(lstatSync(join(dir, 'x', 'y', 'z')).isDirectory());
    assert.equal(await prepareFolder(dir, 'x/y/z'), join(dir, 'x', 'y', 'z'));
    await Promise.all(Array.from({ length: 8 }, () => prepareFolder(dir, 'race/a/b')));
    assert.ok(lstatSync(join(dir, 'race', 'a', 'b')).isDirectory());
    await refused(() => prepareFolder(dir, 'dashboards/sub'), 'dashboards/sub', 'dashboards', 'folder');
    await refused(() => prepareFolder(dir, 'apps'), 'apps', 'apps', 'folder');
  });

  test('temporary names cannot be guessed: random, beside the file, ending .tmp', () => {
    const names = new Set(Array.from({ length: 100 }, () => temporaryPath('/f/dashboards/x.tsx')));
    assert.equal(names.size, 100);
    for (const n of names) assert.match(n, /^\/f\/dashboards\/x\.tsx\.[0-9a-f]{24}\.tmp$/);
    assert.ok(![...names].some((n) => n.includes(String(process.pid))));
  });
});
