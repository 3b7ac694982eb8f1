// Records what the extension writes to its output channel (`api.log`), every level included, so a
// test can check what is logged (and that no secret ever reaches the channel). What the user was
// told is read from the notification itself: NotificationCapture. The channel object is the one the extension
// holds, so wrapping its methods sees every line; dispose() puts the originals back.
import type * as vscode from 'vscode';

export interface LoggedLine {
  level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'append';
  text: string;
}

const METHODS = ['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine'] as const;

export class LogCapture implements vscode.Disposable {
  readonly lines: LoggedLine[] = [];
  private readonly originals = new Map<string, unknown>();

  constructor(private readonly channel: vscode.LogOutputChannel) {
    const target = channel as unknown as Record<string, (...args: unknown[]) => void>;
    for (const name of METHODS) {
      const original = target[name]!;
      this.originals.set(name, original);
      const level: LoggedLine['level'] = name === 'append' || name === 'appendLine' ? 'append' : name;
      target[name] = (...args: unknown[]) => {
        this.lines.push({
          level,
          text: args
            .map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ''}` : typeof a === 'string' ? a : JSON.stringify(a)))
            .join(' '),
        });
        original.apply(channel, args);
      };
    }
  }

  /** A position to read from later: `since(mark)`. */
  mark(): number {
    return this.lines.length;
  }

  since(mark: number): LoggedLine[] {
    return this.lines.slice(mark);
  }

  /** The last error line since `mark` that starts with one of the prefixes (the sentence a notification showed). */
  lastError(mark: number, startsWith: RegExp): string | undefined {
    return this.since(mark)
      .filter((l) => l.level === 'error' && startsWith.test(l.text))
      .at(-1)?.text;
  }

  dispose(): void {
    const target = this.channel as unknown as Record<string, unknown>;
    for (const [name, original] of this.originals) target[name] = original;
    this.originals.clear();
  }
}
