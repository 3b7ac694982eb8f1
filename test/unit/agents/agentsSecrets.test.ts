// The key, looked for as an attacker would hide it: in every form the scrub knows (as is, in upper
// case, percent-encoded, hex, base64 and base64url at each alignment, split by a line break), whole
// or as a run of 12 of its characters; and a text that holds it, read by the tools in ranges of every
// length from 1 to 64, diffed, saved, or echoed by an error body longer than a message is kept:
// joined, no answer gives 12 characters of the key in a row. Against the emulator over HTTP.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeToolError, withFence } from '../../../src/agents/tools/api';
import { MIN_RUN, REDACTED, SecretScrub } from '../../../src/agents/tools/secretScrub';
import { useEmulator } from '../emulator/emulatorSupport';
import { dashboardSource, putDashboard } from './agentsMcpSupport';
import { toolsRig, unfenced } from './agentsRig';

const KEY = 'apik_Zx81kQ2pLm9NvB4tRw7yHs3d';

/** `key` in pieces of 10 characters joined by `by`: no piece alone is a run of the key. */
const split = (key: string, by: string) => (key.match(/.{1,10}/g) ?? []).join(by);

/** Every way `key` could be given away by `hay`: a run of MIN_RUN of its characters in one of its forms, found independently of the scrub. */
function leaks(hay: string, key: string): string[] {
  const flat = hay.replace(/\s*\n\s*|\\n/g, '');
  const lower = flat.toLowerCase();
  const windows = (form: string, n: number) => Array.from({ length: Math.max(0, form.length - n + 1) }, (_, i) => form.slice(i, i + n));
  const found = [
    ...windows(key.toLowerCase(), MIN_RUN).filter((w) => lower.includes(w)),
    ...windows(Buffer.from(key).toString('hex'), 2 * MIN_RUN).filter((w) => lower.includes(w)),
  ];
  for (const shift of [0, 1, 2])
    for (const enc of ['base64', 'base64url'] as const) {
      const core = Buffer.concat([Buffer.alloc(shift), Buffer.from(key)])
        .toString(enc)
        .slice(Math.ceil((shift * 4) / 3), Math.floor(((shift + key.length) * 4) / 3));
      found.push(...windows(core, 16).filter((w) => flat.includes(w)));
    }
  return found;
}

describe('agents: the forms of the key, and runs of it', () => {
  const scrub = new SecretScrub([KEY]);
  const pct = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');

  test('each form is found at its line and column, and redacted; the text around it stays', () => {
    const forms: [string, string][] = [
      ['as is', KEY],
      ['upper case', KEY.toUpperCase()],
      ['percent-encoded whole', pct(KEY)],
      ['percent-encoded in part', `${KEY.slice(0, 6)}${pct(KEY.slice(6, 14))}${KEY.slice(14)}`],
      ['hex', Buffer.from(KEY).toString('hex')],
      ['hex in upper case', Buffer.from(KEY).toString('hex').toUpperCase()],
      ['base64', Buffer.from(KEY).toString('base64')],
      ['base64 after a byte', Buffer.from(`:${KEY}`).toString('base64')],
      ['base64url after two bytes', Buffer.from(`::${KEY}?`).toString('base64url')],
      ['split by line breaks', split(KEY, '\n    ')],
      ['split by CRLF', split(KEY, '\r\n')],
      ['split by escaped line breaks', split(KEY, '\\n')],
      ['a run of 12', KEY.slice(9, 21)],
    ];
    for (const [what, form] of forms) {
      const text = `line one\n  const k = "${form}"; // end\nlast`;
      const at = scrub.find(text);
      assert.equal(at?.line, 2, what);
      assert.ok(at.column >= 14 && at.column <= 17, `${what}: column ${at.column}`);
      const redacted = scrub.text(text);
      assert.ok(redacted.startsWith('line one\n  const k = "'), `${what}: ${redacted}`);
      assert.ok(redacted.endsWith('"; // end\nlast'), `${what}: ${redacted}`);
      assert.ok(redacted.includes(REDACTED), what);
      assert.deepEqual(leaks(redacted, KEY), [], `${what}: ${redacted}`);
    }
  });

  test('11 characters in a row are not the key; none, an empty text or no key find nothing', () => {
    assert.equal(scrub.find(KEY.slice(3, 14)), undefined);
    assert.equal(scrub.find(`${KEY.slice(0, 11)} ${KEY.slice(11, 22)}`), undefined, 'two runs apart');
    assert.equal(scrub.find(''), undefined);
    assert.equal(scrub.text(''), '');
    assert.equal(new SecretScrub([]).find(KEY), undefined);
    assert.equal(new SecretScrub(['short']).find('short'), undefined, 'a secret below 8 characters is not looked for');
    // A secret of 8 to 11 characters: the whole of it is the run.
    const eight = new SecretScrub(['k3y-8ch!']);
    assert.deepEqual(eight.find('a k3y-8ch! b'), { line: 1, column: 3 });
    assert.equal(eight.find('a k3y-8ch b'), undefined);
  });

  test('overlapping and repeated runs are one redaction each; every occurrence goes', () => {
    assert.equal(scrub.text(`${KEY}${KEY}`), `${REDACTED}${REDACTED}`);
    assert.equal(scrub.text(`a ${KEY} b ${KEY.toUpperCase()} c`), `a ${REDACTED} b ${REDACTED} c`);
    assert.equal(scrub.text(`<${KEY.slice(0, 20)}|${KEY.slice(10)}>`), `<${REDACTED}|${REDACTED}>`);
  });
});

/** The demo key's text: a dashboard that holds it on its third line. */
const withKey = (key: string) => `export default function D() {\n  return <div>x</div>;\n}\n/* token: ${key} */\n`;

describe('agents: a text that holds the key is never answered, in any range', () => {
  const { emu } = useEmulator();

  /** Each call as a front end answers it: the answer scrubbed, or the error text scrubbed. */
  async function answered(run: () => Promise<unknown>, scrub: SecretScrub): Promise<string> {
    try {
      return JSON.stringify(scrub.value(await run()));
    } catch (e) {
      return scrub.text(withFence((fence) => describeToolError(e, fence)));
    }
  }

  test('read_resource refuses it at its line; ranges of every length from 1 to 64, joined, give no run of the key', async () => {
    const key = emu.demo.apiKey;
    const scrub = new SecretScrub([key]);
    const { tools } = toolsRig(emu);
    const id = emu.demo.ids.dashboardId;
    const text = withKey(key);
    await putDashboard(emu, id, text);
    const first = await answered(() => tools.call('read_resource', { id }, { scrub }), scrub);
    assert.match(first, /^The text of oper_\w+ holds the API key at line 4: the tools neither read nor save a text that holds it/);
    for (let length = 1; length <= 64; length++) {
      let joined = '';
      for (let offset = 0; offset < text.length; offset += length)
        joined += await answered(
          () => tools.call('read_resource', { id, offset, length }, { scrub, limits: { bytes: 512, items: 50 } }),
          scrub,
        );
      assert.deepEqual(leaks(joined, key), [], `ranges of ${length}`);
    }
  });

  test('a run of the key, hex or split over two lines, is refused as well', async () => {
    const key = emu.demo.apiKey;
    const scrub = new SecretScrub([key]);
    const { tools } = toolsRig(emu);
    const id = emu.demo.ids.dashboardId;
    for (const form of [key.slice(5, 20), Buffer.from(key).toString('hex'), split(key, '\n  ')]) {
      await putDashboard(emu, id, withKey(form));
      await assert.rejects(tools.call('read_resource', { id }, { scrub }), /holds the API key at line 4/, form);
    }
  });

  test('diff_revisions refuses revisions that hold it, in every range; the others diff as before', async () => {
    const key = emu.demo.apiKey;
    const scrub = new SecretScrub([key]);
    const { tools } = toolsRig(emu);
    const id = emu.demo.ids.dashboardId;
    const before = (await dashboardSource(emu, id)).revision.revisionId;
    await putDashboard(emu, id, withKey(key));
    const after = (await dashboardSource(emu, id)).revision.revisionId;
    let joined = '';
    for (let length = 1; length <= 64; length++)
      for (let offset = 0; offset < 128; offset += length)
        joined += await answered(() => tools.call('diff_revisions', { id, from: before, to: after, offset, length }, { scrub }), scrub);
    assert.deepEqual(leaks(joined, key), []);
    assert.match(joined, new RegExp(`Revision ${after} of ${id} holds the API key at line 4`));
    await putDashboard(emu, id, withKey('nothing secret'));
    const clean = (await dashboardSource(emu, id)).revision.revisionId;
    await assert.rejects(tools.call('diff_revisions', { id, from: after, to: clean }, { scrub }), /holds the API key/);
    const older = (await tools.call('list_revisions', { id })).items as { id: string }[];
    const diff = await tools.call('diff_revisions', { id, from: older.at(-1)!.id, to: before }, { scrub });
    assert.match(unfenced(diff.diff), /^--- /);
  });

  test('save_resource sends nothing when the text, or the service’s text, holds the key', async () => {
    const key = emu.demo.apiKey;
    const scrub = new SecretScrub([key]);
    const { tools } = toolsRig(emu);
    const id = emu.demo.ids.dashboardId;
    const read = await tools.call('read_resource', { id }, { scrub });
    const puts = () => emu.requests().filter((r) => r.method === 'PUT').length;
    emu.clearRequests();
    await assert.rejects(
      tools.call('save_resource', { id, baseRevision: read.baseRevision, text: withKey(key) }, { scrub }),
      /^ToolFailure: The proposed text holds the API key at line 4/,
    );
    assert.equal(emu.requests().length, 0, 'a text with the key was refused after a request');
    await putDashboard(emu, id, withKey(key));
    emu.clearRequests();
    // A base read before the key was pasted: its save would answer a diff of the service's text.
    await assert.rejects(
      tools.call('save_resource', { id, baseRevision: read.baseRevision, text: `${unfenced(read.text)}// mine\n` }, { scrub }),
      new RegExp(`^ToolFailure: The text of ${id} on the service holds the API key at line 4`),
    );
    assert.equal(puts(), 0);
  });

  test('an error body that echoes the key past the message’s cut gives none of it', async () => {
    const key = emu.demo.apiKey;
    const scrub = new SecretScrub([key]);
    const { tools } = toolsRig(emu);
    for (const at of [470, 480, 490, 495]) {
      emu.injectFault({
        kind: 'status',
        status: 500,
        count: 10,
        message: `${'x'.repeat(at)} Authorization: Bearer ${key}`,
        match: { path: '/v1/apps' },
      });
      const text = await answered(() => tools.call('read_resource', { id: emu.demo.ids.liveAppId }, { scrub }), scrub);
      emu.clearFaults();
      assert.match(text, /failed: service error \(HTTP 500\)/);
      for (let n = 4; n <= key.length; n++)
        assert.ok(!text.includes(key.slice(0, n)), `${n} characters of the key at ${at}: ${text.slice(-80)}`);
    }
  });
});
