// What the service holds for a folder: the resources each kind lists, and the current state of one
// file, read with bounded concurrency and an overall deadline. vscode-free.
import * as l10n from '@vscode/l10n';
import { ApiError, isIdOf, listStopMessage, CursorTrail, type ServiceClient } from '../../api';
import { KINDS, openView, RESOURCE_KINDS, type ResourceKind } from '../../kinds/resourceKinds';
import type { ResourceReader } from '../../documents/model/resourceReader';
import type { ResourceFile } from '../../kinds/resourcePath';
import type { SaveTokens, ServerSnapshot } from '../../documents/model/saveTypes';
import { describeFailure } from './folderMessages';
import type { ResourceRef } from './folderScope';
import type { FileEntry } from './folderState';
import { textHash } from './folderText';

/** At most this many files in one folder, as the explorer shows at most this many of a kind. */
export const MAX_FOLDER_FILES = 10_000;

/** A resource a list shows, with the name its file is named after. */
export interface Listed extends ResourceRef {
  name: string;
}

export interface Listing {
  items: Listed[];
  notListed: ResourceKind[];
  notes: string[];
}

/** The id a list item names: its own `id`, or (a dashboard summary) its `dashboardId`. */
function listedId(item: Record<string, unknown>, kind: ResourceKind): string | undefined {
  const idKind = RESOURCE_KINDS[kind].idKind;
  for (const key of ['id', 'dashboardId']) if (isIdOf(idKind, item[key])) return item[key] as string;
  return undefined;
}

/** Every resource the service lists, per kind; a kind without a list is named in `notListed`. */
export async function listRemote(client: ServiceClient, kinds: readonly ResourceKind[] = KINDS, signal?: AbortSignal): Promise<Listing> {
  const out: Listing = { items: [], notListed: [], notes: [] };
  for (const kind of kinds) {
    const spec = RESOURCE_KINDS[kind];
    try {
      const page = await client.listAll(spec.collection, { signal, maxItems: MAX_FOLDER_FILES });
      if (!page.supported) {
        out.notListed.push(kind);
        continue;
      }
      if (page.stopped)
        out.notes.push(listStopMessage(page.stopped, spec.plural, page.items.length, new CursorTrail(undefined, MAX_FOLDER_FILES)));
      for (const item of page.items) {
        const record = item as Record<string, unknown>;
        const id = listedId(record, kind);
        if (id) out.items.push({ kind, id, name: typeof record.name === 'string' ? record.name : id });
      }
    } catch (e) {
      out.notes.push(l10n.t('The {0} could not be listed: {1}', spec.plural, describeFailure(e)));
    }
  }
  return out;
}

export type RemoteState =
  { status: 'present'; text: string; snapshot?: ServerSnapshot } | { status: 'gone' } | { status: 'error'; message: string };

export function resourceFile(workspaceId: string, kind: ResourceKind, id: string, name: string): ResourceFile {
  return { workspaceId, view: openView(kind), id, name };
}

export async function readRemote(reader: ResourceReader, file: ResourceFile, signal?: AbortSignal): Promise<RemoteState> {
  try {
    const content = await reader.read(file, { signal });
    return content.snapshot
      ? { status: 'present', text: content.text, snapshot: content.snapshot }
      : { status: 'present', text: content.text };
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'notFound') return { status: 'gone' };
    return { status: 'error', message: describeFailure(e) };
  }
}

/** JSON with sorted keys: two token objects are the same state when this is equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export function sameTokens(a: SaveTokens | undefined, b: SaveTokens | undefined): boolean {
  return canonical(a ?? null) === canonical(b ?? null);
}

/** Whether the service moved since the entry's base: its tokens, or its text, differ. */
export function remoteMoved(entry: FileEntry, remote: Extract<RemoteState, { status: 'present' }>): boolean {
  return !sameTokens(entry.tokens, remote.snapshot?.tokens) || textHash(remote.text) !== entry.hash;
}
