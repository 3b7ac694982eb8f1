// Records what the status bar was told: every `vscode.window.setStatusBarMessage` call while the
// capture is on. The extension and its tests share one API object in the extension host, so this
// sees the extension's own messages; dispose() puts the original back.
import * as vscode from 'vscode';

export class StatusBarCapture implements vscode.Disposable {
  readonly messages: string[] = [];
  private readonly original = vscode.window.setStatusBarMessage;

  constructor() {
    const window = vscode.window as unknown as Record<string, unknown>;
    window.setStatusBarMessage = (text: string, ...rest: unknown[]) => {
      this.messages.push(text);
      return (this.original as (...args: unknown[]) => vscode.Disposable).call(vscode.window, text, ...rest);
    };
  }

  /** A position to read from later: `since(mark)`. */
  mark(): number {
    return this.messages.length;
  }

  since(mark: number): string[] {
    return this.messages.slice(mark);
  }

  dispose(): void {
    (vscode.window as unknown as Record<string, unknown>).setStatusBarMessage = this.original;
  }
}
