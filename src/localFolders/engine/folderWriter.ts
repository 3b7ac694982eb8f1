// The files a pull writes. One by one, each `fs/promises` write is three trips through libuv's
// thread pool (open, write, close), each with its own promise: for a pull of thousands of files
// that bookkeeping, on the thread that also reads the answers, costs more than the GETs. A large
// pull hands its files to a writer thread instead, in batches, which makes them with the
// synchronous calls while the reads go on. Either way a file is created exclusively and never
// through a link (folderFiles.ts): the folders on the way are checked first, once per folder. vscode-free.
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CREATE_FLAGS, createFile, prepareFolder, replaceFile, temporaryPath } from './folderFiles';

/** From this many files on, a pull starts a writer thread (starting one costs tens of milliseconds). */
export const WRITER_THREAD_FILES = 200;

export interface FolderWriter {
  /** Whether the writes are made by a thread of their own. */
  readonly thread: boolean;
  /** A new file at `rel` (relative to the folder), in place; a file or a link that appeared there meanwhile is never overwritten (EEXIST). */
  create(rel: string, text: string): Promise<void>;
  /**
   * The regular file at `rel` replaced whole: written beside it under an unguessable name and
   * renamed into place, so a crash leaves one text or the other.
   */
  replace(rel: string, text: string): Promise<void>;
  /** Settles once every write asked for has settled; the writer takes no more. */
  close(): Promise<void>;
}

/** The writes not settled yet: `close` waits for them, whether they succeed or fail. */
class Pending {
  private readonly all = new Set<Promise<unknown>>();

  track(p: Promise<void>): Promise<void> {
    const settled = p.catch(() => undefined);
    this.all.add(settled);
    void settled.then(() => this.all.delete(settled));
    return p;
  }

  async settled(): Promise<void> {
    await Promise.all(this.all);
  }
}

/** The writes made here, each with `fs/promises` (folderFiles.ts): for a few files. */
export function directWriter(folder: string): FolderWriter {
  const pending = new Pending();
  return {
    thread: false,
    create: (rel, text) => pending.track(createFile(folder, rel, text)),
    replace: (rel, text) => pending.track(replaceFile(folder, rel, text)),
    close: () => pending.settled(),
  };
}

interface WriteOp {
  readonly id: number;
  /** Absolute, in a folder checked to be a real directory. */
  readonly path: string;
  readonly text: string;
  /** Where a replacement is written first; absent for a new file. */
  readonly tmp?: string;
}

interface WriteResult {
  readonly id: number;
  readonly error?: { readonly code?: string; readonly message: string };
}

// The thread's whole program: plain CommonJS, no bundle. For each batch it answers with one result
// per write, in order; an error carries its `code` (EEXIST, ENOSPC...) for the caller's message.
// Its folders are checked by the main thread before it is asked; each file it creates (the new file,
// or the temporary one renamed over the old) with the flags that refuse an existing file or a link.
const WRITER_SOURCE = `
const { closeSync, openSync, renameSync, unlinkSync, writeFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const create = (path, text) => {
  const fd = openSync(path, workerData.flags, 0o666);
  try {
    writeFileSync(fd, text, 'utf8');
  } finally {
    closeSync(fd);
  }
};
parentPort.on('message', (batch) => {
  const results = batch.map(({ id, path, text, tmp }) => {
    try {
      if (tmp === undefined) create(path, text);
      else {
        create(tmp, text);
        try {
          renameSync(tmp, path);
        } catch (e) {
          try { unlinkSync(tmp); } catch {}
          throw e;
        }
      }
      return { id };
    } catch (e) {
      return { id, error: { code: e && e.code, message: String(e && e.message) } };
    }
  });
  parentPort.postMessage(results);
});
`;

function failure(error: NonNullable<WriteResult['error']>): Error {
  return Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code });
}

/**
 * The writes made by a thread of their own, batched: the writes asked for in one turn of the event
 * loop go in one message. The thread ends with `close`, or with this process.
 */
export function threadWriter(folder: string): FolderWriter {
  const worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { flags: CREATE_FLAGS } });
  /** Per folder of the files: its check (and making), once. */
  const folders = new Map<string, Promise<string>>();
  const ready = (rel: string) => {
    const dir = dirname(rel);
    let made = folders.get(dir);
    if (!made) folders.set(dir, (made = prepareFolder(folder, dir)));
    return made;
  };
  // A pull that is waiting for its writes keeps the process alive; an idle writer does not.
  worker.unref();
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let batch: WriteOp[] = [];
  let nextId = 0;
  let closed = false;
  let broken: Error | undefined;
  const failAll = (e: Error) => {
    broken ??= e;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('message', (results: WriteResult[]) => {
    for (const r of results) {
      const w = waiting.get(r.id);
      waiting.delete(r.id);
      if (r.error) w?.reject(failure(r.error));
      else w?.resolve();
    }
    if (waiting.size === 0) worker.unref();
  });
  worker.on('error', failAll);
  worker.on('exit', () => {
    if (!closed) failAll(new Error('The folder writer thread stopped.'));
  });
  const send = () => {
    const ops = batch;
    batch = [];
    if (ops.length > 0) worker.postMessage(ops);
  };
  const pending = new Pending();
  const ask = (rel: string, text: string, replace: boolean) =>
    pending.track(
      ready(rel).then(
        () =>
          new Promise<void>((resolve, reject) => {
            if (closed) return reject(new Error('The folder writer is closed.'));
            if (broken) return reject(broken);
            const id = nextId++;
            waiting.set(id, { resolve, reject });
            worker.ref();
            if (batch.length === 0) setImmediate(send);
            const path = join(folder, rel);
            batch.push({ id, path, text, ...(replace ? { tmp: temporaryPath(path) } : {}) });
          }),
      ),
    );
  return {
    thread: true,
    create: (rel, text) => ask(rel, text, false),
    replace: (rel, text) => ask(rel, text, true),
    close: async () => {
      // Writes asked for before close may still wait for their folder's check: they land first.
      await pending.settled();
      closed = true;
      send();
      await worker.terminate();
    },
  };
}

/** The writer for a pull of `files` files into `folder`. */
export function folderWriter(folder: string, files: number): FolderWriter {
  return files >= WRITER_THREAD_FILES ? threadWriter(folder) : directWriter(folder);
}
