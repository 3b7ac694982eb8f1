// The one notification a pull or a push ends with: every outcome in it, the worst first, and its
// severity. Pure (no vscode), so the wording is unit-tested. Paths and messages come from the folder
// and the service: the notification shows them with their control characters escaped (notify.ts).
import * as l10n from '@vscode/l10n';
import type { PullReport, PushReport } from '../engine/engineApi';

export type Severity = 'info' | 'warning' | 'error';

function names(paths: readonly string[], nameOf: (path: string) => string): string {
  return paths.map((p) => `«${nameOf(p)}»`).join(', ');
}

export function pushMessage(report: PushReport, nameOf: (path: string) => string): [Severity, string] {
  const by = (...outcomes: string[]) => report.files.filter((f) => outcomes.includes(f.outcome));
  const parts: string[] = [];
  let severity: Severity = 'info';
  for (const f of by('failed')) {
    severity = 'error';
    // Not "was not sent": a save whose answer was lost may have reached the service (its cause says so).
    parts.push(l10n.t('Could not push «{0}»: {1}', nameOf(f.path), f.message ?? ''));
  }
  for (const f of by('notRegular')) {
    severity = 'error';
    parts.push(l10n.t('«{0}» was not sent: {1}', nameOf(f.path), f.message ?? ''));
  }
  for (const f of by('refused', 'readOnly')) {
    severity = 'error';
    const problem = f.problems?.find((p) => p.severity === 'error') ?? f.problems?.[0];
    parts.push(
      problem
        ? l10n.t('«{0}» was not sent: line {1}: {2}', nameOf(f.path), problem.line, problem.message)
        : l10n.t('«{0}» was not sent: {1}', nameOf(f.path), f.message ?? ''),
    );
  }
  const conflicts = by('conflict');
  if (conflicts.length) {
    if (severity === 'info') severity = 'warning';
    parts.push(
      l10n.t(
        '{0} changed on the service where it changed here: nothing was sent and your text is kept. Merge in the merge editor, save, then push again.',
        names(
          conflicts.map((f) => f.path),
          nameOf,
        ),
      ),
    );
  }
  const merged = by('merged');
  if (merged.length) {
    if (severity === 'info') severity = 'warning';
    parts.push(
      l10n.t(
        '{0} changed on the service too; the changes merged cleanly into the file, which is not sent yet: look at the diff, then push again.',
        names(
          merged.map((f) => f.path),
          nameOf,
        ),
      ),
    );
  }
  const gone = by('goneRemote');
  if (gone.length) {
    if (severity === 'info') severity = 'warning';
    parts.push(
      l10n.t(
        '{0} is gone from the service: not sent, the file is kept.',
        names(
          gone.map((f) => f.path),
          nameOf,
        ),
      ),
    );
  }
  const pushed = by('pushed');
  if (pushed.length)
    parts.unshift(
      l10n.t(
        'Pushed {0}.',
        names(
          pushed.map((f) => f.path),
          nameOf,
        ),
      ),
    );
  if (!parts.length) parts.push(l10n.t('Nothing to push: no file changed here.'));
  parts.push(...(report.notes ?? []));
  return [severity, parts.join(' ')];
}

export function pullMessage(report: PullReport, folderName: string): [Severity, string] {
  const count = (outcome: string) => report.files.filter((f) => f.outcome === outcome);
  const [added, updated, conflicts, gone, failed, notRegular] = ['added', 'updated', 'conflict', 'goneRemote', 'failed', 'notRegular'].map(
    count,
  ) as [PullReport['files'], PullReport['files'], PullReport['files'], PullReport['files'], PullReport['files'], PullReport['files']];
  // The failures first: the notification is an error, and its first words say what failed.
  const parts = [
    ...failed.map((f) => l10n.t('Could not pull {0}: {1}', f.path, f.message ?? '')),
    l10n.t('Pulled into {0}: {1} new, {2} updated.', folderName, added.length, updated.length),
  ];
  let severity: Severity = failed.length ? 'error' : 'info';
  if (conflicts.length) {
    if (severity === 'info') severity = 'warning';
    parts.push(
      l10n.t(
        '{0} changed here and on the service: your text is kept, see Conflicts in Source Control.',
        conflicts.map((f) => f.path).join(', '),
      ),
    );
  }
  if (gone.length) {
    if (severity === 'info') severity = 'warning';
    parts.push(l10n.t('Gone from the service, kept here: {0}.', gone.map((f) => f.path).join(', ')));
  }
  for (const f of notRegular) {
    if (severity === 'info') severity = 'warning';
    parts.push(l10n.t('Not written: {0}', f.message ?? f.path));
  }
  if (report.overLimit && severity === 'info') severity = 'warning';
  parts.push(...report.notes);
  return [severity, parts.join(' ')];
}
