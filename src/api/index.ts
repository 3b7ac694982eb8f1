// The service client's public surface. Nothing here imports `vscode`.
export { ServiceClient, type CallOptions, type ListPage, type ReplaceDashboardSourceBody, type SaveDatabaseDefinitionBody } from './client';
export {
  HttpTransport,
  DEFAULT_CONNECTION,
  MAX_RESPONSE_BYTES,
  MAX_TIMEOUT_MS,
  MIN_TIMEOUT_MS,
  boundedTimeout,
  type ConnectionSettings,
  type RequestLogger,
} from './transport';
export { CursorTrail, MAX_LIST_ITEMS, MAX_LIST_PAGES, listStopMessage, type ListStop } from './listPaging';
export { ApiError, isApiError, type ApiErrorKind, type ConflictState, type SourcePosition } from './errors';
export { DEFAULT_RETRY, type RetryPolicy } from './retry';
export * from './ids';
export type { Collection, CollectionItem } from './endpoints';
export { rowTypeFromColumns, tsTypeOfColumnType, type ContractColumn } from './dataContract';
// The schemas are not re-exported here: this module is loaded at activation, they are built on
// first use (lazySchemas.ts). Import types from './schemas'.

import { ServiceClient } from './client';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { HttpTransport, type ConnectionSettings, type RequestLogger } from './transport';

const silent: RequestLogger = { debug() {}, error() {} };

export function createClient(settings: ConnectionSettings, log: RequestLogger = silent, retry: RetryPolicy = DEFAULT_RETRY): ServiceClient {
  return new ServiceClient(new HttpTransport(settings, log), retry);
}
