// Which load failures concern the whole connection (shown once, instead of the groups) and how a
// failure reads in a tree item. vscode-free.
import * as l10n from '@vscode/l10n';
import { ApiError } from '../../api';
import type { Connection } from '../../connection/api';
import { messageNode, type GroupNode, type MessageNode } from './nodes';

/** One message node for an unreachable server, a rejected key or a forbidden workspace; else undefined. */
export function connectionProblem(error: unknown, connection: Connection | undefined): MessageNode | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const where = connection?.label ?? l10n.t('the service');
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return messageNode(undefined, 'unreachable', {
        label: l10n.t('Cannot reach {0} — Retry', where),
        detail: error.message,
        severity: 'error',
        action: 'retry',
      });
    case 'unauthorized':
      return messageNode(undefined, 'unauthorized', {
        label: l10n.t('The API key was rejected — Sign In'),
        detail: `${where} answered 401`,
        severity: 'error',
        action: 'signIn',
      });
    case 'forbidden':
      if (error.permission !== 'workspace') return undefined;
      return messageNode(undefined, 'forbidden', {
        label: l10n.t('This API key may not use the workspace — Switch Workspace'),
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
        return l10n.t('not found');
      case 'forbidden':
        return error.permission ? `403: needs ${error.permission}` : l10n.t('403: access denied');
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
  const detail = error === undefined ? l10n.t('not found in this workspace') : describeLoadError(error);
  return messageNode(group, `added:${id}`, { label: id, detail, severity: 'warning', addedId: id });
}

export function groupErrorMessage(group: GroupNode, error: unknown): MessageNode {
  return messageNode(group, 'error', {
    label: l10n.t('Could not load {0}', group.group.noun),
    detail: describeLoadError(error),
    severity: 'error',
    action: 'refreshParent',
  });
}

export function emptyMessage(group: GroupNode, listed: boolean): MessageNode {
  if (listed) return messageNode(group, 'empty', { label: l10n.t('No {0}', group.group.noun), severity: 'info' });
  return messageNode(group, 'empty', {
    label: l10n.t('Add Resource by ID…'),
    detail: l10n.t('This service lists no {0}: add them by id', group.group.noun),
    severity: 'info',
    action: 'addResource',
  });
}
