// The no-types variant's dashboards: a service whose runtime has other module names and which
// dashboards import in other styles. Editing them must give no false error ("cannot find module",
// unknown JSX element) even though nothing declares those modules.
import type { StateSnapshot } from './core/records';

/** How each seed dashboard imports its runtime, by the dashboard's position in the seed. */
export const OTHER_RUNTIME_IMPORTS = [
  { style: 'default', module: '@acme/dashboard-kit', local: 'Kit' },
  { style: 'namespace', module: '@acme/dashboard-kit', local: 'ui' },
  { style: 'named', module: 'acme-dashboards/runtime', local: '' },
] as const;

export type OtherRuntimeImport = (typeof OTHER_RUNTIME_IMPORTS)[number];

const RUNTIME_IMPORT = /^import \{([^}]*)\} from '@workspace\/dashboard';$/m;

/**
 * `source` with its `@workspace/dashboard` import replaced: a default or namespace import whose
 * members are then used as `Kit.Card`, or the same named import from another module.
 */
export function importRuntimeAs(source: string, how: OtherRuntimeImport): string {
  const match = RUNTIME_IMPORT.exec(source);
  if (!match) return source;
  const names = match[1]!
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const before = source.slice(0, match.index);
  let after = source.slice(match.index + match[0].length);
  if (how.style === 'named') return `${before}import { ${names.join(', ')} } from '${how.module}';${after}`;
  // Every use of an imported name becomes a member access; `.x`, `x:` keys and longer names stay.
  for (const name of names) after = after.replace(new RegExp(`(?<![\\w$.])${name}(?![\\w$])`, 'g'), `${how.local}.${name}`);
  const clause = how.style === 'default' ? how.local : `* as ${how.local}`;
  return `${before}import ${clause} from '${how.module}';${after}`;
}

/** Rewrites every revision of every dashboard in `s`, each dashboard in its own import style. */
export function useOtherRuntimeNames(s: StateSnapshot): void {
  s.dashboards.forEach((dashboard, i) => {
    const how = OTHER_RUNTIME_IMPORTS[i % OTHER_RUNTIME_IMPORTS.length]!;
    const history = s.histories.find((h) => h.resourceId === dashboard.resourceId);
    for (const revision of history?.revisions ?? []) {
      const source = revision.value['source'];
      if (typeof source === 'string') revision.value = { ...revision.value, source: importRuntimeAs(source, how) };
    }
  });
}
