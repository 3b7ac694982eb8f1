// The conflicts feature: Compare / Merge / Overwrite for a save that met a stale token.
import type * as vscode from 'vscode';
import type { ProblemSink, SaveTarget } from './files/saveTarget';
import type { ConflictMergeOptions } from './conflicts/conflictMerge';
import { ConflictResolver } from './conflicts/conflictResolver';

export interface ConflictsDeps {
  log: vscode.LogOutputChannel;
  files: SaveTarget;
  /** Where an overwrite's refused text shows its problems. */
  problems: ProblemSink;
  options?: ConflictMergeOptions;
}

export function registerConflicts(context: vscode.ExtensionContext, { log, files, problems, options }: ConflictsDeps): ConflictResolver {
  const resolver = new ConflictResolver(log, files, problems, options);
  context.subscriptions.push(resolver);
  return resolver;
}
