// VS Code's `when` clauses, for what package.json's use: `&&`, `||`, `!key`, `key`, `key == value`,
// `key != value`, `key =~ /re/`. The manifest tests evaluate the clauses against the context values
// the extension sets, rather than compare them as strings.
export type WhenContext = Record<string, string | boolean | undefined>;

export function evaluateWhen(when: string | undefined, context: WhenContext): boolean {
  if (!when) return true;
  return when.split('||').some((any) =>
    any.split('&&').every((raw) => {
      const term = raw.trim();
      if (term === 'true' || term === 'false') return term === 'true';
      const match = /^(\S+)\s*=~\s*\/(.*)\/([a-z]*)$/.exec(term);
      if (match) return new RegExp(match[2]!, match[3]).test(String(context[match[1]!] ?? ''));
      const eq = /^(\S+)\s*(==|!=)\s*(\S+)$/.exec(term);
      if (eq) return (String(context[eq[1]!]) === eq[3]) === (eq[2] === '==');
      if (term.startsWith('!')) return !context[term.slice(1)];
      return !!context[term];
    }),
  );
}
