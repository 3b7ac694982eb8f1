// A real HTTP server in front of the default emulator that answers the way another service the spec
// allows may answer: it forwards every request and lets a test rewrite the answer (extra fields,
// paging, problem+json, 412...) or answer a request itself. Real HTTP on both sides, nothing
// mocked; the emulator's own variant profiles are where these choices live for the integration
// suites, this keeps the client's unit tests independent of them.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningEmulator } from '../../src/emulator/server';

export interface ProxiedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

export interface ProxiedReply {
  status: number;
  /** Serialized as JSON unless it is a string. */
  body: unknown;
  contentType?: string;
}

export interface ProxyHooks {
  /** Answers instead of the emulator when it returns a reply. */
  answer?(req: ProxiedRequest): ProxiedReply | undefined;
  /** Rewrites the emulator's answer when it returns a reply. */
  rewrite?(req: ProxiedRequest, reply: ProxiedReply): ProxiedReply | undefined;
}

export interface VariantProxy {
  url: string;
  hooks: ProxyHooks;
  /** Every request that reached the proxy, in order. */
  seen: ProxiedRequest[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

export async function startVariantProxy(emu: RunningEmulator, hooks: ProxyHooks = {}): Promise<VariantProxy> {
  const proxy: VariantProxy = { url: '', hooks, seen: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const request: ProxiedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', body: parse(text) };
      proxy.seen.push(request);
      let reply = proxy.hooks.answer?.(request);
      if (!reply) {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
        const upstream = await fetch(emu.url + request.url, { method: request.method, headers, ...(text ? { body: text } : {}) });
        const answer: ProxiedReply = { status: upstream.status, body: parse(await upstream.text()), contentType: upstream.headers.get('content-type') ?? 'application/json' };
        reply = proxy.hooks.rewrite?.(request, answer) ?? answer;
      }
      const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
      res.end(payload);
    })().catch((e: unknown) => {
      res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

/** Adds `extra` fields to every object in `value`, recursively, except revision references. */
export function withExtraFields(value: unknown, extra: Record<string, unknown> = { vendorNote: 'added by a newer service', vendorFlags: { beta: true } }): unknown {
  if (Array.isArray(value)) return value.map((v) => withExtraFields(v, extra));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // A revision reference stays bare, so that it can be sent back as a token.
  if (keys.length === 2 && 'revisionId' in record && 'sequence' in record) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = withExtraFields(v, extra);
  return { ...out, ...extra };
}
