// A target of wsa.targets.json made ready to send to: its key from the environment, its service
// confirmed by the environment or the command line, its headers the user's. The file is committed
// and may come from someone else's pull request, so it names where a target is but never decides
// where a key goes: a target's base URL is used only when WORKSPACE_AUTOMATION_BASE_URL_<NAME> or
// --base-url names the same origin (a key belongs to an origin, as in the extension:
// src/connection/model/origins.ts), else nothing is sent and the message names the variable to set.
// And a write to a protected target (production, or `protected: true`) is confirmed first: asked in
// a terminal, else `--yes`. The rules of the connection flags are src/cli/args/connectionFlags.ts's,
// reused here: `wsa pull|status|push --target` and any later subcommand (`wsa promote`) call these.
// vscode-free.
import * as l10n from '@vscode/l10n';
import type { Carriers } from '../../api/carriers';
import { originOf } from '../../connection/model/origins';
import {
  BASE_URL_VARIABLE,
  checkBaseUrl,
  checkKeyTransport,
  KEY_VARIABLE,
  pickCarriers,
  plainHttpAllowed,
  type CarrierFlags,
} from '../../cli/args/connectionFlags';
import { UsageError } from '../../cli/args/flags';
import { baseUrlVariableFor, keyVariableFor, targetNamed, TARGETS_FILE, type TargetDef, type TargetsFile } from './targets';

/** A target ready to send to: what the file names, confirmed, with the key and the headers given with it. */
export interface ResolvedTarget extends TargetDef {
  readonly key: string;
  readonly carriers: Carriers;
}

/** What the command line gave that bears on a target's connection. */
export interface TargetFlags {
  readonly baseUrl?: string | undefined;
  readonly carriers?: CarrierFlags;
  readonly allowPlainHttp?: boolean;
}

/** A write to a protected target was not confirmed: nothing was sent (the CLI's exit 3). */
export class ProtectedTargetError extends Error {
  override readonly name = 'ProtectedTargetError';
}

/** The target `name` of the file; a UsageError listing the file's targets when it names none. */
export function lookupTarget(file: TargetsFile, name: string): TargetDef {
  const target = targetNamed(file, name);
  if (!target)
    throw new UsageError(
      l10n.t('{0} names no target {1}: use one of {2}.', TARGETS_FILE, JSON.stringify(name), file.targets.map((t) => t.name).join(', ')),
    );
  return target;
}

/** `b` confirms `a`: the same origin, and the same path when `b` names one (a path may choose a tenant). */
export function confirmsBaseUrl(a: string, b: string): boolean {
  const origin = originOf(a);
  if (!origin || origin !== originOf(b)) return false;
  const path = (url: string) => new URL(url).pathname.replace(/\/+$/, '');
  return path(b) === '' || path(a) === path(b);
}

/** The key of `target`: its own variable, or the one key of a file of one target. */
function keyOf(file: TargetsFile, target: TargetDef, env: Record<string, string | undefined>): { key: string; variable: string } {
  const own = keyVariableFor(target.name);
  if (env[own]) return { key: env[own], variable: own };
  // The unnamed key is for a file of one target only: with two, which one it is for is no guess to make.
  if (file.targets.length === 1 && env[KEY_VARIABLE]) return { key: env[KEY_VARIABLE], variable: KEY_VARIABLE };
  throw new UsageError(
    file.targets.length === 1
      ? l10n.t('Set the {0} (or {1}) environment variable to the API key of the target {2}.', own, KEY_VARIABLE, target.name)
      : l10n.t('Set the {0} environment variable to the API key of the target {1}.', own, target.name),
  );
}

/**
 * The target `name` of `file`, ready to send to; UsageError (nothing sent) for an unknown target,
 * no key, a base URL nobody confirmed or one another names, a key over plain http to a host that is
 * not loopback, or headers that cannot carry it.
 */
export function resolveTarget(
  file: TargetsFile,
  name: string,
  env: Record<string, string | undefined>,
  flags: TargetFlags = {},
): ResolvedTarget {
  const target = lookupTarget(file, name);
  const { key, variable } = keyOf(file, target, env);
  const own = baseUrlVariableFor(target.name);
  const confirmations: [string, string][] = [];
  if (env[own]) confirmations.push([own, env[own]]);
  if (flags.baseUrl) confirmations.push(['--base-url', checkBaseUrl(flags.baseUrl)]);
  // The unnamed key's own service, when set, is the unnamed key's confirmation (and must agree).
  if (variable === KEY_VARIABLE && env[BASE_URL_VARIABLE]) confirmations.push([BASE_URL_VARIABLE, env[BASE_URL_VARIABLE]]);
  if (!confirmations.length)
    throw new UsageError(
      l10n.t(
        '{0} names {1} for the target {2}, and a committed file never chooses where a key goes: nothing was sent. Confirm it with {3}={4} (or --base-url).',
        TARGETS_FILE,
        target.baseUrl,
        target.name,
        own,
        originOf(target.baseUrl) ?? target.baseUrl,
      ),
    );
  for (const [by, url] of confirmations)
    if (!confirmsBaseUrl(target.baseUrl, url))
      throw new UsageError(
        l10n.t(
          '{0} names {1} for the target {2}, but {3} names {4}: nothing was sent.',
          TARGETS_FILE,
          target.baseUrl,
          target.name,
          by,
          url,
        ),
      );
  checkKeyTransport(target.baseUrl, plainHttpAllowed(flags.allowPlainHttp, env));
  return { ...target, key, carriers: pickCarriers(flags.carriers ?? {}, env) };
}

/** What a write may use of the process to ask: a question answered in a terminal, absent where there is none (CI, a pipe). */
export interface ConfirmIo {
  readonly ask?: ((question: string) => Promise<string>) | undefined;
}

/**
 * Before the first request of a write to `target`: nothing for a target that is not protected, or
 * with `yes` (--yes); else the question "<what> to «prod» (https://host · wksp_…)? [y/N]" in a
 * terminal, and ProtectedTargetError for any answer but yes, or where no terminal can ask. `what`
 * is the write, in the user's language (l10n.t('Push')).
 */
export async function confirmProtectedWrite(
  target: Pick<TargetDef, 'name' | 'baseUrl' | 'workspace' | 'protected'>,
  io: ConfirmIo,
  yes: boolean,
  what: string,
): Promise<void> {
  if (!target.protected || yes) return;
  if (!io.ask)
    throw new ProtectedTargetError(
      l10n.t(
        'The target {0} is protected: confirm the write with --yes, or run it from a terminal to be asked. Nothing was sent.',
        target.name,
      ),
    );
  const answer = await io.ask(l10n.t('{0} to «{1}» ({2} · {3})? [y/N]', what, target.name, target.baseUrl, target.workspace));
  if (!/^\s*(y|yes)\s*$/i.test(answer)) throw new ProtectedTargetError(l10n.t('Not confirmed: nothing was sent to {0}.', target.name));
}
