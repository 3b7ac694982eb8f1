// A write sync: name, definition and switches as a JSON document (writeSyncDocument.ts), updated with
// the integer version read (spec §4.3). The spec states the identity lock: a change to a locked
// field is refused before anything is sent.
import * as l10n from '@vscode/l10n';
import type { WriteSync } from '../../api/schemas';
import { isIdOf } from '../../api/ids';
import type { KindModule } from '../contract/kindContract';
import { readOnlyEdits } from '../contract/readOnlyGroup';
import { codeSpan, heading, md, table, type Look } from '../contract/lookText';
import { OPERATION_INPUT, writeSyncEditFromText, writeSyncText, type WriteSyncEdit } from './writeSyncDocument';
import { lockedIdentityEdits } from './writeSyncIdentity';
import { writeSyncProblems } from './writeSyncRules';

export interface WriteSyncTokens {
  readonly kind: 'writeSync';
  expectedVersion: number;
  /** Whether the identity fields were locked when it was read. */
  identityLocked: boolean;
}

function snapshotOf(text: string, ws: { version: number; identityLocked: boolean }) {
  return {
    text,
    tokens: { kind: 'writeSync', expectedVersion: ws.version, identityLocked: ws.identityLocked } as const,
    label: l10n.t('version {0}', ws.version),
  };
}

/** The operation a write sync reads from, when its input is one. */
export function inputOperationId(w: WriteSync): string | undefined {
  const input = w.definition.input;
  return input.type === OPERATION_INPUT && input.operationId ? input.operationId : undefined;
}

function writeSyncLook(w: WriteSync, { singular }: { singular: string }): Look {
  const state = w.isEnabled ? (w.automaticEnabled ? l10n.t('enabled · automatic') : l10n.t('enabled · manual')) : l10n.t('disabled');
  const d = w.definition;
  const rows: [string, string][] = [
    [l10n.t('State'), state],
    [l10n.t('Version'), String(w.version)],
    [l10n.t('Source'), `${md(d.source.object)} (${codeSpan(d.source.resourceId)})`],
    [l10n.t('Destination'), `${md(d.destination.object)} (${codeSpan(d.destination.resourceId)})`],
    [l10n.t('Key column'), md(d.keyColumn)],
  ];
  const locked = w.identityLocked
    ? l10n.t('\n\n🔒 **Identity locked**: source, destination, key, matching field and managed field names are fixed.')
    : '';
  return {
    description: `${w.identityLocked ? `${l10n.t('locked')} · ` : ''}${state} · v${w.version}`,
    tooltip: `${heading(w.name, singular, w.id)}${locked}\n\n${table(rows)}`,
    icon: w.identityLocked ? { id: 'lock' } : w.isEnabled ? { id: 'sync' } : { id: 'sync-ignored' },
  };
}

export const writeSyncKind: KindModule<WriteSyncTokens, WriteSync> = {
  edit: {
    stateTokens: { expectedVersion: (v) => typeof v === 'number', identityLocked: (v) => typeof v === 'boolean' },
    async snapshot({ client }, file, o) {
      const ws = await client.getWriteSync(file.id, o);
      return snapshotOf(writeSyncText(ws), ws);
    },
    tokensKey: (t) => `writeSync:${t.expectedVersion}:${t.identityLocked ? 'locked' : 'open'}`,
    readOnlyEdits: (text, base) => [
      ...readOnlyEdits(text, base.text),
      ...(base.tokens.identityLocked ? lockedIdentityEdits(text, base.text) : []),
    ],
    check: writeSyncProblems,
    body: writeSyncEditFromText,
    send: async ({ client, file, text }, tokens, body) =>
      snapshotOf(text, await client.updateWriteSync(file.id, { expectedVersion: tokens.expectedVersion, ...(body as WriteSyncEdit) })),
  },
  explorer: {
    look: writeSyncLook,
    find: (client, id, o) => client.getWriteSync(id, o),
    identify: (w) => ({ id: w.id, resourceId: undefined, name: w.name }),
    revisionLabel: (w) => (typeof w.version === 'number' ? l10n.t('version {0}', w.version) : null),
    related(w) {
      const input = inputOperationId(w);
      return input ? [{ link: input, relation: 'inputOperation' }] : [];
    },
    reaches(w) {
      const input = inputOperationId(w);
      return isIdOf('operation', input) ? [input] : [];
    },
  },
};
