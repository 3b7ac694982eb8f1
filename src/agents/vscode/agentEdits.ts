// save_resource in VS Code: what a model writes is a proposal. prepareInvocation shows the diff of
// the proposed text against the state it is based on, with the service's origin and the resource
// (confirmation.ts); invoke then puts exactly that text into the resource's `wsa:` document as one
// undoable edit, for the user to review and save. Refused when the document holds unsaved edits of
// the user's (their work wins), when the text is not the one prepared on this connection, when the
// document is based on another state than the baseRevision, and when either text holds the key.
// With workspaceAutomation.agents.allowSave on (user settings), it saves instead, through the same
// guarded save as Ctrl+S (the `wsa:` saver), one PUT with those tokens: only when the confirmation
// showed the whole diff, and for a write sync or a fact only with agents.allowLiveSave besides.
// Messages name the resource by its checked id, never by the service's name for it.
import * as vscode from 'vscode';
import type { KeyedConnection } from '../../connection/api';
import type { FilesFeature } from '../../documents/api';
import { explorerOf } from '../../kinds/kindModules';
import { resolveId } from '../../explorer/model/resolve';
import { FILE_SCHEME, filePath, parseFilePath, type ResourceFile } from '../../kinds/resourcePath';
import { FILE_VIEWS, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import type { ServerSnapshot } from '../../documents/model/saveTypes';
import {
  assertNoKey,
  assertSaveAllowed,
  confirmationOf,
  conflictAnswer,
  guardedSave,
  sameState,
  saveStructured,
  textHash,
  ToolFailure,
  unifiedDiff,
  type Binding,
  type Limits,
  type SaveArgs,
  type SecretScrub,
  type Structured,
} from '../tools/api';

/** How long a confirmation stays good for the invoke that follows it. */
const PREPARED_FOR_MS = 10 * 60_000;

export interface AgentEditsDeps {
  readonly files: FilesFeature;
  readonly allowSave: () => boolean;
  readonly allowLiveSave: () => boolean;
  /** The connection a document opened here is pinned to (its URI's authority); '' for the window's. */
  readonly pin?: () => string;
}

/** The connection tokens and cursors are bound to: the origin requests go to, and the workspace. */
export function bindingOf(connection: KeyedConnection): Binding {
  return { origin: connection.origin, workspaceId: connection.workspaceId };
}

/**
 * The `wsa:` document of a resource: the open one if any (whatever its name), that of the
 * connection `pin` names first (a document of another is refused when saved), else none.
 */
function openDocumentOf(file: ResourceFile, pin: string): vscode.TextDocument | undefined {
  const open = vscode.workspace.textDocuments.filter((d) => {
    if (d.uri.scheme !== FILE_SCHEME) return false;
    try {
      const f = parseFilePath(d.uri.path);
      return f.workspaceId === file.workspaceId && f.view === file.view && f.id === file.id;
    } catch {
      return false;
    }
  });
  return open.find((d) => d.uri.authority.toLowerCase() === pin.toLowerCase()) ?? open[0];
}

export class AgentEdits {
  /** What was confirmed (connection, id, baseRevision, the text's hash), what it offered, until invoked or expired. */
  private readonly prepared = new Map<string, { until: number; mode: 'save' | 'propose' }>();

  constructor(private readonly deps: AgentEditsDeps) {}

  private static key(connection: KeyedConnection, args: SaveArgs): string {
    return JSON.stringify([connection.origin, connection.workspaceId, args.file.id, args.base, textHash(args.text)]);
  }

  /** The confirmation: the diff against the base, the service's origin, the resource. Reads, never writes. */
  async prepare(connection: KeyedConnection, args: SaveArgs, scrub: SecretScrub): Promise<vscode.PreparedToolInvocation> {
    const saveAllowed = this.deps.allowSave();
    // Before anything is read: an agent's save of a resource without history needs the second opt-in.
    if (saveAllowed) assertSaveAllowed(args.file.id, args.file.view, this.deps.allowLiveSave());
    assertNoKey(scrub, args.text, vscode.l10n.t('The proposed text'));
    const uri = await this.uriOf(connection, args.file);
    const base = this.deps.files.baseOf(uri) ?? (await this.deps.files.documents.reader.snapshot(args.file));
    assertNoKey(scrub, base.text, vscode.l10n.t('The text of {0}', args.file.id));
    const name = parseFilePath(uri.path).name;
    const confirmation = confirmationOf({
      saveAllowed,
      kind: RESOURCE_KINDS[FILE_VIEWS[args.file.view].kind].singular,
      id: args.file.id,
      name,
      workspaceId: connection.workspaceId,
      origin: connection.origin,
      baseLabel: base.label,
      stale: !sameState(base, args.base),
      diff: unifiedDiff(base.text, args.text, `${name} (${base.label})`, `${name} (${vscode.l10n.t('proposed')})`),
    });
    this.prepared.set(AgentEdits.key(connection, args), { until: Date.now() + PREPARED_FOR_MS, mode: confirmation.mode });
    const message = new vscode.MarkdownString(confirmation.markdown, false);
    message.isTrusted = false;
    return {
      invocationMessage: confirmation.invocationMessage,
      confirmationMessages: { title: confirmation.title, message },
    };
  }

  /** The confirmed text into the document (one undoable edit), or saved where the confirmation offered it; refused otherwise. */
  async invoke(connection: KeyedConnection, args: SaveArgs, limits: Limits, scrub: SecretScrub, nonce?: () => string): Promise<Structured> {
    const key = AgentEdits.key(connection, args);
    const prepared = this.prepared.get(key);
    this.prepared.delete(key);
    if (prepared === undefined || prepared.until < Date.now())
      throw new ToolFailure(vscode.l10n.t('This text is not the one shown for confirmation: nothing was changed.'));
    // The settings may have changed since the confirmation: the save needs both still.
    const save = prepared.mode === 'save' && this.deps.allowSave();
    if (save) assertSaveAllowed(args.file.id, args.file.view, this.deps.allowLiveSave());
    const binding = bindingOf(connection);
    const uri = await this.uriOf(connection, args.file);
    const open = openDocumentOf(args.file, uri.authority);
    const theirs = () =>
      new ToolFailure(vscode.l10n.t('{0} has unsaved edits of the user’s: their work wins, nothing was changed.', args.file.id));
    if (open?.isDirty) throw theirs();
    if (save) {
      const saved = await guardedSave(
        {
          reader: this.deps.files.documents.reader,
          // The production guard asks the user every time for an agent's save to a protected connection.
          save: ({ text, base }) => this.deps.files.saves.saveText(uri, text, base, undefined, 'agentSave'),
          scrub,
          binding,
        },
        args,
        limits.bytes,
      );
      return saveStructured(saved, nonce);
    }
    const document = open ?? (await vscode.workspace.openTextDocument(uri));
    // Opened just now, or edited meanwhile: the user's edit is theirs.
    if (document.isDirty) throw theirs();
    const base: ServerSnapshot | undefined = this.deps.files.baseOf(uri);
    if (!base) throw new ToolFailure(vscode.l10n.t('{0} has no service state to base the edit on: reopen it.', args.file.id));
    assertNoKey(scrub, base.text, vscode.l10n.t('The text of {0}', args.file.id));
    if (!sameState(base, args.base)) return saveStructured(conflictAnswer(args.file, base, args.text, limits.bytes, binding), nonce);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), args.text);
    if (!(await vscode.workspace.applyEdit(edit)))
      throw new ToolFailure(vscode.l10n.t('VS Code did not apply the edit: nothing was changed.'));
    await vscode.window.showTextDocument(document, { preview: false, preserveFocus: true });
    return {
      status: 'proposed',
      hash: textHash(args.text),
      message: vscode.l10n.t(
        'The text is in the editor of {0} as one undoable edit; the user reviews it and saves, or undoes it.',
        args.file.id,
      ),
    };
  }

  private async uriOf(connection: KeyedConnection, file: ResourceFile): Promise<vscode.Uri> {
    const pin = this.deps.pin?.() ?? '';
    const open = openDocumentOf(file, pin);
    if (open) return open.uri;
    // Named as the explorer names it, so that it is the same document as the one the explorer opens.
    const kind = FILE_VIEWS[file.view].kind;
    const found = (await resolveId(connection.client, file.id)).find((d) => d.kind === kind);
    if (!found) throw new ToolFailure(vscode.l10n.t('There is no {0} {1} on the service.', RESOURCE_KINDS[kind].singular, file.id));
    const name = (explorerOf(kind).identify as (v: unknown) => { name: string })(found.value).name;
    return vscode.Uri.from({
      scheme: FILE_SCHEME,
      authority: pin,
      path: filePath({ ...file, workspaceId: connection.workspaceId, name }),
    });
  }
}
