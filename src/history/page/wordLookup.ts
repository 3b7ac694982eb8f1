// The page's words and display language, as the host wrote them into the page (a JSON element,
// checked by parsePageLocale). Read when this module loads, before any module that words a
// label at load; English without the element, which is also what the unit tests read.
import { formatText, PAGE_LOCALE_ELEMENT_ID, parsePageLocale, type PageLocale, type PageTextKey } from '../protocol/pageLocale';

let locale: PageLocale = readLocale();

function readLocale(): PageLocale {
  const text = typeof document === 'undefined' ? undefined : document.getElementById(PAGE_LOCALE_ELEMENT_ID)?.textContent;
  try {
    return parsePageLocale(text ? JSON.parse(text) : undefined);
  } catch {
    return parsePageLocale(undefined);
  }
}

/** For tests: the words and language a host would have written. */
export function setPageLocale(next: PageLocale): void {
  locale = next;
}

export function pageLanguage(): string {
  return locale.language;
}

/** The word for `key`, with `{0}`… replaced. */
export function t(key: PageTextKey, ...args: (string | number)[]): string {
  return formatText(locale.text[key], ...args);
}

/** The singular word when `count` takes it in the display language (Intl.PluralRules), else the plural. */
export function tCount(one: PageTextKey, other: PageTextKey, count: number, ...args: (string | number)[]): string {
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(locale.language);
  } catch {
    rules = new Intl.PluralRules('en');
  }
  return t(rules.select(count) === 'one' ? one : other, ...args);
}
