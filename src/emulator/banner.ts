// The five machine-readable lines the emulator's CLI prints first (main.ts), and their reading: by
// the extension's Connect to Local Emulator, the test harness and the benchmark. No Node or
// vscode imports.

export interface EmulatorEndpoint {
  /** Base URL of the service; paths start at `/v1` below it. */
  url: string;
  apiKey: string;
  workspaceId: string;
  /** Base URL of the emulator's admin endpoints. */
  adminUrl: string;
  /** The token every admin request sends as `Authorization: Bearer <adminToken>`. */
  adminToken: string;
}

const KEYS = ['WSA_EMULATOR_URL', 'WSA_API_KEY', 'WSA_WORKSPACE_ID', 'WSA_ADMIN_URL', 'WSA_ADMIN_TOKEN'] as const;

export function bannerLines(e: EmulatorEndpoint): string {
  return (
    `WSA_EMULATOR_URL=${e.url}\nWSA_API_KEY=${e.apiKey}\nWSA_WORKSPACE_ID=${e.workspaceId}\n` +
    `WSA_ADMIN_URL=${e.adminUrl}\nWSA_ADMIN_TOKEN=${e.adminToken}\n`
  );
}

/** Reads the emulator's output line by line; `read` returns the endpoint once all five lines came. */
export class BannerReader {
  private readonly seen = new Map<string, string>();

  read(line: string): EmulatorEndpoint | undefined {
    const m = /^(WSA_[A-Z_]+)=(.*)$/.exec(line.trim());
    if (m && !this.seen.has(m[1]!)) this.seen.set(m[1]!, m[2]!);
    if (!KEYS.every((k) => this.seen.has(k))) return undefined;
    return {
      url: this.seen.get('WSA_EMULATOR_URL')!.replace(/\/+$/, ''),
      apiKey: this.seen.get('WSA_API_KEY')!,
      workspaceId: this.seen.get('WSA_WORKSPACE_ID')!,
      adminUrl: this.seen.get('WSA_ADMIN_URL')!.replace(/\/+$/, ''),
      adminToken: this.seen.get('WSA_ADMIN_TOKEN')!,
    };
  }
}
