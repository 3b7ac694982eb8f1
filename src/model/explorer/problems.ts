// Which load failures concern the whole connection (shown once, instead of the groups) and how a
// failure reads in a tree item. vscode-free.
import { ApiError } from '../../api';
import type { Connection } from '../../connection/connectionProvider';
import { messageNode, type GroupNode, type MessageNode } from './nodes';

/** One message node for an unreachable server, a rejected key or a forbidden workspace; else undefined. */
export function connectionProblem(error: unknown, connection: Connection | undefined): MessageNode | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const where = connection?.label ?? 'the service';
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return messageNode(undefined, 'unreachable', {
        label: `Cannot reach ${where} — Retry`,
        detail: error.message,
        severity: 'error',
        action: 'retry',
      });
    case 'unauthorized':
      return messageNode(undefined, 'unauthorized', {
        label: 'The API key was rejected — Sign In',
        detail: `${where} answered 401`,
        severity: 'error',
        action: 'signIn',
      });
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

/** An added id that could not be read: shown in its group, removable. */
export function unresolvedMessage(group: GroupNode, id: string, error?: unknown): MessageNode {
  const detail = error === undefined ? 'not found in this workspace' : describeLoadError(error);
  return messageNode(group, `added:${id}`, { label: id, detail, severity: 'warning', addedId: id });
}

export function groupErrorMessage(group: GroupNode, error: unknown): MessageNode {
  return messageNode(group, 'error', {
    label: `Could not load ${group.group.noun}`,
    detail: describeLoadError(error),
    severity: 'error',
    action: 'refreshParent',
  });
}

export function emptyMessage(group: GroupNode, listed: boolean): MessageNode {
  if (listed) return messageNode(group, 'empty', { label: `No ${group.group.noun}`, severity: 'info' });
  return messageNode(group, 'empty', {
    label: 'Add Resource by ID…',
    detail: `This service lists no ${group.group.noun}: add them by id`,
    severity: 'info',
    action: 'addResource',
  });
}
