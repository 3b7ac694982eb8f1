// `wsa promote <folder> --from dev --to prod`: the resources of one target of the folder's
// wsa.targets.json, read live from its service, promoted into another's through the promote engine
// (src/environments/engine/). The plan is printed first; `--plan` stops there. Each target is
// resolved as `--target` resolves it (its own key, its base URL confirmed by its own variable: one
// --base-url cannot confirm two services), and a protected target asks once for the whole plan, in
// a terminal, or needs --yes; without a terminal and without --yes it exits 3 before any request.
// The bindings an apply records go back into the file's "bindings", every other key kept. vscode-free.
import * as l10n from '@vscode/l10n';
import { resolve } from 'node:path';
import { createClient, DEFAULT_CONNECTION, type ServiceClient } from '../api';
import { CARRIER_FLAG_SPECS, KEY_VARIABLE, PLAIN_HTTP_FLAG, refuseKeyArguments } from './args/connectionFlags';
import { UsageError, type FlagSpec, type ParsedArgs } from './args/flags';
import { EXIT, JSON_FLAG, printFailure } from './folderCli';
import { YES_FLAG, type TargetIo } from './targetCli';
import { bindingsFileText, BindingsError, parseBindings } from '../environments/model/bindings';
import {
  confirmProtectedWrite,
  confirmsBaseUrl,
  ProtectedTargetError,
  resolveTarget,
  type ResolvedTarget,
} from '../environments/model/targetResolution';
import { MAX_TARGETS_BYTES, readTargetsFile, TARGETS_FILE, TargetsFileError, type TargetsFile } from '../environments/model/targets';
import type { PlanEntry } from '../environments/model/plan';
import type { PromoteOutcome, PromoteResult } from '../environments/engine/promoteApply';
import type { PromotionPlan } from '../environments/engine/promote';
import { describeFailure, FolderStateError, readState, targetLayout, type FolderState } from '../localFolders/engine/engineApi';
import { readText, replaceFile } from '../localFolders/engine/folderFiles';
import { inertJson, inertLines, visible } from '../util/visibleText';

export const FROM_FLAG = {
  name: '--from',
  value: '<name>',
  help: `the target of ${TARGETS_FILE} promoted from: its resources are read from its service (the folder's files are not sent)`,
} as const satisfies FlagSpec;

export const TO_FLAG = {
  name: '--to',
  value: '<name>',
  help: `the target of ${TARGETS_FILE} promoted into: only resources it already has are updated (the service has no create)`,
} as const satisfies FlagSpec;

export const PLAN_FLAG = { name: '--plan', help: 'print the plan and send nothing' } as const satisfies FlagSpec;

export const OVERWRITE_DRIFT_FLAG = {
  name: '--overwrite-drift',
  help: 'plan an update where the target changed since the last promotion from the source (drift), replacing that change; without it such a resource is left as it is',
} as const satisfies FlagSpec;

export const PROMOTE_FLAGS = [
  FROM_FLAG,
  TO_FLAG,
  PLAN_FLAG,
  OVERWRITE_DRIFT_FLAG,
  YES_FLAG,
  ...CARRIER_FLAG_SPECS,
  JSON_FLAG,
  PLAIN_HTTP_FLAG,
] as const;

export const PROMOTE_NOTES = `Each target's key is read from ${KEY_VARIABLE} with the target's name added in upper case, - as _
(${KEY_VARIABLE}_PROD for prod), and sent only to the service that WORKSPACE_AUTOMATION_BASE_URL with the
same ending confirms: the committed ${TARGETS_FILE} never chooses where a key goes. The resources promoted
are those of the folder's --from state (.wsa/targets/<from>.json) when it has one, else every resource
the source lists that can be edited. Each gets one action: update, unchanged, unbound (no counterpart:
create it on the target, then bind), blocked (a reference without a binding, or two candidates) or
drift (the target changed since the last promotion). An update is saved with the target's tokens read
for the plan: a target changed since is a conflict, and nothing of it is overwritten. Dashboards,
databases and apps get a draft; publishing stays a step of its own.

Exit codes: ${EXIT.done} every update saved, nothing blocked or drifted; ${EXIT.conflict} a conflict, or a blocked or
drifted resource to look at; ${EXIT.error} a save refused, or an error; ${EXIT.declined} a protected target not confirmed: nothing was sent.`;

type PromoteArgs = ParsedArgs<typeof PROMOTE_FLAGS>;

/** The resources of the source state, by id, with their files: what `wsa pull --target <from>` brought in. */
function sourcesOf(state: FolderState | undefined): { ids?: string[]; files?: Record<string, string> } {
  if (!state) return {};
  const files: Record<string, string> = {};
  for (const [path, entry] of Object.entries(state.files)) files[entry.id] ??= path;
  return { ids: Object.keys(files), files };
}

/** The folder's state for the source target: its own, or the folder's one state when it is that target's. */
async function sourceState(folder: string, from: ResolvedTarget): Promise<FolderState | undefined> {
  const own = await readState(folder, targetLayout(from.name).stateFile);
  if (own) return own;
  const single = await readState(folder).catch((e: unknown) => {
    if (e instanceof FolderStateError) return undefined;
    throw e;
  });
  const same = single && single.connection.workspaceId === from.workspace && confirmsBaseUrl(single.connection.baseUrl, from.baseUrl);
  return same ? single : undefined;
}

const entryJson = ({ file, kind, sourceId, targetId, action, reason }: PlanEntry) => ({
  file: file ?? null,
  kind,
  sourceId,
  targetId,
  action,
  reason,
});

function planLines(plan: PromotionPlan): string[] {
  const lines = plan.entries.flatMap((e) => [
    `  ${e.action.padEnd(10)} ${visible(e.file ?? e.name ?? e.sourceId)} — ${visible(e.reason)}`,
    // The target's own values, never copied: said, so that nobody expects them to move.
    ...(e.kept?.length ? [`             ${l10n.t('kept on {0}: {1}', plan.to, e.kept.join(', '))}`] : []),
  ]);
  const counts = new Map<string, number>();
  for (const e of plan.entries) counts.set(e.action, (counts.get(e.action) ?? 0) + 1);
  const summary = [...counts].map(([k, v]) => `${v} ${k}`).join(', ') || l10n.t('nothing to promote');
  return [...lines, ...plan.notes.map((n) => `  ${visible(n)}`), l10n.t('Plan from {0} to {1}: {2}.', plan.from, plan.to, summary)];
}

function outcomeLines(outcomes: readonly PromoteOutcome[]): string[] {
  return outcomes.map(
    (o) => `  ${o.outcome.padEnd(10)} ${visible(o.file ?? o.sourceId)} → ${o.targetId}${o.message ? ` — ${visible(o.message)}` : ''}`,
  );
}

/** The exit code of a plan (and of what applying it did). */
export function promoteExit(plan: PromotionPlan, result?: PromoteResult): number {
  if (result?.outcomes.some((o) => o.outcome === 'invalid' || o.outcome === 'failed')) return EXIT.error;
  if (result?.outcomes.some((o) => o.outcome === 'conflict')) return EXIT.conflict;
  return plan.entries.some((e) => e.action === 'blocked' || e.action === 'drift') ? EXIT.conflict : EXIT.done;
}

async function targetsOf(folder: string): Promise<TargetsFile> {
  const file = await readTargetsFile(folder);
  if (!file) throw new UsageError(l10n.t('{0} has no {1}: --from and --to name its targets.', folder, TARGETS_FILE));
  return file;
}

/** The file's text again, just before it is written: a change made meanwhile to any other key is kept. */
async function writeBindings(folder: string, result: PromoteResult): Promise<void> {
  const text = await readText(folder, TARGETS_FILE, MAX_TARGETS_BYTES);
  if (text === undefined) throw new UsageError(l10n.t('{0} is gone: the bindings could not be recorded.', TARGETS_FILE));
  await replaceFile(folder, TARGETS_FILE, bindingsFileText(text, result.bindings));
}

/** What a promotion printed: the plan, then what applying it did, as lines or as one JSON answer. */
function report(io: TargetIo, json: boolean, plan: PromotionPlan, result?: PromoteResult): number {
  const code = promoteExit(plan, result);
  if (json) {
    const answer = {
      plan: plan.entries.map(entryJson),
      ...(result ? { outcomes: result.outcomes } : {}),
      notes: plan.notes,
      exitCode: code,
    };
    io.out(inertJson(JSON.stringify(answer, null, 2)));
  } else if (result) {
    const saved = result.outcomes.filter((o) => o.outcome === 'saved').length;
    io.out(
      inertLines([...outcomeLines(result.outcomes), l10n.t('Promoted: {0} of {1} updates saved.', saved, plan.updates.length)].join('\n')),
    );
  }
  return code;
}

/** The two targets of the command line, resolved: each its own key, each its service confirmed by its own variable. */
function targetsNamed(file: TargetsFile, args: PromoteArgs, io: TargetIo): { from: ResolvedTarget; to: ResolvedTarget } {
  const fromName = args.flags['--from'];
  const toName = args.flags['--to'];
  if (!fromName || !toName) throw new UsageError(l10n.t('promote needs --from and --to, each a target of {0}.', TARGETS_FILE));
  if (fromName === toName) throw new UsageError(l10n.t('--from and --to name the same target {0}.', fromName));
  const flags = {
    carriers: {
      '--auth-header': args.flags['--auth-header'],
      '--auth-scheme': args.flags['--auth-scheme'],
      '--workspace-header': args.flags['--workspace-header'],
    },
    allowPlainHttp: args.flags['--allow-plain-http'] === true,
  };
  const from = resolveTarget(file, fromName, io.env, flags);
  const to = resolveTarget(file, toName, io.env, flags);
  // Either target's key is refused as an argument, as the unnamed one is by the parser.
  const given = [...args.positionals, ...Object.values(args.flags).flat()].filter((v): v is string => typeof v === 'string');
  for (const t of [from, to]) refuseKeyArguments(given, { [KEY_VARIABLE]: t.key });
  return { from, to };
}

export async function runPromote(args: PromoteArgs, io: TargetIo): Promise<number> {
  const json = args.flags['--json'] === true;
  const clients: ServiceClient[] = [];
  const side = (t: ResolvedTarget) => {
    const c = createClient({ ...DEFAULT_CONNECTION, baseUrl: t.baseUrl, workspaceId: t.workspace, ...t.carriers, apiKey: t.key });
    clients.push(c);
    return { name: t.name, client: c, workspaceId: t.workspace };
  };
  try {
    const [folderArg, ...rest] = args.positionals;
    if (!folderArg) throw new UsageError(l10n.t('promote needs a folder (--help).'));
    if (rest.length) throw new UsageError(l10n.t('promote takes one folder, not {0}.', rest.join(' ')));
    const folder = resolve(io.cwd, folderArg);
    const file = await targetsOf(folder);
    const bindings = parseBindings(file.bindings);
    const { from, to } = targetsNamed(file, args, io);
    const planOnly = args.flags['--plan'] === true;
    const yes = args.flags['--yes'] === true;
    // Where nothing can ask, an unconfirmed write to a protected target ends here, before any request.
    if (!planOnly && !io.ask) await confirmProtectedWrite(to, io, yes, l10n.t('Promote'));
    const target = side(to);
    const { planPromotion } = await import('../environments/engine/promote');
    const plan = await planPromotion({
      source: side(from),
      target,
      bindings,
      ...sourcesOf(await sourceState(folder, from)),
      ...(args.flags['--overwrite-drift'] === true ? { overwriteDrift: true } : {}),
    });
    if (!json) io.out(inertLines(planLines(plan).join('\n')));
    if (planOnly || (!plan.updates.length && !plan.confirmed.length)) return report(io, json, plan);
    // The plan is on the screen: the question names it, once for all its updates.
    if (plan.updates.length)
      await confirmProtectedWrite(to, io, yes, l10n.t('Promote the plan ({0} to update) from «{1}»', plan.updates.length, from.name));
    const { applyPromotion } = await import('../environments/engine/promoteApply');
    const result = await applyPromotion(plan, { target, bindings, ...(io.validate ? { validate: io.validate } : {}) });
    await writeBindings(folder, result);
    return report(io, json, plan, result);
  } catch (e) {
    if (e instanceof ProtectedTargetError) return printFailure(io, json, e.message, EXIT.declined);
    if (e instanceof UsageError || e instanceof TargetsFileError || e instanceof BindingsError || e instanceof FolderStateError)
      return printFailure(io, json, e.message);
    return printFailure(io, json, describeFailure(e));
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}
