// The names of the extension-host steps (host/index.ts runs them; `--steps=` picks them by prefix),
// without `vscode`, so that the Node side knows which rows a run narrowed to some steps can have.
export const STEP_NAMES = {
  activation: 'activation',
  requests: 'requests per action',
  largeFile: '1 MB dashboard open + save',
  history: 'history of 5,000 revisions',
  tree: 'tree group of 2,000 operations',
  memory: 'memory by part',
} as const;

/** Whether `--steps=` (comma-separated prefixes) runs the step; activation always runs. */
export function stepRuns(name: string, steps: string | undefined): boolean {
  const only = steps?.split(',').map((n) => n.trim());
  return !only || name === STEP_NAMES.activation || only.some((n) => name.startsWith(n));
}
