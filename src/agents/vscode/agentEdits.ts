// save_resource in VS Code: what a model writes is a proposal. prepareInvocation shows the diff of
// the proposed text against the state it is based on, with the service's origin and the resource;
// invoke then puts exactly that text into the resource's `wsa:` document as one undoable edit, for
// the user to review and save. Refused when the document holds unsaved edits of the user's (their
// work wins), when the text is not the one prepared, or when the document is based on another state
// than the baseRevision. With workspaceAutomation.agents.allowSave on (user settings), it saves
// instead, through the same guarded save as Ctrl+S (the `wsa:` saver), one PUT with those tokens.
import * as vscode from 'vscode';
import type { Connection } from '../../connection/connectionProvider';
import type { FilesFeature } from '../../documents/files/registerFiles';
import { explorerOf } from '../../kinds/kindModules';
import { resolveId } from '../../explorer/model/resolve';
import { FILE_SCHEME, filePath, parseFilePath, type ResourceFile } from '../../kinds/resourcePath';
import { FILE_VIEWS, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import type { ServerSnapshot } from '../../documents/model/saveTypes';
import { codeBlock, codeSpan } from '../../util/markdown';
import {
  conflictAnswer,
  guardedSave,
  rangeOf,
  sameTokens,
  saveStructured,
  textHash,
  ToolFailure,
  unifiedDiff,
  type Limits,
  type SaveArgs,
  type Structured,
} from '../tools';

/** How long a confirmation stays good for the invoke that follows it. */
const PREPARED_FOR_MS = 10 * 60_000;
/** The diff a confirmation shows at most (the rest is said to be cut). */
const CONFIRMATION_DIFF_BYTES = 64 * 1024;

export interface AgentEditsDeps {
  readonly files: FilesFeature;
  readonly allowSave: () => boolean;
}

/** The `wsa:` document of a resource: the open one if any (whatever its name), else the explorer's name for it. */
function openDocumentOf(file: ResourceFile): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => {
    if (d.uri.scheme !== FILE_SCHEME) return false;
    try {
      const f = parseFilePath(d.uri.path);
      return f.workspaceId === file.workspaceId && f.view === file.view && f.id === file.id;
    } catch {
      return false;
    }
  });
}

export class AgentEdits {
  /** What was confirmed: id, baseRevision and the text's hash, until invoked or expired. */
  private readonly prepared = new Map<string, number>();

  constructor(private readonly deps: AgentEditsDeps) {}

  private static key(args: SaveArgs): string {
    return `${args.file.id}\u0000${JSON.stringify(args.base)}\u0000${textHash(args.text)}`;
  }

  /** The confirmation: the diff against the base, the service's origin, the resource. Reads, never writes. */
  async prepare(connection: Connection & { origin?: string }, args: SaveArgs): Promise<vscode.PreparedToolInvocation> {
    const uri = await this.uriOf(connection, args.file);
    const base = this.deps.files.baseOf(uri) ?? (await this.deps.files.documents.reader.snapshot(args.file));
    const name = parseFilePath(uri.path).name;
    const stale = !sameTokens(base.tokens, args.base.tokens);
    const diff = unifiedDiff(base.text, args.text, `${name} (${base.label})`, `${name} (${vscode.l10n.t('proposed')})`);
    const shown = rangeOf(diff, 0, undefined, CONFIRMATION_DIFF_BYTES);
    const save = this.deps.allowSave();
    const md = new vscode.MarkdownString(undefined, false);
    md.isTrusted = false;
    md.appendMarkdown(
      vscode.l10n.t(
        '{0} {1} {2} in workspace {3} on {4}.',
        save ? vscode.l10n.t('Save to the service:') : vscode.l10n.t('Put into the editor, for you to review and save:'),
        RESOURCE_KINDS[FILE_VIEWS[args.file.view].kind].singular,
        `${codeSpan(name)} (${codeSpan(args.file.id)})`,
        codeSpan(connection.workspaceId),
        codeSpan(connection.origin ?? connection.baseUrl),
      ),
    );
    if (stale)
      md.appendMarkdown(
        `\n\n${vscode.l10n.t('It is based on another revision than the one open now ({0}): it will be refused.', base.label)}`,
      );
    md.appendMarkdown(`\n\n${codeBlock(shown.text || vscode.l10n.t('(no change)'), 'diff')}`);
    if (shown.nextOffset !== undefined) md.appendMarkdown(`\n\n${vscode.l10n.t('The diff is cut here.')}`);
    this.prepared.set(AgentEdits.key(args), Date.now() + PREPARED_FOR_MS);
    return {
      invocationMessage: vscode.l10n.t('Proposing a change to {0}', name),
      confirmationMessages: {
        title: save ? vscode.l10n.t('Save {0}?', name) : vscode.l10n.t('Put the proposed text into {0}?', name),
        message: md,
      },
    };
  }

  /** The confirmed text into the document (one undoable edit), or saved with allowSave; refused otherwise. */
  async invoke(connection: Connection, args: SaveArgs, limits: Limits, nonce?: () => string): Promise<Structured> {
    const key = AgentEdits.key(args);
    const until = this.prepared.get(key);
    this.prepared.delete(key);
    if (until === undefined || until < Date.now())
      throw new ToolFailure(vscode.l10n.t('This text is not the one shown for confirmation: nothing was changed.'));
    const uri = await this.uriOf(connection, args.file);
    const open = openDocumentOf(args.file);
    if (open?.isDirty)
      throw new ToolFailure(
        vscode.l10n.t('{0} has unsaved edits of the user’s: their work wins, nothing was changed.', parseFilePath(uri.path).name),
      );
    if (this.deps.allowSave()) {
      const saved = await guardedSave(
        { reader: this.deps.files.documents.reader, save: ({ text, base }) => this.deps.files.saves.saveText(uri, text, base) },
        args,
        limits.bytes,
      );
      return saveStructured(saved, nonce);
    }
    const document = open ?? (await vscode.workspace.openTextDocument(uri));
    // Opened just now, or edited meanwhile: the user's edit is theirs.
    if (document.isDirty)
      throw new ToolFailure(
        vscode.l10n.t('{0} has unsaved edits of the user’s: their work wins, nothing was changed.', parseFilePath(uri.path).name),
      );
    const base: ServerSnapshot | undefined = this.deps.files.baseOf(uri);
    if (!base)
      throw new ToolFailure(vscode.l10n.t('{0} has no service state to base the edit on: reopen it.', parseFilePath(uri.path).name));
    if (!sameTokens(base.tokens, args.base.tokens))
      return saveStructured(conflictAnswer(args.file.id, base, args.text, limits.bytes), nonce);
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
        parseFilePath(uri.path).name,
      ),
    };
  }

  private async uriOf(connection: Connection, file: ResourceFile): Promise<vscode.Uri> {
    const open = openDocumentOf(file);
    if (open) return open.uri;
    // Named as the explorer names it, so that it is the same document as the one the explorer opens.
    const kind = FILE_VIEWS[file.view].kind;
    const found = (await resolveId(connection.client, file.id)).find((d) => d.kind === kind);
    if (!found) throw new ToolFailure(vscode.l10n.t('There is no {0} {1} on the service.', RESOURCE_KINDS[kind].singular, file.id));
    const name = (explorerOf(kind).identify as (v: unknown) => { name: string })(found.value).name;
    return vscode.Uri.from({ scheme: FILE_SCHEME, path: filePath({ ...file, workspaceId: connection.workspaceId, name }) });
  }
}
