// Providers throw FileSystemErrors only; the message is the same clear sentence a command would show.
import * as vscode from 'vscode';
import { ApiError } from '../../api';
import { NotSignedInError } from '../../connection/model/notSignedIn';
import { describeError } from '../../ui/describeError';
import { Disposable } from '../../util/lifecycle';

export function toFileSystemError(error: unknown, uri: vscode.Uri, what?: string): vscode.FileSystemError {
  if (error instanceof vscode.FileSystemError) return error;
  const message = describeError(error, what).message;
  if (error instanceof NotSignedInError) return vscode.FileSystemError.Unavailable(message);
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'notFound':
        return vscode.FileSystemError.FileNotFound(message);
      case 'unauthorized':
      case 'forbidden':
        return vscode.FileSystemError.NoPermissions(message);
      case 'network':
      case 'timeout':
      case 'server':
      case 'rateLimited':
        return vscode.FileSystemError.Unavailable(message);
      default:
        break;
    }
  }
  void uri;
  return new vscode.FileSystemError(message);
}

/** A provider of loose files: its change event, and what it refuses (folders, deletes, renames) in its own words. */
export abstract class FilesOnlyFileSystem extends Disposable {
  protected readonly _onDidChangeFile = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this._onDidChangeFile.event;
  protected abstract readonly refusals: { readonly createDirectory: string; readonly delete: string; readonly rename: string };

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(this.refusals.createDirectory);
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions(this.refusals.delete);
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions(this.refusals.rename);
  }
}
