// Open + save of a 1 MB dashboard source through the `wsa:` FileSystemProvider, against the same two
// requests made bare with undici (GET the source, PUT it back with the tokens), interleaved in the
// same run. The provider is called as VS Code calls it on open (stat, readFile) and save (writeFile),
// without VS Code's IPC in between, so the figure is the extension's own cost. Each round opens a
// new path of the same dashboard (another file name), so each open really reads from the service.
import { Pool } from 'undici';
import * as vscode from 'vscode';
import { median } from '../support';
import { requireApi, timed, wsaUri, type BenchContext } from './context';

const SIZE = 1024 * 1024;
const ROUNDS = 7;

/** A valid TSX module of about `bytes` bytes, ending in a marker line that each save changes. */
export function largeDashboardSource(bytes: number): string {
  const head = [
    "import React from 'react';",
    '',
    'type Row = { region: string; revenue: number };',
    '',
    'export default function Dashboard({ rows }: { rows: Row[] }) {',
    '  return (',
    '    <div className="grid">',
  ].join('\n');
  const tail = '\n    </div>\n  );\n}\n// marker 0\n';
  const panels: string[] = [];
  let size = head.length + tail.length;
  for (let i = 0; size < bytes; i++) {
    const panel = `\n      <section key="panel-${i}" title="Panel ${i}"><h2>Panel ${i}</h2><p>{rows.length} rows, first {rows[${i % 10}]?.revenue ?? 0}</p></section>`;
    panels.push(panel);
    size += panel.length;
  }
  return head + panels.join('') + tail;
}

function remark(text: string, round: string): string {
  return text.replace(/\/\/ marker [^\n]*\n$/, `// marker ${round}\n`);
}

interface SourceData {
  source: string;
  revision: { revisionId: string; sequence: number };
  dataRunId: string;
}

export async function measureLargeFile(ctx: BenchContext): Promise<void> {
  const api = requireApi(ctx);
  const { emulator, figures, ids } = ctx;
  const dashboardId = ids.churnDashboardId!;
  const path = `/v1/dashboards/${dashboardId}/source`;
  const pool = new Pool(new URL(emulator.url).origin, { connections: 2, keepAliveTimeout: 30_000 });
  const headers = { authorization: `Bearer ${emulator.apiKey}`, 'x-workspace-id': emulator.workspaceId, accept: 'application/json' };
  const get = async (): Promise<SourceData> => {
    const res = await pool.request({ method: 'GET', path, headers });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${text.slice(0, 200)}`);
    return (JSON.parse(text) as { data: SourceData }).data;
  };
  const put = async (current: SourceData, source: string): Promise<void> => {
    const body = JSON.stringify({ source, expectedRevision: current.revision, expectedDataRunId: current.dataRunId });
    const res = await pool.request({ method: 'PUT', path, headers: { ...headers, 'content-type': 'application/json' }, body });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`PUT ${path}: ${res.statusCode} ${text.slice(0, 200)}`);
    JSON.parse(text);
  };

  const bare = async (round: string) => {
    const read = await timed(get);
    const next = remark(read.value.source, round);
    const write = await timed(() => put(read.value, next));
    return { open: read.ms, save: write.ms };
  };
  const provider = api.fileSystem;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const viaExtension = async (round: string) => {
    const uri = wsaUri(emulator.workspaceId, 'dashboards', dashboardId, `Customer churn ${round}`);
    const read = await timed(async () => {
      await provider.stat(uri);
      return provider.readFile(uri);
    });
    const next = encoder.encode(remark(decoder.decode(read.value), round));
    const write = await timed(() => provider.writeFile(uri, next));
    return { open: read.ms, save: write.ms };
  };

  try {
    // Make the source 1 MB, then one unmeasured round each: the first save loads the TSX parser.
    await put(await get(), largeDashboardSource(SIZE));
    figures.add('file.bytes', Buffer.byteLength((await get()).source));
    await viaExtension('warm-ext');
    await bare('warm-bare');
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so that neither always runs on a warmer machine.
      const ext = round % 2 ? await viaExtension(`ext-${round}`) : undefined;
      const plain = await bare(`bare-${round}`);
      const mine = ext ?? (await viaExtension(`ext-${round}`));
      figures.add('file.extOpenMs', mine.open);
      figures.add('file.extSaveMs', mine.save);
      figures.add('file.extTotalMs', mine.open + mine.save);
      figures.add('file.bareGetMs', plain.open);
      figures.add('file.barePutMs', plain.save);
      figures.add('file.bareTotalMs', plain.open + plain.save);
      ratios.push((mine.open + mine.save) / (plain.open + plain.save));
    }
    for (const r of ratios) figures.add('file.ratio', r);
    figures.note('file.ratio', `median of ${ROUNDS} interleaved rounds: ${median(ratios).toFixed(2)}×`);
  } finally {
    await pool.destroy();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}
