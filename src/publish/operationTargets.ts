// What a Publish… or Compare with Published command was run on (an explorer item, a `wsa:` URI, the
// active editor), as an OperationTarget: the same resolution as Show Revision History
// (historyTarget.ts), with the workspace and a name added.
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../connection/api';
import { FILE_SCHEME } from '../kinds/resourcePath';
import { PromiseCache } from '../util/async';
import { resolveHistoryTarget } from '../history/api';
import type { OperationTarget } from './revisionOperationsUi';

export class OperationTargets {
  /** `oper_` → `rept_` of dashboards: fixed for a dashboard. */
  private readonly dashboardResources = new PromiseCache<string, string>();

  constructor(
    private readonly connection: ConnectionProvider,
    /** The history resource an open `wsa:` document's read already named (a dashboard's `rept_`). */
    private readonly knownResource: (uri: string) => string | undefined = () => undefined,
    /** Whether the window's connection serves a `wsa:` document (DocumentRegistry.windowOwns). */
    private readonly windowOwns: (uri: vscode.Uri) => boolean = () => true,
  ) {}

  clear(): void {
    this.dashboardResources.clear();
  }

  /** The target of `arg`, or of the active `wsa:` editor when there is none; undefined when neither names one. */
  async of(arg: unknown): Promise<OperationTarget | undefined> {
    const connection = this.connection.require();
    const subject = arg ?? activeWsaUri();
    if (subject === undefined) return undefined;
    // An open dashboard's source read named its resource: asking the service again costs a request.
    const known = subject instanceof vscode.Uri ? this.knownResource(subject.toString()) : undefined;
    const target = await resolveHistoryTarget(subject, {
      dashboardResource: (id) =>
        known !== undefined
          ? Promise.resolve(known)
          : this.dashboardResources.get(id, () =>
              this.connection
                .require()
                .client.getDashboardSource(id)
                .then((s) => s.resourceId),
            ),
      askForId: () => Promise.resolve(undefined),
      pickHistory: () => Promise.resolve(undefined),
      windowOwns: this.windowOwns,
    });
    if (!target) return undefined;
    return { workspaceId: connection.workspaceId, ...target, name: target.name ?? target.resourceId };
  }
}

export function activeWsaUri(): vscode.Uri | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === FILE_SCHEME ? uri : undefined;
}
