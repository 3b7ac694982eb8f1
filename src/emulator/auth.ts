// API key and workspace resolution (README: key carrier, workspace carrier, permissions).
import type { IncomingHttpHeaders } from 'node:http';
import { isIdOf } from '../api/ids';
import { HttpError } from './core/http';
import type { Store } from './core/store';
import type { ApiKeyRecord, WorkspaceRecord } from './core/records';

export interface AuthOptions {
  /** Header carrying the key; matched case-insensitively. */
  authHeader: string;
  /** Scheme before the key (`Bearer`); '' means the header holds the bare key. */
  authScheme: string;
  workspaceHeader: string;
}

export class Authenticator {
  private readonly authHeader: string;
  private readonly schemePrefix: string;
  private readonly workspaceHeader: string;

  constructor(
    private readonly store: () => Store,
    options: AuthOptions,
  ) {
    this.authHeader = options.authHeader.toLowerCase();
    this.schemePrefix = options.authScheme ? `${options.authScheme.toLowerCase()} ` : '';
    this.workspaceHeader = options.workspaceHeader.toLowerCase();
  }

  /** The key named by the request's auth header, or 401. */
  key(headers: IncomingHttpHeaders): ApiKeyRecord {
    const raw = headers[this.authHeader];
    // Stryker disable next-line ConditionalExpression: Node gives a request header as one string (a repeated one is joined or dropped), never a list
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!value) throw new HttpError(401, 'unauthorized', `Missing API key: send it in the ${this.describeCarrier()} header.`);
    let secret = value;
    if (this.schemePrefix) {
      if (value.slice(0, this.schemePrefix.length).toLowerCase() !== this.schemePrefix) {
        throw new HttpError(401, 'unauthorized', `The ${this.authHeader} header must be "${this.describeCarrier()}".`);
      }
      secret = value.slice(this.schemePrefix.length).trim();
    }
    const key = this.store().keysBySecret.get(secret);
    if (!key) throw new HttpError(401, 'unauthorized', 'The API key is not valid.');
    return key;
  }

  /** The raw workspace header value, for the request log. */
  workspaceHeaderValue(headers: IncomingHttpHeaders): string | null {
    const raw = headers[this.workspaceHeader];
    // Stryker disable next-line ConditionalExpression: as in key()
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    return value ? value : null;
  }

  /** The workspace the request acts in: 400 without the header, 403 when the key may not act there. */
  workspace(headers: IncomingHttpHeaders, key: ApiKeyRecord): WorkspaceRecord {
    const id = this.workspaceHeaderValue(headers);
    const name = this.describeWorkspaceHeader();
    if (!id)
      throw new HttpError(400, 'workspace_required', `This request acts in a workspace: send its id (wksp_…) in the ${name} header.`);
    if (!isIdOf('workspace', id)) {
      throw new HttpError(
        400,
        'invalid_id',
        `The ${name} header must hold a workspace id (wksp_…), got ${JSON.stringify(String(id).slice(0, 60))}.`,
      );
    }
    const workspace = this.store().workspaces.get(id);
    if (!workspace || !key.workspaceIds.includes(id) || workspace.organizationId !== key.organizationId) {
      throw new HttpError(403, 'forbidden', `This API key may not act in workspace ${id}.`, { permission: 'workspace', workspaceId: id });
    }
    return workspace;
  }

  private describeCarrier(): string {
    return this.schemePrefix ? `${this.authHeader}: ${this.schemePrefix}apik_…` : `${this.authHeader}: apik_…`;
  }

  private describeWorkspaceHeader(): string {
    return this.workspaceHeader;
  }
}

// Permissions live in core, so that the routes can check one that depends on the resource.
export { requirePermission } from './core/permissions';
