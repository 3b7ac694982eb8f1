// The screenshots of the README, docs/ and the walkthrough are taken by the UI scenarios. With
// WSA_UPDATE_SCREENSHOTS=1 a screenshot whose name is listed here is also written to
// media/screenshots/<name>.png, the copy those pages show; without it the committed copies stay as
// they are. test/unit/docLinks.test.ts holds this list to the images the pages show.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

/** Screenshot names (as the scenarios pass them to `ui.screenshot`) that the README, docs/ and the walkthrough show. */
export const DOC_SCREENSHOTS: readonly string[] = [
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
  'folders-json-check',
];

export const screenshotsDir = join(repoRoot, 'media', 'screenshots');

/** Copies a screenshot the pages show into media/screenshots/ when WSA_UPDATE_SCREENSHOTS=1. */
export function publishScreenshot(name: string, file: string): void {
  if (process.env.WSA_UPDATE_SCREENSHOTS !== '1' || !DOC_SCREENSHOTS.includes(name)) return;
  mkdirSync(screenshotsDir, { recursive: true });
  copyFileSync(file, join(screenshotsDir, `${name}.png`));
}
