// Starts code-server (VS Code 1.139.1 for the browser) on Node 24 with a fresh user-data dir.
// Two ways to load the extension, because they behave differently (vscode-web-harness.md):
// - 'development': the smoke-test driver is on, so the page URL's `payload` can carry
//   extensionDevelopmentPath/extensionTestsPath (integration tests). The smoke driver hides
//   notification toasts.
// - 'installed': the repo is symlinked into the extensions dir as an installed extension; no payload,
//   no smoke driver, so toasts show as a user sees them (UI tests, `npm start` without desktop VS Code).
// - 'vsix': like 'installed', but the packaged `.vsix` is installed with code-server's own
//   `--install-extension`, as a user installs it: what runs is what ships, not the working tree.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeServerEntry, nodeDir, node24, repoRoot } from './paths';
import { spawnGroup, trackGroup, waitUntil } from './processes';

export type ExtensionMode = 'development' | 'installed' | 'vsix';

export interface CodeServerOptions {
  readonly runDir: string;
  readonly mode: ExtensionMode;
  /** Merged over the harness's quiet defaults in the user settings.json. */
  readonly settings?: Record<string, unknown>;
  /** Added to the server's environment; the extension host inherits it. */
  readonly env?: Record<string, string>;
  readonly timeoutMs?: number;
  /** The package to install in 'vsix' mode. */
  readonly vsixPath?: string;
  /** Loopback port to listen on; default 0, a free one the OS picks. */
  readonly port?: number;
  /** The display language (`--locale`); the workbench honours it only with a language pack for it (pseudoLocale.ts). */
  readonly locale?: string;
  /**
   * Runs once the run's folders exist, before the server starts; may return another folder than the
   * repo to link as the extension in 'installed' mode (the pseudo-locale copy).
   */
  readonly prepare?: (dirs: { runDir: string; userDataDir: string; extensionsDir: string }) => string | void;
  /**
   * Workspace trust as a user has it (VS Code's default): the opened folder starts untrusted, in
   * Restricted Mode, with no start-up prompt. Without it the server trusts every folder.
   */
  readonly workspaceTrust?: boolean;
}

export interface CodeServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly authority: string;
  /** An empty folder opened as the workspace. */
  readonly workspaceFolder: string;
  readonly userDataDir: string;
  readonly logFile: string;
  stop(): Promise<void>;
}

export const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  // A pulled dashboard is a .tsx file on disk, which starts VS Code's TypeScript server; its
  // automatic type acquisition would then run npm installs of @types packages (from the registry
  // where there is one) beside the tests. The tests never read what it would fetch.
  'typescript.disableAutomaticTypeAcquisition': true,
  'security.workspace.trust.enabled': false,
};

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const { runDir } = options;
  const userDataDir = join(runDir, 'user-data');
  const extensionsDir = join(runDir, 'extensions');
  const workspaceFolder = join(runDir, 'workspace');
  for (const dir of [join(userDataDir, 'User'), extensionsDir, workspaceFolder]) mkdirSync(dir, { recursive: true });
  const trust = options.workspaceTrust
    ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' }
    : {};
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...trust, ...options.settings }, null, 2));
  writeFileSync(join(runDir, 'config.yaml'), 'auth: none\n');
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // A VS Code terminal's variables would turn code-server into a client of that VS Code.
    if (!k.startsWith('VSCODE_') && k !== 'ELECTRON_RUN_AS_NODE') env[k] = v;
  }
  Object.assign(env, { PATH: `${join(nodeDir, 'bin')}:${process.env.PATH ?? ''}`, EXTENSIONS_GALLERY: '{}' }, options.env);

  const logFile = join(runDir, 'code-server.log');
  const extensionPath = options.prepare?.({ runDir, userDataDir, extensionsDir }) ?? repoRoot;
  if (options.mode === 'installed') {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      publisher: string;
      name: string;
      version: string;
    };
    symlinkSync(extensionPath, join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), 'dir');
  } else if (options.mode === 'vsix') {
    if (!options.vsixPath) throw new Error("code-server: 'vsix' mode needs vsixPath");
    await installVsix(options.vsixPath, { userDataDir, extensionsDir, env, logFile, timeoutMs: options.timeoutMs ?? 60_000 });
  }

  let port = 0;
  const group = spawnGroup(
    'code-server',
    node24,
    [
      codeServerEntry,
      // Port 0: the OS picks a free one and the server logs it, so two runs never collide.
      ...[
        '--auth',
        'none',
        '--bind-addr',
        `127.0.0.1:${options.port ?? 0}`,
        '--user-data-dir',
        userDataDir,
        '--extensions-dir',
        extensionsDir,
      ],
      ...['--config', join(runDir, 'config.yaml'), '--disable-telemetry', '--disable-update-check'],
      ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
      ...['--disable-getting-started-override', '--ignore-last-opened'],
      ...(options.mode === 'development' ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
      ...(options.locale ? ['--locale', options.locale] : []),
    ],
    {
      cwd: runDir,
      env,
      logFile,
      onLine: (line) => {
        const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
        if (m) port = Number(m[1]);
      },
    },
  );
  const timeoutMs = options.timeoutMs ?? 60_000;
  let exited: number | string | undefined;
  void group.exited.then((code) => (exited = code));
  const up = await waitUntil(async () => exited !== undefined || (port > 0 && (await healthy(port))), timeoutMs);
  if (!up || exited !== undefined) {
    await group.stop();
    throw new Error(
      `code-server ${exited !== undefined ? `exited with ${exited}` : `was not up within ${timeoutMs} ms`} (log: ${logFile})`,
    );
  }
  return {
    url: `http://127.0.0.1:${port}`,
    authority: `127.0.0.1:${port}`,
    workspaceFolder,
    userDataDir,
    logFile,
    stop: () => group.stop(),
  };
}

/** `code-server --install-extension x.vsix`: VS Code's own install (manifest and engine checks, unzip). */
function installVsix(
  vsixPath: string,
  o: { userDataDir: string; extensionsDir: string; env: NodeJS.ProcessEnv; logFile: string; timeoutMs: number },
): Promise<void> {
  const args = [codeServerEntry, '--user-data-dir', o.userDataDir, '--extensions-dir', o.extensionsDir, '--install-extension', vsixPath];
  appendFileSync(o.logFile, `$ code-server --install-extension ${vsixPath}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(node24, args, { env: o.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) trackGroup(child.pid);
    let output = '';
    const collect = (d: Buffer) => {
      output += d;
      appendFileSync(o.logFile, d);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Exit code 0 alone is not taken as proof: the CLI's "successfully installed" line is.
      if (code === 0 && /successfully installed/i.test(output)) resolve();
      else
        reject(
          new Error(
            `code-server --install-extension ${vsixPath} ended with ${signal ?? code}: ${output.trim().split('\n').slice(-5).join(' | ')}`,
          ),
        );
    });
  });
}

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}
