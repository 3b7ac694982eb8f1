// Saving `wsa:` files on purpose: Ctrl+S / Cmd+S runs `workspaceAutomation.save`, which makes the
// guarded save itself so a conflict gets the one Compare / Merge / Overwrite notification (VS Code's
// own save path can only show an error). Also sending and discarding held auto saves.
import * as vscode from 'vscode';
import { notificationText } from '../../util/notify';
import { isSingular } from '../../util/plural';
import { COMMANDS } from '../../manifest/contributions';
import type { ConflictOffer } from './saveTarget';
import type { DocumentSaver } from './documentSaver';
import type { HeldSaves } from './heldSaves';
import { invalidMessage, readOnlyMessage, savedMessage, saveWithoutLabel, unkeptMessage } from './saveMessages';
import { FILE_SCHEME, isEditable, parseFilePath, type ResourceFile } from '../../kinds/resourcePath';
import type { SaveResult } from '../model/saveTypes';
import { describeError } from '../../ui/describeError';
import { reportError } from '../../ui/reportError';
import { WriteDeclinedError } from '../../environments/api';
import { registerCommand } from '../../ui/registerCommand';

export function registerSaveCommands(
  log: vscode.LogOutputChannel,
  files: DocumentSaver,
  held: HeldSaves,
  conflicts: ConflictOffer,
): vscode.Disposable[] {
  /** Tells the user what came of a save they asked for. */
  const report = (uri: vscode.Uri, file: ResourceFile, result: SaveResult | undefined): void => {
    switch (result?.status) {
      case undefined:
        return;
      case 'saved':
        // The same words as every other save, also saying when it was confirmed by reading it back.
        files.notices.tell({ uri: uri.toString(), outcome: 'saved', message: savedMessage(file.name, result) });
        if (result.confirmedBy === 'readBack') log.info(`[Files] ${savedMessage(file.name, result)}`);
        return;
      case 'conflict':
        conflicts.offer(result.conflict);
        return;
      case 'invalid':
        void vscode.window.showErrorMessage(notificationText(invalidMessage(file, result.problems)));
        return;
      case 'failed':
        // The user said no to the production guard's question: nothing to report but that.
        if (result.error instanceof WriteDeclinedError) {
          vscode.window.setStatusBarMessage(`$(shield) ${result.error.message}`, 8000);
          return;
        }
        if (result.unkept?.length) return offerSaveWithout(uri, file, result.unkept, result.error);
        reportError(log, result.error, vscode.l10n.t('Could not save «{0}»', file.name));
        return;
    }
  };

  /** A fact refused without a field named: the user decides whether to save without the optional ones. */
  const offerSaveWithout = (uri: vscode.Uri, file: ResourceFile, fields: readonly string[], error: unknown): void => {
    const without = saveWithoutLabel(fields);
    const message = unkeptMessage(file.name, fields, describeError(error).message);
    log.error(`[Files] ${message}`);
    void vscode.window.showErrorMessage(notificationText(message), without, vscode.l10n.t('Keep Editing')).then(async (picked) => {
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (picked !== without || !document) return;
      report(uri, file, await saving(file, () => files.saveText(uri, document.getText(), undefined, fields)));
    });
  };

  const saving = <T>(file: ResourceFile, task: () => Promise<T>): Thenable<T> =>
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Saving «{0}» to the service', file.name) },
      task,
    );

  const save = async (arg?: unknown): Promise<SaveResult | undefined> => {
    const uri = arg instanceof vscode.Uri ? arg : undefined;
    const document = uri
      ? (vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) ?? (await vscode.workspace.openTextDocument(uri)))
      : vscode.window.activeTextEditor?.document;
    if (!document || document.uri.scheme !== FILE_SCHEME) {
      // The key binding's context can lag behind focus: anything else saves as usual.
      await vscode.commands.executeCommand('workbench.action.files.save');
      return undefined;
    }
    const file = parseFilePath(document.uri.path);
    if (!isEditable(file.view)) {
      vscode.window.setStatusBarMessage(`$(lock) ${readOnlyMessage(file)}`, 6000);
      return undefined;
    }
    let result: SaveResult | undefined;
    if (document.isDirty) result = await saving(file, () => files.saveText(document.uri, document.getText()));
    else if (held.get(document.uri.toString())) result = await saving(file, () => files.sendHeld(document.uri));
    else vscode.window.setStatusBarMessage(vscode.l10n.t('«{0}» has no changes to save.', file.name), 3000);
    report(document.uri, file, result);
    return result;
  };

  const sendHeld = async (): Promise<SaveResult[]> => {
    const results: SaveResult[] = [];
    for (const entry of held.all()) {
      const uri = vscode.Uri.parse(entry.uri);
      const file = parseFilePath(uri.path);
      const result = await saving(file, () => files.sendHeld(uri));
      report(uri, file, result);
      if (result) results.push(result);
    }
    return results;
  };

  const discardHeld = async (): Promise<void> => {
    const count = held.size;
    if (count === 0) return;
    const discard = vscode.l10n.t('Discard');
    const answer = await vscode.window.showWarningMessage(
      notificationText(
        isSingular(count)
          ? vscode.l10n.t('Discard {0} held auto save? Its text was never sent to the service and will be lost.', count)
          : vscode.l10n.t('Discard {0} held auto saves? Their text was never sent to the service and will be lost.', count),
      ),
      { modal: true },
      discard,
    );
    if (answer !== discard) return;
    for (const entry of held.all()) await files.discardHeld(vscode.Uri.parse(entry.uri));
  };

  return [
    registerCommand(log, COMMANDS.save, save),
    registerCommand(log, COMMANDS.sendHeldChanges, sendHeld),
    registerCommand(log, COMMANDS.discardHeldChanges, discardHeld),
  ];
}
