// Which key goes where: decided from the settings as `inspect()` reports them (the user's value and
// the folder's), the origins that have a stored key, the environment key and what the user
// accepted. Plain data in, plain data out (unit-tested without vscode).
//
// The rules: a key is sent only to the origin it was stored for (the environment key to its own
// origin: WORKSPACE_AUTOMATION_BASE_URL, else the user's baseUrl, never a folder's). A folder may
// name the service, but when no key belongs to that origin nothing is sent and the user is asked.
// A folder's header settings (which header carries the key, with which scheme) are used only after
// the user accepted exactly those values for that folder and origin; until then the user's apply.
// Plain http to a host that is not loopback is used only after the user allowed that origin. A
// header name that HTTP interprets (`Host`, `Content-Length`, `Proxy-*`...; src/api/carriers.ts)
// never carries anything: a folder's is not even offered, a user's stops every request.
import { carrierProblem, carriersProblem, schemeProblem, type Carriers } from '../../api/carriers';
import { isPlainHttpRisk, originOf } from './origins';

/** One setting as `inspect()` gives it: the user (global) value and the folder's (workspace) value. */
export interface Layered {
  user?: string;
  folder?: string;
}

export const CARRIER_SETTINGS = ['authHeader', 'authScheme', 'workspaceHeader'] as const;
export type CarrierSetting = (typeof CARRIER_SETTINGS)[number];
/** The settings a cloned folder could use to send a key elsewhere. */
export type GuardedSetting = 'baseUrl' | CarrierSetting;

export interface KeyInputs {
  baseUrl: Layered;
  carriers: Record<CarrierSetting, Layered>;
  defaults: Carriers;
  /** WORKSPACE_AUTOMATION_BASE_URL, the environment key's own origin when set. */
  envBaseUrl?: string;
  /** WORKSPACE_AUTOMATION_API_KEY is set and the user has not signed out. */
  envKey: boolean;
  /** Origins (of those asked about: the effective one and the user's) with a key in SecretStorage. */
  storedOrigins: ReadonlySet<string>;
  /** The folder's header values the user accepted for this folder and the effective origin, if any. */
  acceptedFolderCarriers?: Partial<Carriers>;
  /** Plain-http origins the user allowed to receive the key. */
  plainHttpAllowed: ReadonlySet<string>;
}

interface Where {
  baseUrl: string;
  origin: string;
  /** The user's (or the environment's) origin, when the folder names another. */
  userOrigin?: string;
  /** Guarded settings whose folder value is in effect (baseUrl, or carriers the user accepted). */
  fromFolder: GuardedSetting[];
  /** The folder's carrier values that are not used (the user has not accepted them). */
  ignoredFolder: Partial<Carriers>;
  /** The headers the key and workspace go in: the user's, or the folder's the user accepted. */
  carriers: Carriers;
}

export type KeyDecision =
  | { kind: 'noService' }
  | { kind: 'invalidUrl'; baseUrl: string; fromFolder: boolean }
  /** A carrier setting of the user's names a header HTTP interprets, or no header at all: nothing is sent. */
  | ({ kind: 'invalidCarrier'; setting: CarrierSetting; problem: string } & Where)
  /** No key belongs to this origin: nothing is sent. `userHasKey`: a key exists for `userOrigin`. */
  | ({ kind: 'noKey'; userHasKey: boolean } & Where)
  /** A key belongs to the origin, but it is plain http to another host and not allowed yet. */
  | ({ kind: 'plainHttp'; key: 'stored' | 'env' } & Where)
  | ({ kind: 'send'; key: 'stored' | 'env' } & Where);

function text(v: string | undefined): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** The folder overrides a setting when it sets a value that differs from what the user has. */
function folderOverride(l: Layered, userOrDefault: string | undefined, emptyMeaningful = false): string | undefined {
  const folder = emptyMeaningful ? l.folder?.trim() : text(l.folder);
  return folder !== undefined && folder !== userOrDefault ? folder : undefined;
}

export function decideKey(input: KeyInputs): KeyDecision {
  const userUrl = text(input.baseUrl.user) ?? text(input.envBaseUrl);
  const folderUrl = folderOverride(input.baseUrl, text(input.baseUrl.user));
  const baseUrl = folderUrl ?? userUrl;
  if (!baseUrl) return { kind: 'noService' };
  const origin = originOf(baseUrl);
  if (!origin) return { kind: 'invalidUrl', baseUrl, fromFolder: folderUrl !== undefined };
  const userOrigin = originOf(userUrl);
  const envOrigin = originOf(text(input.envBaseUrl) ?? text(input.baseUrl.user));

  const carriers = {} as Carriers;
  const ignoredFolder: Partial<Carriers> = {};
  const fromFolder: GuardedSetting[] = folderUrl !== undefined ? ['baseUrl'] : [];
  for (const name of CARRIER_SETTINGS) {
    const emptyMeaningful = name === 'authScheme';
    const user = emptyMeaningful ? input.carriers[name].user?.trim() : text(input.carriers[name].user);
    const mine = user ?? input.defaults[name];
    const offered = folderOverride(input.carriers[name], mine, emptyMeaningful);
    // A folder's value that could steer the request is neither used nor offered to accept.
    const folder =
      offered !== undefined && !(name === 'authScheme' ? schemeProblem(offered) : carrierProblem(offered)) ? offered : undefined;
    if (folder === undefined) carriers[name] = mine;
    else if (input.acceptedFolderCarriers?.[name] === folder) {
      carriers[name] = folder;
      fromFolder.push(name);
    } else {
      carriers[name] = mine;
      ignoredFolder[name] = folder;
    }
  }
  const where: Where = {
    baseUrl,
    origin,
    ...(userOrigin && userOrigin !== origin ? { userOrigin } : {}),
    fromFolder,
    ignoredFolder,
    carriers,
  };

  const bad = carriersProblem(carriers);
  if (bad) return { kind: 'invalidCarrier', setting: bad.setting, problem: bad.problem, ...where };
  const key = input.storedOrigins.has(origin) ? 'stored' : input.envKey && envOrigin === origin ? 'env' : undefined;
  if (!key) {
    return { kind: 'noKey', userHasKey: !!userOrigin && userOrigin !== origin && input.storedOrigins.has(userOrigin), ...where };
  }
  if (isPlainHttpRisk(origin) && !input.plainHttpAllowed.has(origin)) return { kind: 'plainHttp', key, ...where };
  return { kind: 'send', key, ...where };
}
