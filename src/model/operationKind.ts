// An operation: read-only here. Its handler code is the draft revision's value (the operation read
// does not carry it, spec §4.8); its definition is the operation read as the service returns it.
import * as l10n from '@vscode/l10n';
import { schemas } from '../api/lazySchemas';
import type { Operation } from '../api/schemas';
import type { KindModule } from './kindModule';
import { jsonText } from './serialize';

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
    fromListItem: (item) => item as Operation,
    find: (client, id, o) => client.getOperation(id, o),
    reread: (client, current, o) => client.getOperation(current.id, o),
    identify: (op) => ({ id: op.id, resourceId: op.id, name: op.name }),
    reaches: (op) => (op.parentDataFlowId ? [op.parentDataFlowId] : []),
  },
};
