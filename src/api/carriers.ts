// Which header names may carry the key and the workspace, and which schemes may precede the key.
// The spec leaves the carriers open (§5, rule 5), so they are settings; but a name that HTTP or
// undici treats specially would change where or how a request goes instead of carrying a value:
// `Host` picks the virtual host and TLS server name (another tenant behind a shared front),
// `Content-Length` and `Transfer-Encoding` frame the body, `Connection`, `Keep-Alive`, `Upgrade`,
// `Expect`, `TE` and `Trailer` steer the connection, `Proxy-*` is read by proxies, `Cookie` by
// whatever sets cookies. Those are refused everywhere a carrier is chosen (the extension's
// settings, the CLI's flags and environment, a pulled folder's state file) and again where the
// headers are built. Pure and vscode-free.
import * as l10n from '@vscode/l10n';

/** RFC 9110 §5.6.2: token = 1*tchar. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Lower case; `proxy-` stands for every name that starts with it. */
const SPECIAL = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'cookie',
]);

/** What is wrong with `name` as the header that carries the key or the workspace, or undefined when nothing is. */
export function carrierProblem(name: string): string | undefined {
  if (!TOKEN.test(name)) return l10n.t('{0} is not a header name (RFC 9110 token)', JSON.stringify(name));
  const lower = name.toLowerCase();
  if (SPECIAL.has(lower) || lower.startsWith('proxy-'))
    return l10n.t('{0} is a header HTTP itself interprets; it cannot carry the key or the workspace', name);
  return undefined;
}

/** What is wrong with `scheme` as what precedes the key (`Bearer`), or undefined: empty (the bare key) or a token. */
export function schemeProblem(scheme: string): string | undefined {
  return scheme === '' || TOKEN.test(scheme)
    ? undefined
    : l10n.t('{0} is not an authentication scheme (RFC 9110 token)', JSON.stringify(scheme));
}

/** The header names and scheme a key is sent with (the client's settings, a service's or an emulator's choice). */
export interface Carriers {
  /** Header carrying the API key. */
  authHeader: string;
  /** Scheme before the key; '' sends the bare key. */
  authScheme: string;
  /** Header carrying the workspace id. */
  workspaceHeader: string;
}

/** The first problem of `carriers`, naming the setting, or undefined when all three may be used. */
export function carriersProblem(carriers: Carriers): { setting: keyof Carriers; problem: string } | undefined {
  for (const setting of ['authHeader', 'workspaceHeader'] as const) {
    const problem = carrierProblem(carriers[setting]);
    if (problem) return { setting, problem };
  }
  const problem = schemeProblem(carriers.authScheme);
  if (problem) return { setting: 'authScheme', problem };
  if (carriers.authHeader.toLowerCase() === carriers.workspaceHeader.toLowerCase())
    return { setting: 'workspaceHeader', problem: l10n.t('the key and the workspace cannot share the header {0}', carriers.authHeader) };
  return undefined;
}
