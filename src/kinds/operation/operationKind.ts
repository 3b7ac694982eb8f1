// An operation: read-only here. Its handler code is the draft revision's value (the operation read
// does not carry it, spec §4.8); its definition is the operation read as the service returns it.
import * as l10n from '@vscode/l10n';
import { schemas } from '../../api/lazySchemas';
import type { Operation } from '../../api/schemas';
import type { KindModule } from '../contract/kindContract';
import { jsonText } from '../contract/jsonDocument';
import {
  codeSpan,
  escapeMarkdown,
  heading,
  md,
  revisionLabel,
  revisions,
  seq,
  shown,
  table,
  unpublishedRow,
  type Look,
} from '../contract/lookText';

const RELATION_LABELS: Record<string, string> = {
  parentDataFlow: l10n.t('parent data flow'),
  inputOperation: l10n.t('input operation'),
  dashboardOperation: 'operation',
  childOperation: 'step',
};

function operationLook(op: Operation, { singular, relation }: { singular: string; relation?: string | undefined }): Look {
  const parts = [shown(op.kind), shown(op.status), revisions(op.draft, op.published)];
  if (op.codeStale) parts.unshift(l10n.t('⚠ code stale'));
  if (relation) parts.unshift(RELATION_LABELS[relation] ?? relation);
  const rows: [string, string][] = [
    [l10n.t('Kind'), md(shown(op.kind))],
    [l10n.t('Status'), md(shown(op.status))],
    [l10n.t('Draft'), seq(op.draft)],
    [l10n.t('Published'), seq(op.published)],
    unpublishedRow(op.draft, op.published),
  ];
  if (op.parentDataFlowId) rows.push([l10n.t('Data flow'), codeSpan(op.parentDataFlowId)]);
  if (op.dataSourceIds.length) rows.push([l10n.t('Data sources'), op.dataSourceIds.map(codeSpan).join(', ')]);
  // A glyph, not `$(warning)`: a tooltip with service text in it renders no theme icons.
  const stale = op.codeStale ? l10n.t('\n\n⚠ **The handler code is stale**: regenerate it before running the operation.') : '';
  const instructions = op.instructions ? `\n\n${escapeMarkdown(op.instructions.slice(0, 500))}` : '';
  return {
    description: parts.join(' · '),
    tooltip: `${heading(op.name, singular, op.id)}${stale}${instructions}\n\n${table(rows)}`,
    icon: op.codeStale ? { id: 'warning', color: 'warning' } : { id: op.kind === 'dataFlow' ? 'type-hierarchy' : 'symbol-method' },
  };
}

export const operationKind: KindModule<never, Operation> = {
  readOnlyTexts: {
    async operationHandler({ client, revision }, file, o) {
      const operation = await client.getOperation(file.id, o);
      const value = schemas().OperationHandlerValue.safeParse((await revision(file.id, operation.draft.revisionId, o)).value);
      if (!value.success) throw new Error(l10n.t('The draft revision of operation {0} holds no handler source.', file.id));
      return value.data.source;
    },
    operation: async ({ client }, file, o) => jsonText(await client.getOperation(file.id, o)),
  },
  explorer: {
    look: operationLook,
    find: (client, id, o) => client.getOperation(id, o),
    identify: (op) => ({ id: op.id, resourceId: op.id, name: op.name }),
    revisionLabel: (op) => revisionLabel(op.draft),
    related: (op) => [
      { file: 'operation', label: l10n.t('Definition (JSON)') },
      ...(op.parentDataFlowId ? [{ link: op.parentDataFlowId, relation: 'parentDataFlow' } as const] : []),
      { steps: op.id },
      ...op.dataSourceIds.map((dataSource) => ({ dataSource })),
    ],
    reaches: (op) => (op.parentDataFlowId ? [op.parentDataFlowId] : []),
  },
};
