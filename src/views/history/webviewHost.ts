// A generic webview panel host: the HTML shell with a strict Content-Security-Policy and a nonce,
// resources only from the extension's own build output and media, every incoming message checked
// by the feature's parser (a refused one is logged at warn and dropped), and a ready handshake: the
// webview says `ready` when its script runs, and again after VS Code reloads a hidden webview, so
// the feature posts its state then. Messages posted before that wait in a queue.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { Disposable } from '../../util/lifecycle';

export type Parsed<In> = { ok: true; message: In } | { ok: false; reason: string };

export interface WebviewHostOptions<In> {
  viewType: string;
  title: string;
  extensionUri: vscode.Uri;
  /** File name of the script in `dist/webview`. */
  script: string;
  /** Stylesheets, relative to the extension root (`dist/webview/…` or `media/…`). */
  styles: readonly string[];
  column: vscode.ViewColumn;
  iconPath?: vscode.IconPath;
  parse(raw: unknown): Parsed<In>;
  log: vscode.LogOutputChannel;
  /** Log prefix, e.g. "[History]". */
  component: string;
}

export interface RejectedMessage {
  raw: unknown;
  reason: string;
}

export class WebviewHost<In extends { type: string }, Out> extends Disposable {
  readonly panel: vscode.WebviewPanel;
  private ready = false;
  private queue: Out[] = [];

  private readonly _onDidReceiveMessage = this._register(new vscode.EventEmitter<In>());
  /** Checked messages from the webview (`ready` included). */
  readonly onDidReceiveMessage = this._onDidReceiveMessage.event;
  private readonly _onDidRejectMessage = this._register(new vscode.EventEmitter<RejectedMessage>());
  readonly onDidRejectMessage = this._onDidRejectMessage.event;
  private readonly _onDidBecomeReady = this._register(new vscode.EventEmitter<void>());
  /** The webview's script runs and listens: post the full state now. */
  readonly onDidBecomeReady = this._onDidBecomeReady.event;
  private readonly _onDidPostMessage = this._register(new vscode.EventEmitter<Out>());
  /** Every message handed to the webview, when it is handed over. */
  readonly onDidPostMessage = this._onDidPostMessage.event;
  private readonly _onDidDispose = this._register(new vscode.EventEmitter<void>());
  readonly onDidDispose = this._onDidDispose.event;

  constructor(private readonly options: WebviewHostOptions<In>) {
    super();
    const { extensionUri } = options;
    this.panel = vscode.window.createWebviewPanel(options.viewType, options.title, options.column, {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
    });
    if (options.iconPath) this.panel.iconPath = options.iconPath;
    this._register(this.panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
    this._register(
      this.panel.onDidChangeViewState(() => {
        // Without retainContextWhenHidden a hidden webview is torn down; it says `ready` again when shown.
        if (!this.panel.visible) this.ready = false;
      }),
    );
    this._register(this.panel.onDidDispose(() => this.dispose()));
    this.panel.webview.html = this.html();
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** Hands a message to the webview, or queues it until the webview is ready. */
  post(message: Out): void {
    if (this.isDisposed) return;
    if (!this.ready) {
      this.queue.push(message);
      return;
    }
    void this.panel.webview.postMessage(message);
    this._onDidPostMessage.fire(message);
  }

  /** Checks a message as if the webview had sent it, and acts on it only when it passes. */
  receive(raw: unknown): boolean {
    if (this.isDisposed) return false;
    const parsed = this.options.parse(raw);
    if (!parsed.ok) {
      const type = typeof raw === 'object' && raw !== null && typeof (raw as { type?: unknown }).type === 'string' ? ` (type “${String((raw as { type: string }).type).slice(0, 40)}”)` : '';
      this.options.log.warn(`${this.options.component} Ignored a malformed message from the webview${type}: ${parsed.reason}`);
      this._onDidRejectMessage.fire({ raw, reason: parsed.reason });
      return false;
    }
    if (parsed.message.type === 'ready') {
      this.ready = true;
      this._onDidBecomeReady.fire();
      const queued = this.queue;
      this.queue = [];
      for (const message of queued) this.post(message);
    }
    this._onDidReceiveMessage.fire(parsed.message);
    return true;
  }

  override dispose(): void {
    if (this.isDisposed) return;
    this.queue = [];
    // Told before the emitters go: whoever closes the panel, its owners learn of it.
    this._onDidDispose.fire();
    super.dispose();
    this.panel.dispose();
  }

  private html(): string {
    const { webview } = this.panel;
    const nonce = randomBytes(18).toString('base64');
    const asset = (path: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.options.extensionUri, ...path.split('/'))).toString();
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
      `img-src ${webview.cspSource} data:`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    const styles = this.options.styles.map((s) => `<link rel="stylesheet" href="${escapeAttr(asset(s))}">`).join('\n    ');
    return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${csp}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    ${styles}
    <title>${escapeAttr(this.options.title)}</title>
  </head>
  <body>
    <div id="app"></div>
    <script nonce="${nonce}" src="${escapeAttr(asset(`dist/webview/${this.options.script}`))}"></script>
  </body>
</html>`;
  }
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
