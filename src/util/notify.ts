// Text for a notification or a message dialog. VS Code shows `[text](https://…)`, `command:` and
// `file:` links in them as links, and names and messages from the service reach every one: a zero
// width space between `]` and `(` keeps each such pair plain text, and looks the same. A control,
// bidirectional or zero-width character in such a name is shown as its escape (visibleText.ts).
// Pure.
import { visible } from './visibleText';

export function notificationText(text: string): string {
  return visible(text).replaceAll('](', ']\u200b(');
}
