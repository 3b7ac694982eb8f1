// Origins: what an API key belongs to. A key is stored and sent per scheme + host + port, the way
// npm scopes a token to its registry and git's credential helper to its host, so that a URL named
// anywhere else (a cloned folder's settings) can never receive a key entered for another service.
// vscode-free (unit-tested).

/** The SecretStorage key before keys were stored per origin: one key for every service. */
export const LEGACY_SECRET_KEY = 'workspaceAutomation.apiKey';

/** Where the key for `origin` is kept in SecretStorage. */
export function secretKeyFor(origin: string): string {
  return `${LEGACY_SECRET_KEY}/${origin}`;
}

/**
 * The normalised origin of an http(s) URL: lower-case scheme and host, default port dropped, IPv6
 * in brackets (WHATWG URL does all three). Undefined for anything else, so it never matches a key.
 */
export function originOf(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  // A trailing dot names the same host; without this `example.com.` would need a key of its own.
  const host = parsed.hostname.endsWith('.') ? parsed.hostname.slice(0, -1) : parsed.hostname;
  if (!host) return undefined;
  return `${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ''}`;
}

/** localhost (and its subdomains, RFC 6761), 127.0.0.0/8 and [::1]: traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) && host.split('.').every((part) => Number(part) <= 255);
}

/** True when requests to `origin` would carry the key unencrypted over a network: plain http, not loopback. */
export function isPlainHttpRisk(origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname);
}
