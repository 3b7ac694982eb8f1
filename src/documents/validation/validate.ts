// Local validation before a save is sent: what the service would refuse is shown at its line and the
// save does not leave the machine. Conflict markers are checked here for every kind; the rest is
// each kind's own checks (`check` in src/kinds/<kind>/<kind>Kind.ts). vscode-free.
import * as l10n from '@vscode/l10n';
import type { TsxCheckResult } from '../../dashboardLanguage/check/tsxCheck';
import { isError, type TextProblem } from '../model/saveTypes';
import { CONFLICT_START } from '../model/merge';
import type { CheckTools } from '../../kinds/contract/kindContract';
import { editOfView } from '../../kinds/kindModules';
import type { FileView } from '../../kinds/resourcePath';
import { isSingular } from '../../util/plural';
import { sentence } from '../../util/sentence';

export interface ValidateOptions {
  /**
   * Absolute path of the TSX parser bundle (`dist/tsx-check.js`, the Babel parser). It is required on
   * the first dashboard check only, so it stays out of the extension bundle and its activation.
   */
  tsxCheckPath: string;
}

type TsxCheck = (source: string) => TsxCheckResult;

function loadTsxCheck(path: string): TsxCheck {
  // A runtime require of a path the bundler does not follow; Node caches the module after the first call.
  let loaded: { checkTsx?: unknown };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(path) as { checkTsx?: unknown };
  } catch (e) {
    throw new Error(l10n.t('The TSX checker could not be loaded from {0}: {1}', path, e instanceof Error ? e.message : String(e)));
  }
  if (typeof loaded.checkTsx !== 'function') throw new Error(l10n.t('{0} does not export checkTsx.', path));
  return loaded.checkTsx as TsxCheck;
}

function tsxProblems(text: string, options: ValidateOptions): TextProblem[] {
  const result = loadTsxCheck(options.tsxCheckPath)(text);
  return result.ok ? [] : [{ message: result.message, line: result.line, column: result.column, severity: 'error', source: 'local' }];
}

/** Conflict markers left from a merge: each marker line is a problem, whatever the language. */
function markerProblems(text: string): TextProblem[] {
  const problems: TextProblem[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (line.startsWith(CONFLICT_START)) {
      problems.push({
        message: l10n.t('A merge conflict is still marked here: keep the lines you want, delete the markers, then save.'),
        severity: 'error',
        line: i + 1,
        column: 1,
        endLine: i + 1,
        endColumn: line.length + 1,
        source: 'local',
      });
    }
  });
  return problems;
}

/**
 * The problems of `text` as `view`, each with its severity: errors keep it from being sent,
 * warnings and information are shown and the save goes on.
 */
export async function validateText(view: FileView, text: string, options: ValidateOptions): Promise<TextProblem[]> {
  const edit = editOfView(view);
  // Read-only views are never saved.
  if (!edit) return [];
  const markers = markerProblems(text);
  if (markers.length) return markers;
  const tools: CheckTools = { tsx: (source) => tsxProblems(source, options) };
  return edit.check(text, tools);
}

function where(problem: TextProblem): string {
  return l10n.t('line {0}, column {1}', problem.line, problem.column);
}

/**
 * The one message a refused save shows, counting the errors only (warnings did not refuse it):
 * "Not saved: «Sales» has 1 problem — line 3, column 5: Unexpected token."
 */
export function refusalMessage(name: string, all: readonly TextProblem[]): string {
  const errors = all.filter(isError);
  const problems = errors.length ? errors : all;
  const first = problems[0];
  if (!first) return l10n.t('Not saved: «{0}» has problems.', name);
  const count = isSingular(problems.length) ? l10n.t('{0} problem', problems.length) : l10n.t('{0} problems', problems.length);
  const lead = problems.length === 1 ? where(first) : l10n.t('the first at {0}', where(first));
  return l10n.t('Not saved: «{0}» has {1} — {2}: {3}', name, count, lead, sentence(first.message));
}
