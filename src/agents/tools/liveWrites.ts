// Which saves take effect at once. A dashboard, a database draft and an app draft are saved as a new
// revision that the history can go back to; a write sync and a fact keep no history: a save of one
// runs on the service as it stands (a write sync with the switches it was saved with; a fact PUT
// clears what it omits), and nothing can undo it. An agent saves those only when the user opted in
// a second time: `wsa mcp --allow-live-writes`, or workspaceAutomation.agents.allowLiveSave in VS
// Code. The rule comes from the registry (a kind without history), not from a list of names. Pure.
import * as l10n from '@vscode/l10n';
import { FILE_VIEWS, hasHistory, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import { isEditable, type FileView } from '../../kinds/resourcePath';
import { ToolFailure } from './resourceTarget';

/** Whether a save of `view` takes effect at once, with no revision to go back to. */
export function isLiveView(view: FileView): boolean {
  return isEditable(view) && !hasHistory(FILE_VIEWS[view].kind);
}

/** Throws ToolFailure, before anything is read or sent, for an agent's save of a live resource the user did not allow. */
export function assertSaveAllowed(id: string, view: FileView, allowLive: boolean): void {
  if (allowLive || !isLiveView(view)) return;
  throw new ToolFailure(
    l10n.t(
      '{0} is a {1}: a save takes effect on the service at once and keeps no revision to go back to, so agents do not save it. Nothing was sent. The user can allow such saves: wsa mcp --allow-live-writes (besides --allow-writes), or the user setting workspaceAutomation.agents.allowLiveSave in VS Code.',
      id,
      RESOURCE_KINDS[FILE_VIEWS[view].kind].singular,
    ),
  );
}
