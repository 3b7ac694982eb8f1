// Entry of the history webview bundle (dist/webview/history.js, a browser IIFE). Never imports
// `vscode`: it talks to the extension only through postMessage, with the protocol's types.
import { isHostMessage, type WebviewMessage } from '../protocol/protocol';
import { HistoryApp } from './app';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('app');
if (root) {
  // `ready` first: the extension sends the state while the page builds itself, and no message
  // can arrive before this script has finished (each is a task of its own).
  vscode.postMessage({ type: 'ready' } satisfies WebviewMessage);
  const app = new HistoryApp(root, {
    post: (message: WebviewMessage) => vscode.postMessage(message),
    getState: () => vscode.getState(),
    setState: (state) => vscode.setState(state),
  });
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    // Only the extension posts to this frame; anything else that arrives is not acted on.
    if (isHostMessage(event.data)) app.receive(event.data);
    else console.warn('[History] Ignored a malformed message from the extension.');
  });
}
