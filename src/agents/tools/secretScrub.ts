// No key appears in anything a tool answers, confirms or logs: every answer, error and log line
// passes through here on its way out, with the key in the forms it could be found in (as is,
// URL-encoded, base64 at each of the three alignments, base64url). Nothing the tools build holds
// the key; this is the last line, for a service that echoes it. Pure.

const MIN_SECRET = 8;

/** The strings that would give `secret` away, longest first. */
export function secretForms(secret: string): string[] {
  if (secret.length < MIN_SECRET) return [];
  const forms = new Set<string>([secret, encodeURIComponent(secret)]);
  const bytes = Buffer.from(secret, 'utf8');
  for (let shift = 0; shift < 3; shift++) {
    // The key after `shift` other bytes: the base64 characters that depend on the key alone.
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // Character j holds bits 6j..6j+5: those within the key's bits depend on nothing else.
    const core = encoded.slice(Math.ceil((shift * 4) / 3), Math.floor(((shift + bytes.length) * 4) / 3));
    if (core.length >= MIN_SECRET) {
      forms.add(core);
      forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

export const REDACTED = '[redacted]';

export class SecretScrub {
  private forms: string[] = [];

  constructor(secrets: readonly string[] = []) {
    this.set(secrets);
  }

  set(secrets: readonly string[]): void {
    this.forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  }

  text(text: string): string {
    let out = text;
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  }

  /** Every string in a JSON-like value, scrubbed; the shape stays. */
  value<T>(value: T): T {
    if (!this.forms.length) return value;
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((v: unknown) => this.value(v)) as T;
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.value(v)])) as T;
    return value;
  }
}
