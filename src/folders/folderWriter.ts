// The files a pull writes. One by one, each `fs/promises` write is three trips through libuv's
// thread pool (open, write, close), each with its own promise: for a pull of thousands of files
// that bookkeeping, on the thread that also reads the answers, costs more than the GETs. A large
// pull hands its files to a writer thread instead, in batches, which makes them with the
// synchronous calls while the reads go on. vscode-free.
import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ensureDir, tmpPathOf, writeAtomically, type MadeDirs } from './folderState';

/** From this many files on, a pull starts a writer thread (starting one costs tens of milliseconds). */
export const WRITER_THREAD_FILES = 200;

export interface FolderWriter {
  /** Whether the writes are made by a thread of their own. */
  readonly thread: boolean;
  /** A new file, in place; `wx`: a file that appeared at `path` meanwhile is never overwritten (EEXIST). */
  create(path: string, text: string): Promise<void>;
  /** The file replaced whole: written beside it and renamed into place, so a crash leaves one text or the other. */
  replace(path: string, text: string): Promise<void>;
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

/** The writes made here, each with `fs/promises` (folderState.ts): for a few files. */
export function directWriter(): FolderWriter {
  const made: MadeDirs = new Set();
  const pending = new Pending();
  return {
    thread: false,
    create: (path, text) =>
      pending.track(
        (async () => {
          await ensureDir(dirname(path), made);
          await writeFile(path, text, { encoding: 'utf8', flag: 'wx' });
        })(),
      ),
    replace: (path, text) => pending.track(writeAtomically(path, text, made)),
    close: () => pending.settled(),
  };
}

interface WriteOp {
  readonly id: number;
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
const WRITER_SOURCE = `
const { mkdirSync, renameSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const { parentPort } = require('node:worker_threads');
const made = new Set();
parentPort.on('message', (batch) => {
  const results = batch.map(({ id, path, text, tmp }) => {
    try {
      const dir = dirname(path);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      if (tmp === undefined) writeFileSync(path, text, { encoding: 'utf8', flag: 'wx' });
      else {
        writeFileSync(tmp, text, 'utf8');
        renameSync(tmp, path);
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
export function threadWriter(): FolderWriter {
  const worker = new Worker(WRITER_SOURCE, { eval: true });
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
  const ask = (path: string, text: string, tmp?: string) =>
    pending.track(
      new Promise<void>((resolve, reject) => {
        if (closed) return reject(new Error('The folder writer is closed.'));
        if (broken) return reject(broken);
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.ref();
        if (batch.length === 0) setImmediate(send);
        batch.push({ id, path, text, ...(tmp === undefined ? {} : { tmp }) });
      }),
    );
  return {
    thread: true,
    create: (path, text) => ask(path, text),
    replace: (path, text) => ask(path, text, tmpPathOf(path)),
    close: async () => {
      closed = true;
      send();
      await pending.settled();
      await worker.terminate();
    },
  };
}

/** The writer for a pull of `files` files. */
export function folderWriter(files: number): FolderWriter {
  return files >= WRITER_THREAD_FILES ? threadWriter() : directWriter();
}
