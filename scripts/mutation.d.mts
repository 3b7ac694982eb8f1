// Types for the unit tests, which import mutation.mjs (plain JavaScript, run by npm scripts).
export interface OwnFile {
  readonly file: string;
  readonly sha256: string;
}
export declare const COMMITTED_REPORT: string;
export declare function testIdentities(names: readonly string[], cwd?: string): Promise<Map<string, OwnFile[]>>;
export declare function identityText(files: readonly OwnFile[]): string;
export declare function writeTestIdentities(names: readonly string[], cwd?: string): Promise<void>;
export declare function parseArgs(argv: readonly string[]): { full: boolean; incrementalFile: string };
