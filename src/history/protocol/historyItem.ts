// The shape of one revision as the history view works with it: the list item of the spec (§2),
// reduced to what is shown, plus the sequence when the service tells it. vscode-free and DOM-free,
// so the webview bundles it too.

export interface HistoryItem {
  id: string;
  /** Parent revision ids, first parent first. The spec has one `parentRevisionId`; merges are allowed for. */
  parents: string[];
  message: string;
  actorType: string;
  actorId: string;
  /** ISO 8601 UTC, as the service sent it. */
  createdAt: string;
  /** The revision's position, when the service tells it (not in the spec's list item). */
  sequence: number | null;
}

export interface LineStats {
  added: number;
  removed: number;
}
