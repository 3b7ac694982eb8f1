// Publish… and Compare with Published: on an explorer item, a `wsa:` editor's title or
// context menu, or the palette (the active `wsa:` editor).
import * as vscode from 'vscode';
import { COMMANDS } from '../manifest/contributions';
import { registerCommand } from '../ui/registerCommand';
import type { OperationTargets } from './operationTargets';
import type { PublishOperations } from './operations';

const NOTHING = vscode.l10n.t(
  'Open a Workspace Automation file of an operation, dashboard, managed database or app, or pick one in the explorer.',
);

export function registerPublishCommands(
  log: vscode.LogOutputChannel,
  targets: OperationTargets,
  operations: PublishOperations,
): vscode.Disposable[] {
  return [
    registerCommand(log, COMMANDS.publish, async (arg?: unknown) => {
      const target = await targets.of(arg);
      if (!target) throw new Error(vscode.l10n.t('Nothing to publish. {0}', NOTHING));
      return operations.publish(target);
    }),
    registerCommand(log, COMMANDS.compareWithPublished, async (arg?: unknown) => {
      const target = await targets.of(arg);
      if (!target) throw new Error(vscode.l10n.t('Nothing to compare. {0}', NOTHING));
      return operations.compareWithPublished(target);
    }),
  ];
}
