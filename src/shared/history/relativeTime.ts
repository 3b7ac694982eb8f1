// "3 hours ago" for the list, the exact UTC time for the hover. Pure: `now` is passed in.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function span(ms: number): string {
  if (ms < 90 * 1000) return '1 minute';
  if (ms < 45 * MINUTE) return plural(Math.round(ms / MINUTE), 'minute');
  if (ms < 90 * MINUTE) return '1 hour';
  if (ms < 22 * HOUR) return plural(Math.round(ms / HOUR), 'hour');
  if (ms < 36 * HOUR) return '1 day';
  if (ms < 26 * DAY) return plural(Math.round(ms / DAY), 'day');
  if (ms < 45 * DAY) return '1 month';
  if (ms < 320 * DAY) return plural(Math.round(ms / (30.4375 * DAY)), 'month');
  if (ms < 548 * DAY) return '1 year';
  return plural(Math.round(ms / (365.25 * DAY)), 'year');
}

/** "just now", "5 minutes ago", "yesterday", "2 months ago"; a time ahead of `now` reads "in …". */
export function relativeTime(iso: string, now: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const diff = now - time;
  if (Math.abs(diff) < 45 * 1000) return 'just now';
  if (diff >= 22 * HOUR && diff < 36 * HOUR) return 'yesterday';
  return diff > 0 ? `${span(diff)} ago` : `in ${span(-diff)}`;
}

/** "2025-03-03 09:00:12 UTC" (the hover), or the raw text when it is not a time. */
export function absoluteUtc(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
