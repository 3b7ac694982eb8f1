// The headless VS Code install (scripts/install-vscode.mjs) into the harness's cache folder.
import { ensureInstalled as install, type InstallOptions } from '../../../scripts/install-vscode.mjs';
import { cacheDir } from './paths';

/** Installs the missing pieces; `say` gets one progress line per step. Safe to run concurrently. */
export function ensureInstalled(say: (line: string) => void, options: Omit<InstallOptions, 'cacheDir'> = {}): Promise<void> {
  return install(say, { ...options, cacheDir });
}
