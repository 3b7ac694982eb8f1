// Names of history resources for titles and tabs, looked up once per resource and remembered; a
// lookup that fails leaves the id in place of the name, and the next call looks it up again. Also
// finds a dashboard's `oper_` id from its `rept_` resource (through the optional dashboards list),
// which Restore needs for the file. vscode-free.
import { kindOfId, type IdKind, type ServiceClient } from '../../api';
import { PromiseCache } from '../../util/async';

export class ResourceNames {
  private readonly names = new PromiseCache<string, string | undefined>();
  private dashboards: Promise<{ dashboardId: string; resourceId: string; name: string }[] | undefined> | undefined;

  constructor(private readonly client: () => ServiceClient) {}

  /** Remembers a name known from elsewhere (a tree item's label, a file name). */
  remember(resourceId: string, name: string): void {
    this.names.set(resourceId, name);
  }

  name(resourceId: string): Promise<string | undefined> {
    return this.names.get(resourceId, () => this.lookup(resourceId)).catch(() => undefined);
  }

  /** The `oper_` id of the dashboard whose resource is `rept_…`, when the service lists dashboards. */
  async dashboardId(resourceId: string): Promise<string | undefined> {
    return (await this.dashboardList())?.find((d) => d.resourceId === resourceId)?.dashboardId;
  }

  private lookup(resourceId: string): Promise<string | undefined> {
    const kind = kindOfId(resourceId);
    return (kind && this.lookups[kind]?.(resourceId)) ?? Promise.resolve(undefined);
  }

  /** How the name of each kind of history resource is found. */
  private readonly lookups: Partial<Record<IdKind, (resourceId: string) => Promise<string | undefined>>> = {
    operation: async (id) => (await this.client().getOperation(id)).name,
    application: async (id) => (await this.client().getApp(id)).name,
    dashboardResource: async (id) => (await this.dashboardList())?.find((d) => d.resourceId === id)?.name,
    database: async (id) => {
      const page = await this.client().listAll('databases');
      return page.supported ? page.items.find((d) => d.id === id)?.name : undefined;
    },
  };

  private dashboardList() {
    this.dashboards ??= this.client()
      .listAll('dashboards')
      .then((page) => (page.supported ? page.items : undefined))
      .catch(() => {
        this.dashboards = undefined;
        return undefined;
      });
    return this.dashboards;
  }
}
