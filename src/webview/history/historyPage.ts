// Entry of the history webview bundle (dist/webview/history.js, a browser IIFE). Never imports
// `vscode`: it talks to the extension only through postMessage, with the protocol's types.
import { INITIAL_MESSAGES_ELEMENT_ID, isHostMessage, type HostMessage, type WebviewMessage } from '../../shared/history/protocol';
import { HistoryApp } from './app';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/**
 * The messages the page was written with (a head start: the first screen of the history), unless
 * this is the page coming back after being hidden, which has saved state and is posted the
 * current state on `ready` anyway: what it was written with may be old by now.
 */
function initialMessages(reloaded: boolean): HostMessage[] {
  const text = document.getElementById(INITIAL_MESSAGES_ELEMENT_ID)?.textContent;
  if (!text || reloaded) return [];
  try {
    const messages: unknown = JSON.parse(text);
    return Array.isArray(messages) ? messages.filter(isHostMessage) : [];
  } catch {
    return [];
  }
}

const vscode = acquireVsCodeApi();
const root = document.getElementById('app');
if (root) {
  const initial = initialMessages(vscode.getState() !== undefined);
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
  for (const message of initial) app.receive(message);
  vscode.postMessage({ type: 'ready' } satisfies WebviewMessage);
}
