// `wsa-base:` — the base text of a pulled file (what the service held at the last pull or push),
// read-only, for the Source Control view's diffs and the gutter's quick diff. The URI names the
// local file's path; the owner of the folder answers with the base copy the engine keeps.
import * as vscode from 'vscode';
import { Disposable } from '../../util/lifecycle';

export const BASE_SCHEME = 'wsa-base';

export function baseUri(file: vscode.Uri): vscode.Uri {
  return file.with({ scheme: BASE_SCHEME });
}

export class BaseDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly _onDidChange = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this._onDidChange.event;

  /** `read(file)`: the base text of the local file, undefined when it has none (then empty: all added). */
  constructor(private readonly read: (file: vscode.Uri) => Promise<string | undefined>) {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(BASE_SCHEME, this));
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    return (await this.read(uri.with({ scheme: 'file' }))) ?? '';
  }

  /** The bases of these files may have moved (a pull or a push): open diffs and the gutter reload. */
  changed(files: readonly vscode.Uri[]): void {
    for (const file of files) this._onDidChange.fire(baseUri(file));
  }
}
