// Which load failures concern the whole connection (shown once, instead of the groups) and how a
// failure reads in a tree item. vscode-free.
import { ApiError } from '../../api';
import type { Connection } from '../../connection/types';
import { messageNode, type MessageNode } from './nodes';

/** One message node for an unreachable server, a rejected key or a forbidden workspace; else undefined. */
export function connectionProblem(error: unknown, connection: Connection | undefined): MessageNode | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const where = connection?.label ?? 'the service';
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return messageNode(undefined, 'unreachable', { label: `Cannot reach ${where} — Retry`, detail: error.message, severity: 'error', action: 'retry' });
    case 'unauthorized':
      return messageNode(undefined, 'unauthorized', { label: 'The API key was rejected — Sign In', detail: `${where} answered 401`, severity: 'error', action: 'signIn' });
    case 'forbidden':
      if (error.permission !== 'workspace') return undefined;
      return messageNode(undefined, 'forbidden', {
        label: 'This API key may not use the workspace — Switch Workspace',
        detail: `${connection?.workspaceId ?? 'workspace'}: 403`,
        severity: 'error',
        action: 'switchWorkspace',
      });
    default:
      return undefined;
  }
}

/** A short reason for a tree item's description. */
export function describeLoadError(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'notFound':
        return 'not found';
      case 'forbidden':
        return error.permission ? `403: needs ${error.permission}` : '403: access denied';
      case 'invalidResponse':
        return error.message;
      default:
        return error.status ? `${error.status}: ${error.message}` : error.message;
    }
  }
  return error instanceof Error ? error.message : String(error);
}
