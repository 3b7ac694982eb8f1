// The explorer's Operations group over 2,000+ operations (emulator --large 2000). Expanding it is
// one list request (the first page); "Load more" fetches the rest page by page. The target figure is
// the mapping once the data is there: getChildren of the group plus getTreeItem of every child, as
// VS Code calls them when it renders the group again (repeated; the fetch is timed apart).
import { median } from '../support';
import { lastRequest, requestsSince, requireApi, timed, type BenchContext } from './context';
import { settledRequests } from './requests';

const ROUNDS = 15;

export async function measureTree(ctx: BenchContext): Promise<void> {
  const api = requireApi(ctx);
  const { figures } = ctx;
  const { model, provider } = api.explorer;
  await model.refresh();
  const roots = await provider.getChildren();
  const group = roots.find((n) => n.kind === 'group' && n.group.id === 'operations');
  if (!group || group.kind !== 'group') throw new Error(`no Operations group among ${roots.length} root(s)`);

  // Expand: VS Code asks for the group's children, then a TreeItem for each.
  let since = await lastRequest(ctx);
  const first = await timed(async () => {
    const children = await provider.getChildren(group);
    for (const child of children) provider.getTreeItem(child);
    return children;
  });
  const expandRequests = await settledRequests(ctx, since);
  figures.add('requests.expandGroup', expandRequests.length);
  figures.note('requests.expandGroup', expandRequests.join(', ') || 'none');
  figures.add('tree.firstPageMs', first.ms);
  figures.add('tree.firstPageItems', first.value.filter((n) => n.kind === 'operation').length);

  // Load more until the whole group is there.
  since = await lastRequest(ctx);
  const all = await timed(async () => {
    for (let pages = 0; pages < 100; pages++) {
      const children = await provider.getChildren(group);
      if (!children.some((n) => n.kind === 'loadMore')) return children;
      await model.loadMore(group);
    }
    throw new Error('the group did not finish loading within 100 pages');
  });
  figures.add('tree.loadMoreRequests', (await requestsSince(ctx, since)).length);
  figures.add('tree.loadAllMs', all.ms);
  const items = all.value.filter((n) => n.kind === 'operation').length;
  figures.add('tree.items', items);

  // The mapping with the data loaded: what re-rendering the group costs the extension.
  const rounds: number[] = [];
  since = await lastRequest(ctx);
  for (let round = -2; round < ROUNDS; round++) {
    const { ms } = await timed(async () => {
      const children = await provider.getChildren(group);
      for (const child of children) provider.getTreeItem(child);
    });
    if (round >= 0) rounds.push(ms);
  }
  for (const ms of rounds) figures.add('tree.mapMs', ms);
  figures.note('tree.mapMs', `${items} operations, median of ${ROUNDS}: ${median(rounds).toFixed(1)} ms`);
  const extra = await requestsSince(ctx, since);
  if (extra.length) figures.note('tree.mapRequests', `re-rendering made requests: ${extra.join(', ')}`);
}
