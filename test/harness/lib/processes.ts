// Child processes that cannot outlive the harness. Each server starts detached, in its own process
// group, so one kill(-pid) reaches everything it forked (code-server forks a server, the extension
// host, pty host and watchers). Groups are also appended to WSA_HARNESS_PGID_FILE, which the
// `npm test` orchestrator sweeps after each stage: even a harness killed with SIGKILL leaves nothing.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { appendFileSync, createWriteStream, readFileSync, readdirSync, type WriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

// Global, not module state: each test bundle carries its own copy of this module, and the runner's
// exit handler must see the groups that a scenario's copy started.
const live: Set<number> = ((globalThis as Record<symbol, unknown>)[Symbol.for('wsa.harness.groups')] ??= new Set<number>()) as Set<number>;

export interface Group {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or signal name) of the group leader. */
  readonly exited: Promise<number | string>;
  /** SIGTERM to the whole group, SIGKILL if it is not gone within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface GroupOptions extends Pick<SpawnOptions, 'cwd' | 'env'> {
  /** Both output streams are appended here. */
  logFile?: string;
  /** Called for each output line (stdout and stderr). */
  onLine?: (line: string) => void;
}

export function spawnGroup(name: string, command: string, args: readonly string[], options: GroupOptions = {}): Group {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const pid = child.pid;
  trackGroup(pid);
  const log: WriteStream | undefined = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  for (const stream of [child.stdout!, child.stderr!]) {
    if (log) stream.pipe(log, { end: false });
    if (options.onLine) createInterface({ input: stream, crlfDelay: Infinity }).on('line', options.onLine);
    else stream.resume();
  }
  const exited = new Promise<number | string>((resolve) => {
    child.on('error', () => resolve('spawn-error'));
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return {
    name,
    pid,
    child,
    exited,
    async stop(graceMs = 5000) {
      await killGroup(pid, graceMs);
      log?.end();
    },
  };
}

/** Remember a process group started elsewhere (the browser) so that exit handlers reach it. */
export function trackGroup(pid: number): void {
  live.add(pid);
  if (process.env.WSA_HARNESS_PGID_FILE) appendFileSync(process.env.WSA_HARNESS_PGID_FILE, `${pid}\n`);
}

/** True while a process of the group is running (zombies waiting for init to reap them do not count). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') return true;
  }
  return false;
}

export async function killGroup(pid: number, graceMs = 5000): Promise<void> {
  signalGroup(pid, 'SIGTERM');
  if (!(await waitUntil(() => !groupAlive(pid), graceMs))) {
    signalGroup(pid, 'SIGKILL');
    await waitUntil(() => !groupAlive(pid), 2000);
  }
  live.delete(pid);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Polls a condition (every 50 ms) until it holds or `timeoutMs` passes; tells which. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, intervalMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    // eslint-disable-next-line no-restricted-syntax -- the one poll interval every wait in the tests uses
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Runs `cleanup` once on SIGINT, SIGTERM or SIGHUP, then exits; on any exit, SIGKILLs every group
 * still alive (the synchronous last resort when cleanup could not run).
 */
export function installExitHandlers(cleanup: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n[harness] ${signal}: stopping servers and browser\n`);
    const force = setTimeout(() => process.exit(signal === 'SIGINT' ? 130 : 143), 15000);
    void cleanup().finally(() => {
      clearTimeout(force);
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  };
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, onSignal);
  process.on('exit', () => {
    for (const pid of live) signalGroup(pid, 'SIGKILL');
  });
}
