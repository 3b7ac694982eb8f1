// `wsa promote` against two in-process emulators over real HTTP, dev and prod (the same workspace
// under other ids): the plan only reads, a protected target is never written to unconfirmed (exit 3
// before any request where nothing can ask), an update lands on the target and its binding in
// wsa.targets.json, the folder's --from state chooses what is promoted, and a service nobody
// confirmed is sent nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { runWsa } from '../../../src/cli/commandLine';
import { TARGETS_FILE } from '../../../src/environments/model/targets';
import { current, edit, json, pair, startPromoteRig, type PromoteRig } from '../environments/promoteSupport';
import { recordedIo } from './cliSupport';

interface Run {
  code: number;
  out: string;
  err: string;
}

interface PlanAnswer {
  plan: { file: string | null; kind: string; sourceId: string; targetId: string | null; action: string; reason: string }[];
  outcomes?: { sourceId: string; targetId: string; outcome: string }[];
  exitCode: number;
}

describe('wsa promote', () => {
  let rig: PromoteRig;
  let dir: string;
  const dirs: string[] = [];

  const targets = () => ({
    targets: {
      dev: { baseUrl: rig.dev.emu.url, workspace: rig.dev.emu.demo.workspaceId, stage: 'development' },
      prod: { baseUrl: rig.prod.emu.url, workspace: rig.prod.emu.demo.workspaceId, stage: 'production' },
    },
    owner: 'platform team',
  });
  const env = (): Record<string, string> => ({
    WORKSPACE_AUTOMATION_AUTH_HEADER: rig.dev.emu.carriers.authHeader,
    WORKSPACE_AUTOMATION_AUTH_SCHEME: rig.dev.emu.carriers.authScheme,
    WORKSPACE_AUTOMATION_WORKSPACE_HEADER: rig.dev.emu.carriers.workspaceHeader,
    WORKSPACE_AUTOMATION_API_KEY_DEV: rig.dev.emu.demo.apiKey,
    WORKSPACE_AUTOMATION_BASE_URL_DEV: rig.dev.emu.url,
    WORKSPACE_AUTOMATION_API_KEY_PROD: rig.prod.emu.demo.apiKey,
    WORKSPACE_AUTOMATION_BASE_URL_PROD: rig.prod.emu.url,
  });
  const wsa = async (argv: string[], vars = env(), ask?: (q: string) => Promise<string>): Promise<Run> => {
    const io = { ...recordedIo(vars, dir), ...(ask ? { ask } : {}) };
    const code = await runWsa(argv, io);
    return { code, out: io.stdoutLines.join('\n'), err: io.stderrLines.join('\n') };
  };
  const writes = () =>
    rig.prod.emu.requests().filter((r) => r.method !== 'GET').length + rig.dev.emu.requests().filter((r) => r.method !== 'GET').length;
  const requests = () => rig.prod.emu.requests().length + rig.dev.emu.requests().length;
  const clear = () => {
    rig.dev.emu.clearRequests();
    rig.prod.emu.clearRequests();
  };
  const fileText = () => readFileSync(join(dir, TARGETS_FILE), 'utf8');
  const describeApp = (description: string) => json((d) => void (d.description = description));

  before(async () => {
    rig = await startPromoteRig();
  });
  after(async () => {
    await rig.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await Promise.all([rig.dev.emu.reset(), rig.prod.emu.reset()]);
    dir = mkdtempSync(join(tmpdir(), 'wsa-promote-cli-'));
    dirs.push(dir);
    writeFileSync(join(dir, TARGETS_FILE), `${JSON.stringify(targets(), null, 2)}\n`);
    clear();
  });

  test('--plan prints each resource with its action and sends nothing: only reads reach either service, and the file is left as it was', async () => {
    const [appId] = pair(rig, 'liveAppId');
    await edit(rig.dev, 'app', appId, describeApp('a change made in dev'));
    clear();
    const before = fileText();
    const r = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--plan', '--json']);
    const answer = JSON.parse(r.out) as PlanAnswer;
    const app = answer.plan.find((e) => e.sourceId === appId);
    assert.equal(app?.action, 'update', r.out);
    assert.equal(app?.targetId, rig.prod.ids.liveAppId);
    assert.ok(answer.plan.length > 1, 'the plan holds every editable resource dev lists');
    for (const e of answer.plan) assert.deepEqual(Object.keys(e).sort(), ['action', 'file', 'kind', 'reason', 'sourceId', 'targetId']);
    assert.equal(answer.outcomes, undefined);
    assert.equal(writes(), 0, 'a plan wrote to a service');
    assert.ok(rig.prod.emu.requests().length > 0 && rig.dev.emu.requests().length > 0, 'a plan reads both sides');
    assert.equal(fileText(), before);
  });

  test('a protected target without --yes and without a terminal exits 3 before any request; asked in a terminal, "n" writes nothing', async () => {
    const [appId] = pair(rig, 'liveAppId');
    await edit(rig.dev, 'app', appId, describeApp('not yet for production'));
    clear();
    const refused = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--json']);
    assert.equal(refused.code, 3, refused.err);
    assert.match(refused.err, /protected: confirm the write with --yes/);
    assert.equal(requests(), 0, 'a request reached an emulator');

    const asked: string[] = [];
    const declined = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod'], env(), (q) => (asked.push(q), Promise.resolve('n')));
    assert.equal(declined.code, 3, declined.err);
    assert.equal(asked.length, 1, 'one question for the whole plan');
    assert.match(asked[0]!, /^Promote the plan \(1 to update\) from «dev» to «prod» \(/);
    assert.match(declined.out, /update\s/);
    assert.equal(writes(), 0, 'a declined promotion wrote');
    assert.notEqual(JSON.parse(await current(rig.prod, 'app', rig.prod.ids.liveAppId!)).description, 'not yet for production');
  });

  test('with --yes the update lands on the target, its binding is recorded in wsa.targets.json beside the other keys, and the next plan finds it unchanged', async () => {
    const [appId, prodAppId] = pair(rig, 'liveAppId');
    await edit(rig.dev, 'app', appId, describeApp('ready for production'));
    clear();
    const r = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--yes', '--json']);
    const answer = JSON.parse(r.out) as PlanAnswer;
    assert.equal(r.code, answer.exitCode);
    assert.deepEqual(
      answer.outcomes?.map((o) => [o.sourceId, o.targetId, o.outcome]),
      [[appId, prodAppId, 'saved']],
    );
    assert.equal(JSON.parse(await current(rig.prod, 'app', prodAppId)).description, 'ready for production');
    assert.equal(rig.dev.emu.requests().filter((q) => q.method !== 'GET').length, 0, 'dev was written to');
    const file = JSON.parse(fileText()) as {
      owner: string;
      bindings: Record<string, Record<string, Record<string, { targetId: string }>>>;
    };
    assert.equal(file.owner, 'platform team', 'another key of the file was lost');
    assert.equal(file.bindings.dev?.prod?.[appId]?.targetId, prodAppId);
    assert.doesNotMatch(fileText(), new RegExp(rig.prod.emu.demo.apiKey), 'a key was written into the file');

    clear();
    const again = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--plan', '--json']);
    assert.equal((JSON.parse(again.out) as PlanAnswer).plan.find((e) => e.sourceId === appId)?.action, 'unchanged');
    assert.equal(writes(), 0);
  });

  test('a change made on the target since the last promotion is drift (exit 1, nothing sent) until --overwrite-drift, and the target keeps its own values, said in the plan', async () => {
    const [appId, prodAppId] = pair(rig, 'liveAppId');
    // The folder holds dev's apps: the exit code speaks of them alone.
    assert.equal((await wsa(['pull', '.', '--target', 'dev', '--kind', 'app'])).code, 0);
    await edit(rig.dev, 'app', appId, describeApp('first'));
    const first = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--yes']);
    assert.equal(first.code, 0, first.out + first.err);
    await edit(rig.prod, 'app', prodAppId, describeApp('a hotfix made in prod'));
    await edit(rig.dev, 'app', appId, describeApp('second'));
    clear();
    const drift = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--yes', '--json']);
    const answer = JSON.parse(drift.out) as PlanAnswer;
    assert.equal(answer.plan.find((e) => e.sourceId === appId)?.action, 'drift');
    assert.equal(drift.code, 1);
    assert.equal(writes(), 0, 'a drifted resource was written');
    assert.equal(JSON.parse(await current(rig.prod, 'app', prodAppId)).description, 'a hotfix made in prod');

    const human = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--plan', '--overwrite-drift']);
    assert.match(human.out, /update\s/);
    assert.match(human.out, /kept on prod: /, 'the plan says what the target keeps');
    const forced = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--yes', '--overwrite-drift']);
    assert.equal(forced.code, 0, forced.err + forced.out);
    assert.equal(JSON.parse(await current(rig.prod, 'app', prodAppId)).description, 'second');
  });

  test("a folder pulled from --from promotes what it holds, with its files' paths", async () => {
    const pulled = await wsa(['pull', '.', '--target', 'dev', '--kind', 'app']);
    assert.equal(pulled.code, 0, pulled.err);
    const r = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--plan', '--json']);
    const answer = JSON.parse(r.out) as PlanAnswer;
    assert.ok(answer.plan.length > 0);
    for (const e of answer.plan) {
      assert.equal(e.kind, 'app', `${e.sourceId} is not in the folder`);
      assert.match(e.file ?? '', /^apps\//);
    }
  });

  test('a target whose service no variable confirms, an unknown target, the same target twice or a missing --to: exit 2 and nothing is sent', async () => {
    const { WORKSPACE_AUTOMATION_BASE_URL_PROD: _, ...unconfirmed } = env();
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['promote', '.', '--from', 'dev', '--to', 'prod', '--plan'], unconfirmed, /never chooses where a key goes/],
      [['promote', '.', '--from', 'dev', '--to', 'staging', '--plan'], env(), /names no target "staging": use one of dev, prod/],
      [['promote', '.', '--from', 'dev', '--to', 'dev', '--plan'], env(), /the same target dev/],
      [['promote', '.', '--from', 'dev', '--plan'], env(), /needs --from and --to/],
      [['promote', '--from', 'dev', '--to', 'prod'], env(), /needs a folder/],
    ];
    for (const [argv, vars, message] of cases) {
      const r = await wsa(argv, vars);
      assert.equal(r.code, 2, argv.join(' '));
      assert.match(r.err, message);
    }
    rmSync(join(dir, TARGETS_FILE));
    const none = await wsa(['promote', '.', '--from', 'dev', '--to', 'prod', '--plan']);
    assert.equal(none.code, 2);
    assert.match(none.err, /has no wsa\.targets\.json/);
    assert.equal(requests(), 0, 'a request reached an emulator');
  });
});
