// When the tools may run at all: in a trusted workspace and signed in. The VS Code front end says
// so in each tool's `when` clause (package.json) and checks it again in every call here, fail
// closed: a caller that reaches a tool anyway (vscode.lm.invokeTool ignores `when`) is refused
// before anything is read. Pure.
import * as l10n from '@vscode/l10n';

/** A tool called where it is not offered: Restricted Mode, or signed out. */
export class ToolUnavailable extends Error {
  override readonly name = 'ToolUnavailable';
}

export interface GateState {
  /** The workspace is trusted (not Restricted Mode). */
  readonly trusted: boolean;
  /** A connection with a key is in effect. */
  readonly signedIn: boolean;
}

/** Throws ToolUnavailable unless the tools may run now. */
export function assertAvailable(state: GateState): void {
  if (!state.trusted)
    throw new ToolUnavailable(
      l10n.t('The Workspace Automation tools are off in Restricted Mode: the user must trust this workspace first.'),
    );
  if (!state.signedIn)
    throw new ToolUnavailable(l10n.t('The Workspace Automation tools need a signed-in connection: the user must sign in first.'));
}
