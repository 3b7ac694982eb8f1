// The public route table's types and matcher: 404 for an unknown path, 405 (with Allow) for a
// known path and another method.
import type { IdKind } from '../../api/ids';
import type { Store } from '../core/store';
import type { ApiKeyRecord, WorkspaceRecord } from '../core/records';
import type { VariantSet } from '../core/variants';
import type { BodyShape } from './bodyShape';

export type Method = 'GET' | 'PUT' | 'POST';

export interface RouteContext {
  store: Store;
  key: ApiKeyRecord;
  /** The workspace of a workspace-scoped route; organization-scoped routes get none. */
  workspace: WorkspaceRecord;
  params: Record<string, string>;
  query: URLSearchParams;
  body(): Promise<unknown>;
  now: number;
  variants: VariantSet;
  /** The `{data}` body as this emulator writes it (with the extra-fields variant applied). */
  envelope(data: unknown): string;
}

/** `data` is wrapped in the envelope; `body` is an already serialized envelope. */
export type RouteResult = { status?: number; data: unknown } | { status?: number; body: string };

export interface Route {
  method: Method;
  path: string;
  scope: 'workspace' | 'organization';
  /** Path parameters and the id kinds they accept (400 invalid_id otherwise). */
  ids: Record<string, IdKind | readonly IdKind[]>;
  /** Checked before the body is read, after auth and workspace. */
  permission?: 'dashboardWrite' | 'databaseAdmin';
  /** A list endpoint (README: list endpoints); the no-lists variant leaves it out. */
  list?: true;
  /** The fields the request body may hold; the strict-bodies variant refuses any other. */
  bodyFields?: BodyShape;
  handle(ctx: RouteContext): RouteResult | Promise<RouteResult>;
}

interface Compiled {
  route: Route;
  segments: string[];
}

export type Match =
  { kind: 'route'; route: Route; params: Record<string, string> } | { kind: 'method'; allow: string[] } | { kind: 'none' };

export class Router {
  private readonly compiled: Compiled[];

  constructor(routes: readonly Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));
  }

  match(method: string, path: string): Match {
    const parts = path.split('/').slice(1);
    let allow: string[] | undefined;
    for (const { route, segments } of this.compiled) {
      const params = matchSegments(segments, parts);
      if (!params) continue;
      if (route.method === method) return { kind: 'route', route, params };
      (allow ??= []).push(route.method);
    }
    return allow ? { kind: 'method', allow } : { kind: 'none' };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const v = parts[i]!;
    if (p.startsWith(':')) {
      if (v === '') return undefined;
      params[p.slice(1)] = safeDecode(v);
    } else if (p !== v) return undefined;
  }
  return params;
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
