// The input box of Add Resource by ID and Open Resource by ID: it validates as the user types,
// checks the id on Enter (busy and disabled meanwhile, the problem shown in the box and the box
// kept open), and closes once the id is accepted or the user leaves.
import * as vscode from 'vscode';
import { idPrefixList } from '../../kinds/idSentences';
import { describeError } from '../../ui/describeError';
import { parseAdditionInput } from '../model/addition';

export interface IdQuestion {
  title: string;
  /** What the command does with the id, the start of the box's prompt. */
  prompt: string;
  /** The signed-in workspace: a pasted URL of another one is refused as the user types. */
  workspaceId: string | undefined;
  /** Checks the id on Enter: a problem keeps the box open and shows it, undefined accepts. */
  accept(text: string): Promise<string | undefined>;
}

/** Resolves once the box is closed, whether an id was accepted or not. */
export function askForId({ title, prompt, workspaceId, accept }: IdQuestion): Promise<void> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    const subscriptions: vscode.Disposable[] = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      for (const s of subscriptions) s.dispose();
      box.dispose();
      resolve();
    };
    box.title = title;
    box.prompt = vscode.l10n.t('{0}. Paste an id ({1}) or a URL that contains one.', prompt, idPrefixList());
    box.placeholder = vscode.l10n.t('oper_… or https://…/oper_…');
    box.ignoreFocusOut = true;
    subscriptions.push(
      box.onDidChangeValue((v) => {
        const parsed = v.trim() ? parseAdditionInput(v, workspaceId) : undefined;
        box.validationMessage = parsed && !parsed.ok ? parsed.message : undefined;
      }),
      box.onDidAccept(async () => {
        box.busy = true;
        box.enabled = false;
        try {
          const problem = await accept(box.value);
          if (!problem) return finish();
          box.validationMessage = problem;
        } catch (e) {
          box.validationMessage = describeError(e).message;
        } finally {
          box.busy = false;
          box.enabled = true;
        }
      }),
      box.onDidHide(finish),
    );
    box.show();
  });
}
