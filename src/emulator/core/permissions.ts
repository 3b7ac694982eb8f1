// The permission check of a route: 403 naming the missing permission (README: status codes).
import { HttpError } from './http';
import type { ApiKeyRecord, Permissions } from './records';

const PERMISSION_LABELS: Record<keyof Permissions, string> = {
  dashboardWrite: 'dashboard write access',
  databaseAdmin: 'database admin permission',
};

export function requirePermission(key: ApiKeyRecord, permission: keyof Permissions): void {
  if (!key.permissions[permission]) {
    throw new HttpError(403, 'forbidden', `This API key lacks ${PERMISSION_LABELS[permission]} (${permission}).`, {
      permission,
    }).withPlainDetail(`This API key lacks ${PERMISSION_LABELS[permission]}.`);
  }
}
