// Records the messages the extension shows (information, warning and error notifications, modal or
// not) as the user reads them, so that a test checks what the user was told rather than the log.
// These tests are files of the extension, so they get the `vscode` API object the extension holds:
// wrapping its window functions sees the extension's calls. Each call still shows its message;
// dispose() puts the originals back.
import * as vscode from 'vscode';

export interface ShownMessage {
  level: 'info' | 'warning' | 'error';
  text: string;
  modal: boolean;
  /** The buttons offered, by their titles. */
  actions: string[];
}

const FUNCTIONS = [
  ['showInformationMessage', 'info'],
  ['showWarningMessage', 'warning'],
  ['showErrorMessage', 'error'],
] as const;

export class NotificationCapture implements vscode.Disposable {
  readonly shown: ShownMessage[] = [];
  private readonly originals = new Map<string, unknown>();

  constructor() {
    const window = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const [name, level] of FUNCTIONS) {
      const original = window[name]!;
      this.originals.set(name, original);
      window[name] = (message: unknown, ...rest: unknown[]) => {
        // (message, options?, ...items): options is the object that is not an item (items have a title).
        const options = isOptions(rest[0]) ? rest[0] : undefined;
        const items = options ? rest.slice(1) : rest;
        this.shown.push({
          level,
          text: String(message),
          modal: options?.modal === true,
          actions: items.map((i) => (typeof i === 'string' ? i : String((i as vscode.MessageItem).title))),
        });
        return original.call(vscode.window, message, ...rest);
      };
    }
  }

  /** A position to read from later: `since(mark)`. */
  mark(): number {
    return this.shown.length;
  }

  since(mark: number): ShownMessage[] {
    return this.shown.slice(mark);
  }

  dispose(): void {
    const window = vscode.window as unknown as Record<string, unknown>;
    for (const [name, original] of this.originals) window[name] = original;
    this.originals.clear();
  }
}

function isOptions(value: unknown): value is vscode.MessageOptions {
  return typeof value === 'object' && value !== null && !('title' in value);
}
