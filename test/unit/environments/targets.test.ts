// wsa.targets.json as untrusted input: its bounds (bytes, targets), what a link or a FIFO in its
// place gets (no read, no hang), the grammar of names and stages, the guard that only ratchets up,
// and the refusal of anything that looks like a key.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  baseUrlVariableFor,
  keyVariableFor,
  MAX_TARGETS,
  MAX_TARGETS_BYTES,
  parseTargets,
  readTargetsFile,
  TARGET_VARIABLE,
  TARGETS_FILE,
  TargetsFileError,
} from '../../../src/environments/model/targets';

const WS = 'wksp_abc123';
const target = (over: Record<string, unknown> = {}) => ({ baseUrl: 'https://dev.example.com', workspace: WS, ...over });
const file = (targets: Record<string, unknown>, rest: Record<string, unknown> = {}) => JSON.stringify({ targets, ...rest });
const refused = (text: string, message: RegExp) =>
  assert.throws(
    () => parseTargets(text),
    (e: unknown) => e instanceof TargetsFileError && message.test(e.message),
  );

describe('wsa.targets.json', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wsa-targets-'));
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('an empty file, {}, a file without targets or with zero targets is refused with a sentence naming what is wrong', () => {
    refused('', /is empty/);
    refused('  \n', /is empty/);
    refused('{}', /has no "targets" object/);
    refused('[]', /is not a JSON object/);
    refused('{"targets": []}', /has no "targets" object/);
    refused('{"targets": {}}', /names no target/);
    refused('{"targets": ', /is not valid JSON/);
  });

  test('one target, with its defaults: stage other, not protected, base URL without trailing slashes', () => {
    const parsed = parseTargets(file({ dev: target({ baseUrl: 'https://dev.example.com/' }) }));
    assert.deepEqual(parsed.targets, [
      { name: 'dev', baseUrl: 'https://dev.example.com', workspace: WS, stage: 'other', protected: false },
    ]);
    assert.equal(parsed.bindings, undefined);
  });

  test(`${MAX_TARGETS} targets are read, ${MAX_TARGETS + 1} refused`, () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`t${i}`, target()]));
    assert.equal(parseTargets(file(many(MAX_TARGETS))).targets.length, MAX_TARGETS);
    refused(file(many(MAX_TARGETS + 1)), new RegExp(`names ${MAX_TARGETS + 1} targets, more than the ${MAX_TARGETS}`));
  });

  test('a target name follows the grammar: lower case, digits and -, a letter first, at most 32', () => {
    for (const name of ['a', 'dev-eu', 'prod2', `a${'b'.repeat(31)}`])
      assert.equal(parseTargets(file({ [name]: target() })).targets[0]!.name, name);
    for (const name of ['Prod', 'PROD', '2dev', '-dev', 'dev_eu', 'dev.eu', '', `a${'b'.repeat(32)}`, '__proto__', 'de v'])
      refused(file({ [name]: target() }), /is not a target name/);
  });

  test('the stage is one of four; anything else, and a bad base URL, workspace or protected, is refused', () => {
    for (const stage of ['development', 'staging', 'production', 'other'])
      assert.equal(parseTargets(file({ x: target({ stage }) })).targets[0]!.stage, stage);
    refused(file({ x: target({ stage: 'prod' }) }), /has the stage "prod": use one of development, staging, production, other/);
    refused(file({ x: target({ stage: 'Production' }) }), /has the stage/);
    refused(file({ x: target({ stage: 3 }) }), /has the stage/);
    refused(file({ x: target({ baseUrl: undefined }) }), /has no baseUrl/);
    refused(file({ x: target({ baseUrl: 'ftp://x' }) }), /baseUrl that cannot be used/);
    refused(file({ x: target({ baseUrl: 'https://user:pw@x.example' }) }), /baseUrl that cannot be used/);
    refused(file({ x: target({ workspace: 'oper_1' }) }), /has no workspace id/);
    refused(file({ x: target({ protected: 'yes' }) }), /protected that is not true or false/);
    refused(file({ x: 'https://x.example' }), /is not an object/);
  });

  test('production is always protected (protected: false is ignored); any stage may be protected', () => {
    const parsed = parseTargets(
      file({
        prod: target({ stage: 'production', protected: false }),
        live: target({ stage: 'production' }),
        stage: target({ stage: 'staging', protected: true }),
        dev: target({ stage: 'development', protected: false }),
        other: target(),
      }),
    );
    assert.deepEqual(
      parsed.targets.map((t) => [t.name, t.protected]),
      [
        ['prod', true],
        ['live', true],
        ['stage', true],
        ['dev', false],
        ['other', false],
      ],
    );
  });

  test('a field that looks like a key, or a value with the key prefix, refuses the whole file', () => {
    for (const field of ['apiKey', 'key', 'token', 'authorization', 'Authorization', 'api_key', 'secret', 'password', 'auth'])
      refused(file({ prod: target({ [field]: 'x' }) }), /must never hold a key/);
    refused(file({ prod: target() }, { apiKey: 'x' }), /must never hold a key/);
    refused(file({ prod: target({ extra: { nested: { token: 'x' } } }) }), /must never hold a key/);
    refused(file({ prod: target({ note: 'apik_0123456789' }) }), /must never hold a key/);
    refused(file({ prod: target() }, { bindings: { dev: { prod: { oper_1: { targetId: 'apik_123' } } } } }), /must never hold a key/);
  });

  test('an unknown top-level key is ignored; bindings are kept as they are, ids in them never taken for key names', () => {
    const bindings = { dev: { prod: { oper_aKeyb: { targetId: 'oper_tokenX', sourceRevision: null, targetRevision: null } } } };
    const parsed = parseTargets(file({ dev: target() }, { $schema: 'x', comment: 'hello', bindings }));
    assert.deepEqual(parsed.bindings, bindings);
    assert.equal(parsed.targets.length, 1);
  });

  test('the variables of a target: upper case, - as _', () => {
    assert.equal(keyVariableFor('prod'), 'WORKSPACE_AUTOMATION_API_KEY_PROD');
    assert.equal(keyVariableFor('dev-eu-2'), 'WORKSPACE_AUTOMATION_API_KEY_DEV_EU_2');
    assert.equal(baseUrlVariableFor('dev-eu'), 'WORKSPACE_AUTOMATION_BASE_URL_DEV_EU');
    for (const name of ['prod', 'dev-eu-2', `a${'b'.repeat(31)}`])
      for (const variable of [keyVariableFor(name), baseUrlVariableFor(name)]) assert.match(variable, TARGET_VARIABLE);
    assert.doesNotMatch('WORKSPACE_AUTOMATION_API_KEY', TARGET_VARIABLE);
  });

  test('a file holding the bindings of 10,000 resources is read whole: the byte bound leaves room for the promotions it records', async () => {
    const dir = folder();
    const sha = `sha256:${'0'.repeat(32)}`;
    const bound = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [
        `oper_src${String(i).padStart(12, '0')}`,
        { targetId: `oper_tgt${String(i).padStart(12, '0')}`, sourceRevision: sha, targetRevision: sha },
      ]),
    );
    writeFileSync(join(dir, TARGETS_FILE), file({ dev: target(), prod: target() }, { bindings: { dev: { prod: bound } } }));
    const read = (await readTargetsFile(dir))!;
    assert.equal(Object.keys((read.bindings as { dev: { prod: object } }).dev.prod).length, 10_000);
  });

  test('read from the folder: none, a regular file, one over the byte bound, a link, a FIFO (no hang), a folder', async () => {
    const dir = folder();
    assert.equal(await readTargetsFile(dir), undefined);
    writeFileSync(join(dir, TARGETS_FILE), file({ dev: target() }));
    assert.equal((await readTargetsFile(dir))!.targets[0]!.name, 'dev');

    const huge = folder();
    writeFileSync(join(huge, TARGETS_FILE), `${file({ dev: target() })}${' '.repeat(MAX_TARGETS_BYTES)}`);
    await assert.rejects(readTargetsFile(huge), (e: unknown) => e instanceof TargetsFileError && /larger than 16 MiB/.test(e.message));

    const linked = folder();
    writeFileSync(join(linked, 'elsewhere.json'), file({ dev: target() }));
    symlinkSync(join(linked, 'elsewhere.json'), join(linked, TARGETS_FILE));
    await assert.rejects(readTargetsFile(linked), (e: unknown) => e instanceof TargetsFileError && /not a regular file/.test(e.message));

    const fifo = folder();
    execFileSync('mkfifo', [join(fifo, TARGETS_FILE)]);
    await assert.rejects(readTargetsFile(fifo), (e: unknown) => e instanceof TargetsFileError && /not a regular file/.test(e.message));

    const dirInstead = folder();
    execFileSync('mkdir', [join(dirInstead, TARGETS_FILE)]);
    await assert.rejects(readTargetsFile(dirInstead), TargetsFileError);
  });
});
