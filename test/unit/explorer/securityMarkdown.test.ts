// Service text in our Markdown (explorer tooltips, hovers) is shown as text: a name, description,
// instruction, fact definition, deployment URL or error that holds a link, an image, a theme icon,
// HTML or an autolink reaches the tooltip escaped (or inside a code span it cannot close), while our
// own bold labels and code spans keep working. From real emulator data, with hostile values put in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { ExplorerModel } from '../../../src/explorer/model/explorerModel';
import { isResourceNode, messageNode, type GroupId, type ResourceNode } from '../../../src/explorer/model/nodes';
import { present } from '../../../src/explorer/model/presentation';
import { codeBlock, codeSpan, escapeMarkdown, escapeMarkdownLine } from '../../../src/util/markdown';
import { TestConnection } from './explorerSupport';
import { useEmulator } from '../emulator/emulatorSupport';

const HOSTILE = [
  '[link](https://x.example/steal)',
  '![img](http://tracker.example/pixel.png)',
  '$(alert) $(loading~spin)',
  '<img src=x onerror=alert(1)>',
  '<a href="command:workbench.action.terminal.new">run</a>',
  '[cmd](command:workbench.action.openSettings)',
  'https://bare.example/autolink www.auto.example',
  '&lt;script&gt; &#x5b;x&#x5d;(y)',
  '**bold** _it_ `code` # Heading',
  '\n\n# Heading\n- item\n> quote\n    indented',
].join(' ');

/** The tooltip without our code spans (their content is literal whatever it holds). */
function outsideCodeSpans(markdown: string): string {
  let out = '';
  for (let i = 0; i < markdown.length;) {
    if (markdown[i] === '\\') {
      out += markdown.slice(i, i + 2);
      i += 2;
      continue;
    }
    const run = /^`+/.exec(markdown.slice(i))?.[0];
    if (!run) {
      out += markdown[i++];
      continue;
    }
    // The span ends at the next run of exactly as many backticks (CommonMark).
    const close = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
    close.lastIndex = i + run.length;
    const end = close.exec(markdown);
    if (!end) throw new Error(`an unclosed code span in ${JSON.stringify(markdown)}`);
    i = end.index + run.length;
  }
  return out;
}

/** No unescaped link, image, icon, HTML, entity or autolink syntax outside code spans. */
function assertShowsAsText(markdown: string, what: string): void {
  const text = outsideCodeSpans(markdown);
  // A character is escaped when an odd number of backslashes precedes it.
  const unescaped = (ch: string) => new RegExp(`(^|[^\\\\])(\\\\\\\\)*\\${ch}`).test(text);
  for (const ch of ['[', ']', '!', '<', '>', '$', '&']) assert.ok(!unescaped(ch), `${what}: an unescaped ${ch} in ${JSON.stringify(text)}`);
  assert.ok(!/https?:\/\/|www\./.test(text), `${what}: an autolink in ${JSON.stringify(text)}`);
}

describe('Markdown escaping (security)', () => {
  test('escapeMarkdown escapes every ASCII punctuation character, so each stands for itself', () => {
    assert.equal(escapeMarkdown('[x](https://e)'), '\\[x\\]\\(https\\:\\/\\/e\\)');
    assert.equal(escapeMarkdown('![i](http://t)'), '\\!\\[i\\]\\(http\\:\\/\\/t\\)');
    assert.equal(escapeMarkdown('$(alert)'), '\\$\\(alert\\)');
    assert.equal(escapeMarkdown('<b>&amp;'), '\\<b\\>\\&amp\\;');
    assert.equal(escapeMarkdown('a\r\nb\nc'), 'a  \nb  \nc', 'line breaks stay line breaks');
    assert.equal(escapeMarkdownLine(' a \n\n b '), 'a b');
    assert.equal(escapeMarkdown('Plain words, no markup'), 'Plain words\\, no markup');
  });

  test('property: escaped text unescapes to the text, and no punctuation is left bare', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'[]()!<>$&`*_#\\:/.- \naé|{}~'.split('')), maxLength: 40 }), (text) => {
        const escaped = escapeMarkdown(text);
        assert.equal(escaped.replace(/ {2}\n/g, '\n').replace(/\\([!-/:-@[-`{-~])/g, '$1'), text.replace(/[ \t]*\n/g, '\n'));
        assert.ok(!/(^|[^\\])(\\\\)*[[\]()!<>$&`]/.test(escaped), escaped);
      }),
      { numRuns: 2000 },
    );
  });

  test('a code span or block cannot be closed by the text inside it', () => {
    assert.equal(codeSpan('oper_1'), '`oper_1`');
    assert.equal(codeSpan('a`b'), '``a`b``');
    assert.equal(codeSpan('`x`'), '`` `x` ``');
    assert.equal(codeSpan('a``b'), '```a``b```');
    const block = codeBlock('type T = "```\\n![x](http://t)"', 'typescript');
    assert.ok(block.startsWith('````typescript\n') && block.endsWith('\n````'), block);
  });
});

describe('explorer tooltips carry service text as text (security)', () => {
  let ids: Record<string, string>;
  let connection: TestConnection;
  let model: ExplorerModel;

  const { emu } = useEmulator({ deployDelayMs: 3_600_000 }, { resetEach: false });
  before(async () => {
    ids = emu.demo.ids;
    connection = TestConnection.forEmulator(emu);
    model = new ExplorerModel(connection);
  });
  after(async () => {
    model.dispose();
    await connection.close();
  });

  async function item(group: GroupId, id?: string): Promise<ResourceNode> {
    const found = (await model.getChildren(model.group(group))).filter(isResourceNode).find((n) => id === undefined || n.id === id);
    assert.ok(found, `${id ?? 'any'} in ${group}`);
    return structuredClone(found);
  }

  test('names, instructions, descriptions, definitions, URLs and errors with links, images and icons are escaped', async () => {
    const op = await item('operations', ids.codeStaleOperationId!);
    if (op.data.kind !== 'operation') throw new Error('operation');
    Object.assign(op.data.value, { name: HOSTILE, instructions: HOSTILE, kind: HOSTILE, status: HOSTILE });
    const app = await item('apps', ids.liveAppId!);
    if (app.data.kind !== 'app') throw new Error('app');
    Object.assign(app.data.value, { name: HOSTILE, description: HOSTILE });
    app.data.value.deployment = {
      ...app.data.value.deployment,
      status: 'failed',
      url: HOSTILE,
      error: { message: HOSTILE, code: HOSTILE },
    };
    const fact = await item('facts', ids.factId!);
    if (fact.data.kind !== 'fact') throw new Error('fact');
    Object.assign(fact.data.value, {
      name: HOSTILE,
      definition: HOSTILE,
      key: HOSTILE,
      formula: HOSTILE,
      type: HOSTILE,
      formulaType: HOSTILE,
    });
    const sync = await item('writeSyncs');
    if (sync.data.kind !== 'writeSync') throw new Error('writeSync');
    const d = sync.data.value.definition;
    Object.assign(sync.data.value, { name: HOSTILE, identityLocked: true });
    Object.assign(d, { keyColumn: HOSTILE, source: { ...d.source, object: HOSTILE }, destination: { ...d.destination, object: HOSTILE } });
    const db = await item('databases');
    if (db.data.kind !== 'database') throw new Error('database');
    Object.assign(db.data.value, { name: HOSTILE });
    const dash = await item('dashboards');
    if (dash.data.kind !== 'dashboard') throw new Error('dashboard');
    Object.assign(dash.data.value, { name: HOSTILE });
    const failedAdd = messageNode(undefined, 'x', { label: 'x', severity: 'error', detail: HOSTILE, addedId: 'oper_x`](https://e)' });

    for (const [what, node] of [
      ['operation', op],
      ['app', app],
      ['fact', fact],
      ['write sync', sync],
      ['database', db],
      ['dashboard', dash],
      ['added id that failed', failedAdd],
    ] as const) {
      const tooltip = present(node).tooltip!;
      assertShowsAsText(tooltip, what);
      if (what !== 'added id that failed')
        assert.ok(tooltip.startsWith(`**${escapeMarkdownLine(HOSTILE)}** — `), `${what}: the name, bold and escaped`);
    }
    // Our own formatting is kept: bold labels, code spans for ids, the stale and locked notes.
    const opTip = present(op).tooltip!;
    assert.ok(opTip.includes(escapeMarkdown(HOSTILE)), 'the instructions, escaped');
    assert.ok(opTip.includes(`\`${ids.codeStaleOperationId}\``), 'the id in a code span');
    assert.match(opTip, /⚠ \*\*The handler code is stale\*\*/);
    assert.ok(!opTip.includes('$(warning)'), 'no theme icon syntax');
    assert.ok(present(app).tooltip!.includes(codeSpan(HOSTILE)), 'the URL in a code span, not a link');
    assert.ok(present(fact).tooltip!.includes(escapeMarkdown(HOSTILE)), 'the definition, escaped');
    assert.match(present(sync).tooltip!, /🔒 \*\*Identity locked\*\*/);
  });
});
