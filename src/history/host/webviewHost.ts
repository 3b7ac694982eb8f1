// A generic webview panel host: the HTML shell with a strict Content-Security-Policy and a nonce,
// its script and stylesheets inlined under that nonce (webviewAssets.ts says why), fonts only from
// the extension's own build output and media, every incoming message checked
// by the feature's parser (a refused one is logged at warn and dropped), and a ready handshake: the
// webview says `ready` when its script runs, and again after VS Code reloads a hidden webview, so
// the feature posts its state then. Messages posted before that wait in a queue.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { Disposable } from '../../util/lifecycle';
import { assetText, escapeInlineElement, inlineStylesheet, keepCodicons, splitFontFaces } from './webviewAssets';

/** The page's fonts, held back until it has loaded; then its root element has the class `FONTS_CLASS`. */
export const LATE_FONTS_ID = 'late-fonts';
export const FONTS_CLASS = 'fonts';

export type Parsed<In> = { ok: true; message: In } | { ok: false; reason: string };

export interface WebviewHostOptions<In> {
  viewType: string;
  title: string;
  extensionUri: vscode.Uri;
  /** File name of the script in `dist/webview`. */
  script: string;
  /** Stylesheets, relative to the extension root (`dist/webview/…` or `media/…`). */
  styles: readonly string[];
  /** The codicons the page uses, when one of `styles` is codicon.css: only their rules go in. */
  icons?: readonly string[];
  column: vscode.ViewColumn;
  iconPath?: vscode.IconPath;
  parse(raw: unknown): Parsed<In>;
  log: vscode.LogOutputChannel;
  /** Log prefix, e.g. "[History]". */
  component: string;
  /** JSON the page reads at start from the element `elementId` (e.g. its words in the display language). */
  pageData?: { elementId: string; value(): unknown };
}

export interface RejectedMessage {
  raw: unknown;
  reason: string;
}

export class WebviewHost<In extends { type: string }, Out> extends Disposable {
  readonly panel: vscode.WebviewPanel;
  private ready = false;
  private queue: Out[] = [];
  private firstLoad = true;

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
        if (!this.panel.visible) this.ready = this.firstLoad = false;
      }),
    );
    this._register(this.panel.onDidDispose(() => this.dispose()));
    // Written at once: VS Code builds the webview's frame while the feature loads its data.
    this.panel.webview.html = this.html();
  }

  get isReady(): boolean {
    return this.ready;
  }

  /**
   * Whether the page is still the one first written, never torn down: what `postEarly` handed
   * over reaches it (before its `ready` or after).
   */
  get onFirstLoad(): boolean {
    return this.firstLoad;
  }

  /**
   * Hands a message over before the page says `ready`, on its first load only (false otherwise,
   * and nothing is sent): VS Code holds it until the page has loaded, where the page finds it
   * right after its script ran, a crossing sooner than an answer to `ready`. A page torn down
   * before it loads loses it, and says `ready` again when shown.
   */
  postEarly(message: Out): boolean {
    if (this.isDisposed || this.ready || !this.firstLoad) return false;
    void this.panel.webview.postMessage(message);
    this._onDidPostMessage.fire(message);
    return true;
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
      const type =
        typeof raw === 'object' && raw !== null && typeof (raw as { type?: unknown }).type === 'string'
          ? ` (type “${String((raw as { type: string }).type).slice(0, 40)}”)`
          : '';
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
    const root = this.options.extensionUri;
    const toWebviewUri = (path: string) => webview.asWebviewUri(vscode.Uri.joinPath(root, ...path.split('/'))).toString();
    const csp = [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `font-src ${webview.cspSource}`,
      `img-src ${webview.cspSource} data:`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    const sheets = this.options.styles.map((path) => {
      const css = assetText(root.fsPath, path);
      const used = path.endsWith('/codicon.css') && this.options.icons ? keepCodicons(css, this.options.icons) : css;
      return splitFontFaces(escapeInlineElement(inlineStylesheet(used, path, toWebviewUri), 'style'));
    });
    const styles = sheets.map(({ rest }) => `<style nonce="${nonce}">${rest}</style>`).join('\n    ');
    const fonts = sheets.map(({ fonts }) => fonts).join('\n');
    // The fonts apply once the page has loaded (splitFontFaces says why); their rules wait meanwhile.
    const lateFonts = fonts
      ? `\n    <style nonce="${nonce}" id="${LATE_FONTS_ID}" media="not all">${fonts}</style>` +
        `\n    <script nonce="${nonce}">addEventListener('load', () => {` +
        `document.getElementById('${LATE_FONTS_ID}').media = 'all'; document.documentElement.classList.add('${FONTS_CLASS}'); });</script>`
      : '';
    const script = escapeInlineElement(assetText(root.fsPath, `dist/webview/${this.options.script}`), 'script');
    return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${csp}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    ${styles}${lateFonts}
    <title>${escapeAttr(this.options.title)}</title>
  </head>
  <body>
    <div id="app"></div>${this.pageDataElement(nonce)}
    <script nonce="${nonce}">${script}</script>
  </body>
</html>`;
  }

  private pageDataElement(nonce: string): string {
    const data = this.options.pageData;
    if (!data) return '';
    return this.jsonElement(nonce, escapeAttr(data.elementId), jsonForScriptElement(data.value()));
  }

  /** A JSON data element on a line of its own; `id` and `json` come escaped for it. */
  private jsonElement(nonce: string, id: string, json: string): string {
    return `\n    <script nonce="${nonce}" type="application/json" id="${id}">${json}</script>`;
  }
}

/** JSON that cannot end its <script> element or open a comment in it: every `<` escaped. */
function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
