// Which plural form a count takes in the display language (Intl.PluralRules). The host sets the
// language once at load (src/ui/localization.ts), beside @vscode/l10n's bundle, so that the
// vscode-free layers word counts as the rest of VS Code does; unset, it is English.

let rules = new Intl.PluralRules('en');
let language = 'en';

export function setPluralLanguage(displayLanguage: string): void {
  language = displayLanguage;
  try {
    rules = new Intl.PluralRules(displayLanguage);
  } catch {
    // An unknown tag (e.g. the pseudo-locale qps-ploc) keeps English rules.
  }
}

/** Whether `count` takes the singular ("one") form, e.g. "1 revision" but "2 revisions". */
export function isSingular(count: number): boolean {
  return rules.select(count) === 'one';
}

/** VS Code's display language (vscode.env.language), e.g. for the history page's Intl formats. */
export function displayLanguage(): string {
  return language;
}
