// The demo workspace: deterministic ids so docs and tests can name them (`demo.ids`). The keys,
// organizations and workspaces are made here; operations and dashboards in seedOperations.ts;
// databases, apps, write syncs and facts in seedResources.ts.
import type { ApiKeyRecord, DemoIds, DemoInfo, Permissions, StateSnapshot } from './core/records';
import { SeedBuilder, emptySnapshot, type SeedContext } from './seedBuilder';
import { seedOperations } from './seedOperations';
import { seedResources } from './seedResources';

export interface SeedOptions {
  /** How long the seeded `deploying` app takes to turn `live`. */
  deployDelayMs: number;
}

export function demoSnapshot(options: SeedOptions): StateSnapshot {
  const b = new SeedBuilder('wsa-demo-v1', '2025-03-03T09:00:00.000Z');
  const org = b.ids.id('organization', 12);
  const otherOrg = b.ids.id('organization', 12);
  const ws = b.ids.id('workspace', 12);
  const otherWs = b.ids.id('workspace', 12);
  const key = (name: string, workspaceIds: string[], permissions: Permissions, organizationId = org): ApiKeyRecord => ({
    secret: `apik_${b.ids.remainder(32)}`,
    id: `apik_${b.ids.remainder(10)}`,
    name,
    organizationId,
    workspaceIds,
    permissions,
  });
  const admin = key('Demo admin key', [ws, otherWs], { dashboardWrite: true, databaseAdmin: true });
  const readOnly = key('Demo read-only key', [ws, otherWs], { dashboardWrite: false, databaseAdmin: false });
  const editor = key('Demo dashboard editor key', [ws], { dashboardWrite: true, databaseAdmin: false });
  const sandboxOnly = key('Sandbox-only key', [otherWs], { dashboardWrite: true, databaseAdmin: true });
  const demo: DemoInfo = {
    apiKey: admin.secret,
    workspaceId: ws,
    otherWorkspaceId: otherWs,
    organizationId: org,
    readOnlyApiKey: readOnly.secret,
    editorApiKey: editor.secret,
    otherWorkspaceOnlyApiKey: sandboxOnly.secret,
    // Filled in below, section by section.
    ids: {} as DemoIds & Record<string, string>,
  };
  const s = emptySnapshot(demo);
  s.organizations.push({ id: org, name: 'Acme Corp' }, { id: otherOrg, name: 'Globex Inc' });
  s.workspaces.push({ id: ws, organizationId: org, name: 'Acme Analytics' }, { id: otherWs, organizationId: org, name: 'Acme Sandbox' });
  s.apiKeys.push(admin, readOnly, editor, sandboxOnly);
  const ctx: SeedContext = {
    b,
    s,
    ids: demo.ids,
    ws,
    otherWs,
    org,
    adminActor: admin.id,
    editorActor: editor.id,
    deployDelayMs: options.deployDelayMs,
  };
  Object.assign(demo.ids, {
    adminKeyActorId: admin.id,
    readOnlyKeyActorId: readOnly.id,
    editorKeyActorId: editor.id,
    otherWorkspaceOnlyKeyActorId: sandboxOnly.id,
    otherOrganizationId: otherOrg,
  });
  seedOperations(ctx);
  seedResources(ctx, otherOrg);
  return s;
}
