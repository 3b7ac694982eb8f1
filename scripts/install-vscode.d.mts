// Types for the harness's TypeScript, which imports install-vscode.mjs (plain JavaScript, so that
// `npm test` can run it before node_modules exists).
export declare const CHROMIUM: string;
export declare const CHROMIUM_SHELL: string;

export interface InstallPaths {
  readonly nodeDir: string;
  readonly node24: string;
  readonly codeServerEntry: string;
}
export declare function installPaths(cacheDir: string): InstallPaths;

export interface InstallOptions {
  readonly cacheDir: string;
  /** Also Debian's Chromium and its headless shell, which only the tests drive (default true; `npm start` needs neither). */
  readonly browser?: boolean;
}
export declare function ensureInstalled(say: (line: string) => void, options: InstallOptions): Promise<void>;

/** What the first run needs, one sentence. */
export declare const PREREQUISITES: string;
export interface MachineFacts {
  /** Nothing is missing in the cache folder. */
  readonly installed: boolean;
  readonly platform: string;
  readonly uid: number | undefined;
  /** Debian packages apt-get would install. */
  readonly missingPackages: readonly string[];
}
/** Why this machine cannot install what is missing (PREREQUISITES and the reason), or undefined. */
export declare function prerequisiteProblem(facts: MachineFacts): string | undefined;
export declare function machineProblem(options: InstallOptions): string | undefined;
