// "3 hours ago" for the list, the exact UTC time for the hover, in the display language the host
// passes (Intl). Pure: `now` is passed in.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Unit = 'minute' | 'hour' | 'day' | 'month' | 'year';

function span(ms: number): [number, Unit] {
  if (ms < 90 * 1000) return [1, 'minute'];
  if (ms < 45 * MINUTE) return [Math.round(ms / MINUTE), 'minute'];
  if (ms < 90 * MINUTE) return [1, 'hour'];
  if (ms < 22 * HOUR) return [Math.round(ms / HOUR), 'hour'];
  if (ms < 36 * HOUR) return [1, 'day'];
  if (ms < 26 * DAY) return [Math.round(ms / DAY), 'day'];
  if (ms < 45 * DAY) return [1, 'month'];
  if (ms < 320 * DAY) return [Math.round(ms / (30.4375 * DAY)), 'month'];
  if (ms < 548 * DAY) return [1, 'year'];
  return [Math.round(ms / (365.25 * DAY)), 'year'];
}

type Formats = { always: Intl.RelativeTimeFormat; auto: Intl.RelativeTimeFormat };
// Made once per language: a new Intl format costs far more than formatting with it, and the page
// words every row it draws.
const made = new Map<string, Formats>();

/** Intl's formats for `language` (the display language the host passes), English for a tag Intl does not take. */
function formats(language: string): Formats {
  let f = made.get(language);
  if (f) return f;
  try {
    f = { always: new Intl.RelativeTimeFormat(language), auto: new Intl.RelativeTimeFormat(language, { numeric: 'auto' }) };
  } catch {
    f = formats('en');
  }
  made.set(language, f);
  return f;
}

/**
 * The time a service's timestamp names, or NaN: an ISO 8601 date (spec §2) or a date that starts
 * with a day's or month's name. Date.parse alone reads "5", "0" or "-1" as days in 2000 and 2001.
 * (The page imports only this folder: src/api/revisionPages.ts has the same rule for its order.)
 */
export function timeOf(text: string): number {
  return /^(?:[+-]\d{6}|\d{4})-|^[A-Za-z]/.test(text.trim()) ? Date.parse(text) : Number.NaN;
}

/**
 * "just now", "5 minutes ago", "yesterday", "2 months ago" in `language` (Intl.RelativeTimeFormat);
 * a time ahead of `now` reads "in …". `justNow` is the page's word for under a minute.
 */
export function relativeTime(iso: string, now: number, language = 'en', justNow = 'just now'): string {
  const time = timeOf(iso);
  if (Number.isNaN(time)) return iso;
  const diff = now - time;
  if (Math.abs(diff) < 45 * 1000) return justNow;
  const { always, auto } = formats(language);
  if (diff >= 22 * HOUR && diff < 36 * HOUR) return auto.format(-1, 'day');
  const [count, unit] = span(Math.abs(diff));
  return always.format(diff > 0 ? -count : count, unit);
}

/**
 * "2025-03-03 09:00:12 UTC" (the hover) in English, Intl's date and time in UTC for another
 * language; the raw text when it is not a time.
 */
export function absoluteUtc(iso: string, language = 'en'): string {
  const time = timeOf(iso);
  if (Number.isNaN(time)) return iso;
  // Cut at the milliseconds, not at a fixed width: a year past 9999 is written with a sign and six digits.
  if (language === 'en' || language.startsWith('en-'))
    return `${new Date(time)
      .toISOString()
      .replace(/\.\d{3}Z$/, '')
      .replace('T', ' ')} UTC`;
  try {
    const options = { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' } as const;
    return new Intl.DateTimeFormat(language, options).format(time);
  } catch {
    return absoluteUtc(iso);
  }
}
