// A plain loopback HTTP server that records every request and answers as a test scripts it: for
// what the emulator cannot be made to send (a header out of range, a body cut off, a page that
// repeats its cursor). The client under test talks to it over real sockets; nothing is mocked.
// Plain Node, no VS Code and no browser: unit tests import it (`useScriptedServer` registers its
// start and stop with node:test), and so may the harness.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';

/** A request as the server received it, its body read whole before it is answered. */
export interface ScriptedRequest {
  method: string;
  /** The path with its query string, as sent. */
  url: string;
  /** The path without its query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Writes the answer to one request (or keeps `res` open, or destroys it). */
export type Answer = (res: ServerResponse, req: ScriptedRequest) => void;

/** A JSON answer: `body` is serialised, unless it is a string, which is sent as it is. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return (res) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * Bytes written straight to the socket, status line and headers included, and the connection
 * closed: for a header Node's own server would not send (a negative Content-Length, two lengths).
 */
export function raw(bytes: string): Answer {
  return (res) => {
    const socket = res.socket!;
    res.detachSocket(socket);
    socket.end(bytes);
  };
}

const NO_ANSWER_SET = json(500, { error: { message: 'no answer set' } });

export class ScriptedServer {
  /** Every request since the last `reset()`, in the order received. */
  readonly requests: ScriptedRequest[] = [];
  private server: Server | undefined;
  private base: string | undefined;
  private readonly queue: Answer[] = [];
  private readonly routes = new Map<string, Answer>();
  private otherwise: Answer = NO_ANSWER_SET;

  /** `http://127.0.0.1:<port>`, once started. */
  get url(): string {
    if (!this.base) throw new Error('The scripted server is not started.');
    return this.base;
  }

  /**
   * How the next requests are answered, in order; each answer is used once. Before them nothing
   * else is asked: a queued answer comes before a route and before `answerAll`.
   */
  script(...answers: Answer[]): this {
    this.queue.push(...answers);
    return this;
  }

  /** Every request to `path` (whatever its query) not answered from the script. */
  route(path: string, answer: Answer): this {
    this.routes.set(path, answer);
    return this;
  }

  /** Every other request; until it is set, a 500 that says no answer was set. */
  answerAll(answer: Answer): this {
    this.otherwise = answer;
    return this;
  }

  /** How many requests reached `path` since the last `reset()`. */
  hits(path: string): number {
    return this.requests.filter((r) => r.path === path).length;
  }

  /** `METHOD url` of each request since the last `reset()`. */
  lines(): string[] {
    return this.requests.map((r) => `${r.method} ${r.url}`);
  }

  /** Forgets the requests, the script, the routes and the default answer. */
  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
    this.routes.clear();
    this.otherwise = NO_ANSWER_SET;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = req.url!;
        const q = url.indexOf('?');
        const seen: ScriptedRequest = {
          method: req.method!,
          url,
          path: q < 0 ? url : url.slice(0, q),
          query: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)),
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.requests.push(seen);
        (this.queue.shift() ?? this.routes.get(seen.path) ?? this.otherwise)(res, seen);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  /** Stops listening and drops every connection, a held answer's too. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Starts a scripted server before the tests of the enclosing node:test suite (or file), and stops it after them. */
export function useScriptedServer(): ScriptedServer {
  const server = new ScriptedServer();
  before(() => server.start());
  after(() => server.close());
  return server;
}

/** A scripted server for one test: `use` gets it started, and it is stopped however `use` ends. */
export async function withScriptedServer<T>(use: (server: ScriptedServer) => Promise<T>): Promise<T> {
  const server = await new ScriptedServer().start();
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}
