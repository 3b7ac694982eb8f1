// PUT /v1/write-syncs/{id} (README: "write sync update"; the spec shows only the read): the write
// sync's editable fields, guarded by the integer `version` read before (spec §4.3). The version goes
// + 1 on every accepted update. On an identity-locked write sync the identity fields (spec §2:
// source, destination, key, matching field, managed field names) must stay as they are.
import { HttpError } from '../core/http';
import { isRecord } from '../../util/isRecord';
import * as present from '../core/present';
import type { WriteSyncEndpoint, WriteSyncRecord } from '../core/records';
import type { BodyShape } from './bodyShape';
import type { Route } from './router';

const ENDPOINT: BodyShape = { resourceId: true, object: true, scope: true };
const BODY: BodyShape = {
  expectedVersion: true,
  name: true,
  definition: {
    source: ENDPOINT,
    destination: ENDPOINT,
    input: { type: true, operationId: true, revisionId: true, table: true },
    keyColumn: true,
    fields: true,
  },
  isEnabled: true,
  automaticEnabled: true,
};

type Definition = WriteSyncRecord['definition'];

function invalid(path: string, message: string): HttpError {
  return new HttpError(422, 'validation_failed', `${message} (at ${path}).`, { path });
}

function endpoint(value: unknown, at: string, what: string): WriteSyncEndpoint {
  if (!isRecord(value)) throw invalid(at, `The ${what} must be an object with resourceId, object and scope`);
  for (const field of ['resourceId', 'object', 'scope'] as const) {
    if (typeof value[field] !== 'string') throw invalid(`${at}/${field}`, `The ${what}'s ${field} must be a string`);
  }
  return { resourceId: value['resourceId'] as string, object: value['object'] as string, scope: value['scope'] as string };
}

/** The definition's rules (README); the first violation is a 422 whose `details.path` points at it. */
export function validateDefinition(value: unknown): Definition {
  if (!isRecord(value)) throw invalid('/definition', 'The definition must be an object');
  const source = endpoint(value['source'], '/definition/source', 'source');
  const destination = endpoint(value['destination'], '/definition/destination', 'destination');
  const input = value['input'];
  if (!isRecord(input)) throw invalid('/definition/input', 'The input must be an object with a type');
  if (typeof input['type'] !== 'string' || input['type'] === '')
    throw invalid('/definition/input/type', 'The input needs a type (a string)');
  // Only the `operation` input is shown in the spec; other types are taken as they come.
  if (input['type'] === 'operation') {
    for (const field of ['operationId', 'revisionId', 'table'] as const) {
      if (typeof input[field] !== 'string') throw invalid(`/definition/input/${field}`, `An operation input's ${field} must be a string`);
    }
  }
  const fields = value['fields'];
  if (!isRecord(fields)) throw invalid('/definition/fields', 'The fields mapping must be an object of strings');
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v !== 'string') throw invalid(`/definition/fields/${pointerSegment(k)}`, `The field mapping of "${k}" must be a string`);
  }
  const keyColumn = value['keyColumn'];
  if (typeof keyColumn !== 'string' || keyColumn === '')
    throw invalid('/definition/keyColumn', 'The key column must be a non-empty string');
  if (!Object.hasOwn(fields, keyColumn))
    throw invalid('/definition/keyColumn', `The key column "${keyColumn}" is not a key of the fields mapping`);
  return {
    source,
    destination,
    input: { ...input } as Definition['input'],
    keyColumn,
    fields: { ...(fields as Record<string, string>) },
  };
}

function pointerSegment(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function sameEndpoint(a: WriteSyncEndpoint, b: WriteSyncEndpoint): boolean {
  return a.resourceId === b.resourceId && a.object === b.object && a.scope === b.scope;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}

/**
 * The identity fields of a locked write sync, each compared with what is stored: the first that
 * changed is a 422 naming it. README: the matching field is the `fields` entry of the key column; the
 * managed field names are the keys and the values of `fields`, as two sets (their order is free).
 */
export function checkIdentity(current: Definition, next: Definition): void {
  if (!sameEndpoint(current.source, next.source))
    throw invalid('/definition/source', 'The source is an identity field and is fixed on this locked write sync');
  if (!sameEndpoint(current.destination, next.destination))
    throw invalid('/definition/destination', 'The destination is an identity field and is fixed on this locked write sync');
  if (current.keyColumn !== next.keyColumn)
    throw invalid('/definition/keyColumn', 'The key column is an identity field and is fixed on this locked write sync');
  if (current.fields[current.keyColumn] !== next.fields[next.keyColumn])
    throw invalid(
      `/definition/fields/${pointerSegment(next.keyColumn)}`,
      'The matching field (the key column\'s entry of "fields") is an identity field and is fixed on this locked write sync',
    );
  if (
    !sameSet(Object.keys(current.fields), Object.keys(next.fields)) ||
    !sameSet(Object.values(current.fields), Object.values(next.fields))
  )
    throw invalid('/definition/fields', 'The managed field names (the keys and values of "fields") are fixed on this locked write sync');
}

function parseBody(input: unknown): { expectedVersion: number; body: Record<string, unknown> } {
  if (!isRecord(input) || typeof input['expectedVersion'] !== 'number' || !Number.isInteger(input['expectedVersion'])) {
    throw new HttpError(
      400,
      'bad_request',
      'Expected {expectedVersion: <integer version read>, name, definition, isEnabled, automaticEnabled}.',
    );
  }
  return { expectedVersion: input['expectedVersion'], body: input };
}

export const writeSyncRoutes: Route[] = [
  {
    method: 'PUT',
    path: '/v1/write-syncs/:writeSyncId',
    scope: 'workspace',
    ids: { writeSyncId: 'writeSync' },
    bodyFields: BODY,
    handle: async ({ store, workspace, params, body }) => {
      const id = params['writeSyncId']!;
      const ws = store.writeSyncs.inWorkspace(id, workspace.id);
      if (!ws) throw new HttpError(404, 'not_found', `No write sync ${id} in this workspace.`);
      const { expectedVersion, body: input } = parseBody(await body());
      if (expectedVersion !== ws.version) {
        throw new HttpError(
          409,
          'conflict',
          `The write sync changed since it was read: its version is ${ws.version}, not ${expectedVersion}.`,
          { current: present.writeSync(ws) },
        ).withPlainDetail('The write sync changed since it was read; read it again.');
      }
      const name = input['name'];
      if (typeof name !== 'string' || name.trim() === '') throw invalid('/name', 'A write sync needs a non-empty name');
      const definition = validateDefinition(input['definition']);
      for (const flag of ['isEnabled', 'automaticEnabled'] as const) {
        if (typeof input[flag] !== 'boolean') throw invalid(`/${flag}`, `${flag} must be true or false`);
      }
      if (ws.identityLocked) checkIdentity(ws.definition, definition);
      const updated = store.updateWriteSync(ws, {
        name,
        definition,
        isEnabled: input['isEnabled'] as boolean,
        automaticEnabled: input['automaticEnabled'] as boolean,
      });
      return { data: present.writeSync(updated) };
    },
  },
];
