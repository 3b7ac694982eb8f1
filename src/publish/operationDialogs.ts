// The modal question before a publish or a restore, apart from the operations themselves: the test
// API answers it in the user's place from activation on, while the operations load on first use.
import * as vscode from 'vscode';
import { notificationText } from '../util/notify';

export type Answer = 'compare' | 'confirm' | undefined;

/** The modal question; the integration tests answer it through the test API. */
export interface OperationDialogs {
  ask(message: string, detail: string, confirmLabel: string): Promise<Answer>;
}

export const VSCODE_OPERATION_DIALOGS: OperationDialogs = {
  async ask(message, detail, confirmLabel) {
    const picked = await vscode.window.showWarningMessage(
      notificationText(message),
      { modal: true, detail },
      vscode.l10n.t('Compare'),
      confirmLabel,
    );
    return picked === vscode.l10n.t('Compare') ? 'compare' : picked === confirmLabel ? 'confirm' : undefined;
  },
};
