// The environments a folder's wsa.targets.json names that the user's connections do not: what the
// folder proposes. The file is anyone's commit, so it only proposes: an entry reaches the user's
// settings when the user adds it, and nothing is sent to its service before (nor after, without a
// key the user signs in with). Protection only goes up: a production target is added protected.
// vscode-free (mutation-tested).
import { originOf } from '../../connection/model/origins';
import { MAX_CONNECTIONS, parseConnections, type ConnectionEntry } from './connections';
import type { TargetDef } from './targets';

/** The targets no entry names (the same origin and workspace), in the file's order, the first of a place once. */
export function proposedConnections(targets: readonly TargetDef[], entries: readonly ConnectionEntry[]): TargetDef[] {
  const known = new Set(entries.map((e) => `${e.origin} ${e.workspaceId}`));
  const out: TargetDef[] = [];
  for (const t of targets) {
    const place = `${originOf(t.baseUrl)} ${t.workspace}`;
    if (known.has(place)) continue;
    known.add(place);
    out.push(t);
  }
  return out;
}

/** A connection id from a target's name (ids take no dots), unique without case among `taken`. */
function idFor(name: string, taken: Set<string>): string {
  const base = name.replaceAll('.', '-').slice(0, 60);
  let id = base;
  for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${base}-${n}`;
  taken.add(id.toLowerCase());
  return id;
}

/**
 * The setting's new value with `proposals` added after the entries it holds (kept as written): each
 * named and labelled by its target, with its stage, protected when the file says so or for
 * production. Nothing is added past MAX_CONNECTIONS.
 */
export function withProposals(value: unknown, proposals: readonly TargetDef[]): unknown[] {
  const list = Array.isArray(value) ? [...(value as unknown[])] : [];
  const taken = new Set(parseConnections(list).entries.map((e) => e.id.toLowerCase()));
  for (const t of proposals) {
    if (list.length >= MAX_CONNECTIONS) break;
    list.push({
      id: idFor(t.name, taken),
      label: t.name,
      baseUrl: t.baseUrl,
      workspaceId: t.workspace,
      stage: t.stage,
      protected: t.protected || t.stage === 'production',
    });
  }
  return list;
}
