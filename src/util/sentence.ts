// Messages that end as sentences, whatever the service or the system wrote.

/** `text` trimmed, with a full stop unless it already ends with one, `!`, `?` or an ellipsis. */
export function sentence(text: string): string {
  const t = text.trim();
  // \u2026, the ellipsis, is escaped: esbuild copies a regular expression's characters as they are,
  // and the shipped bundle stays ASCII (test/unit/bundles.test.ts).
  return /[.!?\u2026]$/.test(t) ? t : `${t}.`;
}
