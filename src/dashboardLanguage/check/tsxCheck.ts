// Syntax check for dashboard TSX, shared by the emulator (server-side validation) and the
// extension's pre-save check (lazy bundle dist/tsx-check.js). Pure: no I/O, no vscode.
import { parse } from '@babel/parser';

export type TsxCheckResult = { ok: true } | { ok: false; message: string; line: number; column: number };

/** Parses `source` as a TypeScript + JSX module; on failure returns the first error, 1-based. */
export function checkTsx(source: string): TsxCheckResult {
  try {
    parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: false });
    return { ok: true };
  } catch (err) {
    const e = err as { message?: unknown; loc?: { line?: unknown; column?: unknown } };
    const line = typeof e.loc?.line === 'number' ? e.loc.line : 1;
    // Babel columns are 0-based; editors and the wire use 1-based.
    const column = typeof e.loc?.column === 'number' ? e.loc.column + 1 : 1;
    const raw = typeof e.message === 'string' ? e.message : String(err);
    // Babel appends " (line:column)"; the position is reported separately.
    const message = raw.replace(/\s*\(\d+:\d+\)\s*$/, '');
    return { ok: false, message, line, column };
  }
}
