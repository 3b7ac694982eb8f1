// The questions Show Revision History asks before a panel opens: which id, and, for an id two
// histories share, whose. Loaded at activation (the tests' API answers them in the user's place);
// the panels themselves are not (src/history/index.ts).
import * as vscode from 'vscode';
import { RESOURCE_KINDS, type KindSpec } from '../../kinds/resourceKinds';
import { historyIdsSentence } from '../../kinds/idSentences';
import type { HistoryKind, SharedId } from './historyTarget';

/** The questions the feature asks (HistoryPanelsOptions: tests answer them, no one clicks a modal dialog there). */
export interface HistoryDialogs {
  askForId(): Promise<string | undefined>;
  pickHistory(id: string, kinds: SharedId): Promise<HistoryKind | undefined>;
}

export const VSCODE_DIALOGS: HistoryDialogs = {
  askForId() {
    return Promise.resolve(
      vscode.window.showInputBox({
        title: vscode.l10n.t('Show Revision History'),
        prompt: vscode.l10n.t(
          'Id of a resource with a history, or a URL that contains one: {0}',
          historyIdsSentence(RESOURCE_KINDS, { ownIds: true }),
        ),
        placeHolder: 'oper_…',
        ignoreFocusOut: true,
      }),
    );
  },
  async pickHistory(id, { owner, sharer }) {
    const items = [sharer, owner].map((kind) => {
      const { group, history } = RESOURCE_KINDS[kind] as KindSpec & { history: NonNullable<KindSpec['history']> };
      return { label: `$(${group.icon}) ${history.label}`, description: history.detail ?? '', value: kind };
    });
    // The question's second step stays open as its first does: when the id's input box closes, VS Code
    // gives the focus back to the active editor, and a webview there can take it after this shows.
    return (
      await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t(
          '{0} is an {1} with a {2}: whose history?',
          id,
          RESOURCE_KINDS[owner].singular,
          RESOURCE_KINDS[sharer].singular,
        ),
        ignoreFocusOut: true,
      })
    )?.value;
  },
};
