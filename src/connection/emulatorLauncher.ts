// Connect to Local Emulator: runs the bundled emulator (dist/emulator.js) as a child process on a
// free loopback port, with its state kept in the extension's global storage, and reads the four
// machine-readable lines it prints first. One emulator per window: a second connect reuses it. It
// is stopped on Sign Out and when the extension deactivates.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import * as vscode from 'vscode';
import { BannerReader, type EmulatorEndpoint } from '../emulator/banner';
import { Disposable } from '../util/lifecycle';

export interface LocalEmulatorEndpoint extends EmulatorEndpoint {
  pid: number;
}

export class LocalEmulator extends Disposable {
  private readonly _onDidChange = this._register(new vscode.EventEmitter<LocalEmulatorEndpoint | undefined>());
  /** Fires when the emulator started or stopped. */
  readonly onDidChange = this._onDidChange.event;
  private child: ChildProcess | undefined;
  private endpoint: LocalEmulatorEndpoint | undefined;
  private starting: Promise<LocalEmulatorEndpoint> | undefined;

  constructor(
    private readonly scriptPath: string,
    private readonly dataDir: string,
    private readonly log: vscode.LogOutputChannel,
    private readonly startTimeoutMs = 20_000,
  ) {
    super();
  }

  /** The running emulator this window started, if any. */
  get running(): LocalEmulatorEndpoint | undefined {
    return this.endpoint;
  }

  start(): Promise<LocalEmulatorEndpoint> {
    if (this.endpoint) return Promise.resolve(this.endpoint);
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** Stops the emulator this window started; resolves when the process has exited. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    this.endpoint = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    this.log.info('[Connection] Stopped the local emulator.');
    this._onDidChange.fire(undefined);
  }

  private async spawn(): Promise<LocalEmulatorEndpoint> {
    mkdirSync(this.dataDir, { recursive: true });
    // In desktop VS Code process.execPath is the Electron binary: ELECTRON_RUN_AS_NODE makes it Node.
    const child = spawn(process.execPath, [this.scriptPath, '--port', '0', '--data', this.dataDir, '--quiet'], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    this.child = child;
    const banner = new BannerReader();
    let read: EmulatorEndpoint | undefined;
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-2_000);
    });
    const lines = createInterface({ input: child.stdout! });
    const ready = new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => {
        read ??= banner.read(line);
        if (read) resolve();
      });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(
          new Error(
            vscode.l10n.t('The local emulator exited ({0}) before it was ready. {1}', signal ?? `code ${code}`, stderr.trim()).trim(),
          ),
        ),
      );
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(vscode.l10n.t('The local emulator printed no address within {0} s.', this.startTimeoutMs / 1000))),
        this.startTimeoutMs,
      );
    });
    try {
      await Promise.race([ready, timeout]);
    } catch (e) {
      if (this.child === child) this.child = undefined;
      child.kill('SIGKILL');
      throw e;
    } finally {
      clearTimeout(timer);
    }
    if (this.child !== child) throw new Error(vscode.l10n.t('The local emulator was stopped while it started.'));
    // The remaining output (the human summary) is read and dropped so that the pipe never fills.
    child.stdout!.resume();
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      this.endpoint = undefined;
      this.log.warn(`[Connection] The local emulator exited (${signal ?? `code ${code}`}).`);
      this._onDidChange.fire(undefined);
    });
    const endpoint: LocalEmulatorEndpoint = { ...read!, pid: child.pid! };
    this.endpoint = endpoint;
    this.log.info(
      `[Connection] Started the local emulator at ${endpoint.url} (workspace ${endpoint.workspaceId}, data in ${this.dataDir}).`,
    );
    this._onDidChange.fire(endpoint);
    return endpoint;
  }

  override dispose(): void {
    // Deactivation cannot wait: the signal is sent, the process exits on its own.
    const child = this.child;
    this.child = undefined;
    this.endpoint = undefined;
    if (child && child.exitCode === null) child.kill('SIGTERM');
    super.dispose();
  }
}
