// Every codicon the history page shows. The page's stylesheet carries only these icons' rules
// (webviewAssets.ts keepCodicons): the whole codicon.css is some 650 rules for the page to parse.
export const HISTORY_ICONS = [
  'go-to-file',
  'diff',
  'git-compare',
  'compare-changes',
  'diff-multiple',
  'copy',
  'discard',
  'refresh',
  'filter',
  'history',
  'info',
  'error',
  'close',
  'check',
  'circle-slash',
  'cloud-upload',
] as const;

export type IconName = (typeof HISTORY_ICONS)[number];
