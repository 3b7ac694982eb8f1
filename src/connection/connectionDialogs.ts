// The connection's modal questions (plain http, a folder's service, a folder's header settings).
// Passed in as an option so that tests answer them in the user's place.
import * as vscode from 'vscode';
import { notificationText } from '../util/notify';

export interface ConnectionDialogs {
  /** A modal warning; resolves with the chosen action, or undefined for Cancel. */
  confirm(message: string, detail: string, actions: readonly string[]): Promise<string | undefined>;
}

export const VSCODE_CONNECTION_DIALOGS: ConnectionDialogs = {
  async confirm(message, detail, actions) {
    return vscode.window.showWarningMessage(notificationText(message), { modal: true, detail }, ...actions);
  },
};

export interface ConnectionOptions {
  /** Read at each question. */
  dialogs: ConnectionDialogs;
}
