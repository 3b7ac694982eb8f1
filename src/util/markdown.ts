// Text from the service or from other users (names, descriptions, instructions, URLs, declarations'
// docs) shown inside our Markdown (tooltips, hovers) as the text it is: never a link, an image, a
// theme icon, HTML or a command. Our own formatting (bold labels, code spans for ids) stays ours.
// Pure; no vscode.

// Every ASCII punctuation character may be backslash-escaped in CommonMark, and then stands for
// itself: `[`, `!`, `<`, `&`, `*`, `#`, … lose their meaning, `$(` is no theme icon, and the `:`
// and `.` of `https://…` or `www.…` no longer match an autolink.
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** `text` as Markdown that shows exactly `text`: punctuation escaped, line breaks kept as breaks. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(PUNCTUATION, '\\$&')
    .replace(/[ \t]*\n/g, '  \n');
}

/** `text` on one line as Markdown (a name, a status): whitespace runs, line breaks included, as one space. */
export function escapeMarkdownLine(text: string): string {
  return escapeMarkdown(text.replace(/\s+/g, ' ').trim());
}

/**
 * `text` as a Markdown code span (ids, keys, formulas): shown verbatim, whatever it holds. The fence
 * is longer than any run of backticks inside, so the text cannot close it.
 */
export function codeSpan(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...(oneLine.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A space keeps a leading or trailing backtick from joining the fence (CommonMark strips one each side).
  const pad = oneLine.startsWith('`') || oneLine.endsWith('`') || /^ .* $/.test(oneLine) ? ' ' : '';
  return `${fence}${pad}${oneLine}${pad}${fence}`;
}

/** `code` as a fenced Markdown code block that `code` cannot close. */
export function codeBlock(code: string, language: string): string {
  const longest = Math.max(0, ...(code.match(/`{3,}/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${code}\n${fence}`;
}
