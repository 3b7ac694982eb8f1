// What a local folder cannot do in Restricted Mode: a pulled folder comes from whoever committed it,
// so until the user trusts the workspace nothing of its state is sent to a service and nothing is
// written into it. The error names the action; its advice offers Manage Workspace Trust.
import * as l10n from '@vscode/l10n';

/** VS Code's own command that opens the workspace trust editor. */
export const MANAGE_TRUST_COMMAND = 'workbench.trust.manage';

export class RestrictedModeError extends Error {
  override readonly name = 'RestrictedModeError';
  constructor(
    /** What was refused, as a verb phrase: "pull into this folder". */
    readonly refused: string,
  ) {
    super(
      l10n.t(
        'This window is in Restricted Mode: to {0}, trust the workspace first. A pulled folder comes with its files from whoever committed them, so until then nothing is sent to the service and nothing is written.',
        refused,
      ),
    );
  }
}
