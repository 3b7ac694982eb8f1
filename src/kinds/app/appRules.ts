// What is checked in an app document before it is sent: name and description are strings (spec §2),
// a missing one a warning, a key the update does not name a warning that it is not sent. vscode-free.
import * as l10n from '@vscode/l10n';
import { APP_EDITABLE_FIELDS } from '../../api/schemaConstants';
import { READ_ONLY_KEY } from '../contract/readOnlyGroup';
import { topLevel } from '../contract/recordChecker';
import type { TextProblem } from '../../util/textProblem';

export function appProblems(text: string): TextProblem[] {
  const top = topLevel(text, 'app');
  if (Array.isArray(top)) return top;
  const { checker: c, value } = top;
  c.typed(value, [], 'name', 'string', l10n.t('This app'));
  c.typed(value, [], 'description', 'string', l10n.t('This app'));
  c.unsent(value, [], [...APP_EDITABLE_FIELDS, READ_ONLY_KEY], l10n.t('an app update'), 'warning');
  return c.problems;
}
