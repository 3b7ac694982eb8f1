// What the other features take from the connection: the connection as they use it (who asks the
// service, for which workspace) and the manager the agents read settings and keys through. Their
// code stays in this feature; index.ts registers it.
export type { Connection, ConnectionProvider, KeyedConnection } from './connectionProvider';
export type { ConnectionManager } from './connectionManager';
export type { OtherClient } from './connectionManager';
export { signInToOrigin, VSCODE_ASK_KEY, type AskKey } from './otherOriginSignIn';
