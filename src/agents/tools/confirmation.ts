// What VS Code asks the user before save_resource acts: the resource, the workspace and the
// service's origin, and the whole diff of the proposed text against the state it is based on. A
// save is offered only when the diff is shown whole; a longer one offers "Open in the editor" (the
// text as one undoable edit, to review and save there), never a direct save. Every word of the
// service's (the resource's name, its revision label, the texts) is in a code span or block, which
// it cannot close; the title and the progress message name the resource by its checked id alone.
// Pure (VS Code renders the Markdown).
import * as l10n from '@vscode/l10n';
import { codeBlock, codeSpan } from '../../util/markdown';
import { answerBytes, rangeOf } from './textRanges';

/** The diff a confirmation shows at most: past it, the change goes to the editor, not to the service. */
export const CONFIRMATION_DIFF_BYTES = 64 * 1024;

export interface ConfirmationFacts {
  /** The user allowed agents to save (workspaceAutomation.agents.allowSave). */
  readonly saveAllowed: boolean;
  /** The kind, as a word ("dashboard"). */
  readonly kind: string;
  /** The checked id. */
  readonly id: string;
  /** The resource's name as the service gave it. */
  readonly name: string;
  readonly workspaceId: string;
  readonly origin: string;
  /** The label of the state the editor is based on, as the service's tokens give it. */
  readonly baseLabel: string;
  /** The text is based on another state than the editor's: the save will be refused. */
  readonly stale: boolean;
  /** The unified diff from the state it is based on to the proposed text. */
  readonly diff: string;
}

export interface Confirmation {
  /** What invoke does once confirmed: save through the guarded save, or put the text into the editor. */
  readonly mode: 'save' | 'propose';
  readonly title: string;
  readonly invocationMessage: string;
  /** Markdown, to be rendered untrusted. */
  readonly markdown: string;
}

export function confirmationOf(f: ConfirmationFacts): Confirmation {
  const whole = answerBytes(f.diff) <= CONFIRMATION_DIFF_BYTES;
  const mode = f.saveAllowed && whole ? 'save' : 'propose';
  const action = mode === 'save' ? l10n.t('Save to the service:') : l10n.t('Put into the editor, for you to review and save:');
  const parts = [
    l10n.t(
      '{0} {1} {2} in workspace {3} on {4}.',
      action,
      f.kind,
      `${codeSpan(f.name)} (${codeSpan(f.id)})`,
      codeSpan(f.workspaceId),
      codeSpan(f.origin),
    ),
  ];
  if (f.saveAllowed && !whole)
    parts.push(
      l10n.t(
        'The change is longer than a confirmation can show, so it is not saved from here: Open in the editor puts the text into the editor as one undoable edit, for you to review and save.',
      ),
    );
  if (f.stale) parts.push(l10n.t('It is based on another state than the one open now ({0}): it will be refused.', codeSpan(f.baseLabel)));
  const shown = rangeOf(f.diff, 0, undefined, CONFIRMATION_DIFF_BYTES);
  parts.push(codeBlock(shown.text || l10n.t('(no change)'), 'diff'));
  if (shown.nextOffset !== undefined) parts.push(l10n.t('The diff is cut here.'));
  return {
    mode,
    title:
      mode === 'save'
        ? l10n.t('Save {0}?', f.id)
        : f.saveAllowed
          ? l10n.t('Open in the editor: the proposed text for {0}?', f.id)
          : l10n.t('Put the proposed text into {0}?', f.id),
    invocationMessage: l10n.t('Proposing a change to {0}', f.id),
    markdown: parts.join('\n\n'),
  };
}
