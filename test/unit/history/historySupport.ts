// Builders of the history page's state for the webview's DOM-free tests.
import type { HistoryHeader, HistoryItem } from '../../../src/history/protocol/protocol';

export const historyItem = (id: string): HistoryItem => ({
  id,
  parents: [],
  message: id,
  actorType: 'apiKey',
  actorId: 'apik_1',
  createdAt: 't',
  sequence: null,
});

/** A dashboard's header (draft #3, published #1, every capability); `over` changes what a test needs. */
export const historyHeader = (over: Partial<HistoryHeader> = {}): HistoryHeader => ({
  resourceId: 'rept_1',
  name: 'Sales',
  kindLabel: 'Dashboard',
  view: 'dashboard',
  version: 'v',
  draft: { revisionId: 'rvsn_d', sequence: 3 },
  published: { revisionId: 'rvsn_p', sequence: 1 },
  capabilities: { history: true, restore: true, publish: true },
  restore: { enabled: true },
  dependencyLocations: true,
  ...over,
});
