// Providers throw FileSystemErrors only; the message is the same clear sentence a command would show.
import * as vscode from 'vscode';
import { ApiError } from '../api';
import { NotSignedInError } from '../connection/connectionProvider';
import { describeError } from '../ui/describeError';

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
