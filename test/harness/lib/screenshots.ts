// The README's screenshots are taken by the UI scenarios. With WSA_UPDATE_SCREENSHOTS=1 a screenshot
// whose name is listed here is also written to media/screenshots/<name>.png, the copy the README
// and the walkthrough show; without it the committed copies stay as they are.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

/** Screenshot names (as the scenarios pass them to `ui.screenshot`) that the README shows. */
export const README_SCREENSHOTS: readonly string[] = [
  'explorer',
  'edit-dashboard',
  'conflict-compare',
  'history',
  'variants-uuid-saved',
  'write-sync-locked',
  'publish-modal',
  'dashboard-completions',
  'dashboard-types',
  'folders-source-control',
  'folders-merge-editor',
];

export const screenshotsDir = join(repoRoot, 'media', 'screenshots');

/** Copies a screenshot the README shows into media/screenshots/ when WSA_UPDATE_SCREENSHOTS=1. */
export function publishScreenshot(name: string, file: string): void {
  if (process.env.WSA_UPDATE_SCREENSHOTS !== '1' || !README_SCREENSHOTS.includes(name)) return;
  mkdirSync(screenshotsDir, { recursive: true });
  copyFileSync(file, join(screenshotsDir, `${name}.png`));
}
