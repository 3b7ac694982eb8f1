// `npm run bench` after the build (scripts/bench.mjs stages the production extension and bundles
// this): the Node-side benchmarks, the dashboard language's, then the extension-host runs, then one
// table with the floor, the target and the verdict beside each figure, written to
// test-results/bench/ and, for each part that ran whole, into docs/performance.md (page.ts). Exits
// 0 whatever the figures: benchmarks are not tests; only a benchmark that could not run at all
// makes it fail.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled } from '../harness/lib/install';
import { repoRoot, resultsDir } from '../harness/lib/paths';
import { installExitHandlers } from '../harness/lib/processes';
import { runHostBench, stopHostBench } from './hostBench';
import { runDashboardTypesBench } from './dashboardTypesBench';
import { runNodeBench } from './nodeBench';
import { runScaleBench, SCALE_SIZES } from './scaleBench';
import { runTypingBench } from './typingBench';
import { partBlock, PARTS, replacePart, type Part } from './page';
import { hostRows } from './report';
import { formatTable, type Row } from './support';

interface Args {
  extensionDir: string;
  /** An empty extension with the same activation events: the activation floor. */
  floorDir: string | undefined;
  hostEntry: string;
  runs: number;
  large: number;
  node: boolean;
  /** The dashboard language service benchmarks. */
  typing: boolean;
  host: boolean;
  /** The same actions at 2,000 and at 10,000 resources. */
  scale: boolean;
  /** Host steps to CPU-profile (host/profile.ts). */
  profile: string | undefined;
  /** Only the host steps whose names start with these (activation always runs). */
  steps: string | undefined;
  /** Host steps to record a Chromium trace of (first run). */
  browserTrace: string | undefined;
}

const DEFAULT_LARGE = 2000;

function parseArgs(argv: string[]): Args {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const extensionDir = value('extension');
  const hostEntry = value('host-entry');
  if (!extensionDir || !hostEntry)
    throw new Error(
      'usage: main.js --extension=<staged extension> --host-entry=<bundled host/index.js> [--runs=3] [--large=2000] [--only=node,typing,host,scale] [--profile=activation,history,...] [--steps=requests,tree,...] [--browser-trace=history,...]',
    );
  const only = value('only')?.split(',');
  const unknown = only?.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown?.length) throw new Error(`--only takes ${PARTS.join(', ')} (comma-separated), not ${unknown.join(', ')}`);
  const runs = (part: Part) => !only || only.includes(part);
  return {
    extensionDir,
    floorDir: value('floor-extension'),
    hostEntry,
    runs: Number(value('runs') ?? 3),
    large: Number(value('large') ?? DEFAULT_LARGE),
    node: runs('node'),
    typing: runs('typing'),
    host: runs('host'),
    scale: runs('scale'),
    profile: value('profile'),
    steps: value('steps'),
    browserTrace: value('browser-trace'),
  };
}

const say = (line: string) => console.log(`[bench] ${line}`);

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  installExitHandlers(stopHostBench);
  // The extension host inherits it through code-server's environment.
  if (args.profile) process.env.WSA_BENCH_PROFILE = args.profile;
  if (args.steps) process.env.WSA_BENCH_STEPS = args.steps;
  const load = () => `load ${loadavg()[0]!.toFixed(1)}`;
  const started = new Date();
  say(`started ${started.toISOString()}, ${load()} on ${availableParallelism()} cores`);
  /** Per part that ran: its rows, its notes, and when and under what load it ran. */
  const parts = new Map<Part, { rows: Row[]; details: string[]; title: string }>();
  const part = async (name: Part, label: string, run: (rows: Row[], details: string[]) => Promise<void>) => {
    const at = new Date();
    const loadBefore = load();
    const rows: Row[] = [];
    const details: string[] = [];
    await run(rows, details);
    const when = at.toISOString().slice(0, 16).replace('T', ' ');
    parts.set(name, {
      rows,
      details,
      title: `**${label}**: ${when} UTC, ${loadBefore} → ${load().replace('load ', '')} on ${availableParallelism()} cores.`,
    });
  };
  const attempt = async (what: string, details: string[], fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      details.push(`${what}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const dist = join(args.extensionDir, 'dist');
  if (args.node)
    await part('node', 'Node side', (rows, details) =>
      attempt('Node-side benchmarks', details, () => runNodeBench({ dist, large: args.large, say }, rows)),
    );
  if (args.typing)
    await part('typing', 'Dashboard language', async (rows, details) => {
      await attempt('Dashboard types benchmarks', details, () => runDashboardTypesBench({ dist, say }, rows));
      await attempt('Typing benchmarks', details, () => runTypingBench({ dist, say }, rows));
    });
  if (args.scale)
    await part('scale', `Cost at ${SCALE_SIZES.map((n) => n.toLocaleString('en')).join(' and ')} resources`, (rows, details) =>
      attempt('Scale benchmarks', details, () => runScaleBench({ dist, say }, rows)),
    );
  let hostOk = true;
  if (args.host)
    await part('host', `Extension host, ${args.runs} run${args.runs === 1 ? '' : 's'}`, async (rows, details) => {
      // The headless VS Code that `npm test` installs (a no-op once there).
      await ensureInstalled((line) => say(`install: ${line}`));
      const browserTrace = args.browserTrace?.split(',').map((s) => s.trim());
      const runs = await runHostBench({
        extensionDir: args.extensionDir,
        floorDir: args.floorDir,
        hostEntry: args.hostEntry,
        runs: args.runs,
        large: args.large,
        browserTrace,
        say,
      });
      const host = hostRows(runs, args.steps);
      rows.push(...host.rows);
      details.push(...host.details);
      hostOk = runs.some((r) => r.results?.done);
      if (args.profile)
        details.push(
          `CPU profiles of ${args.profile} in test-results/bench-host/, one per run: the figures of those steps include the profiler's overhead.`,
        );
      if (browserTrace)
        details.push(
          `Chromium traces of ${browserTrace.join(', ')} in test-results/bench-host/*.trace.json (run 1; its figures include the tracing overhead).`,
        );
    });
  const rows = [...parts.values()].flatMap((p) => p.rows);
  const details = [...parts.values()].flatMap((p) => p.details);
  const title = `npm run bench — ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${load()} at the end`;
  const table = formatTable(rows);
  console.log(`\n${title}\n\n${table}`);
  if (details.length) console.log(`\n${details.map((d) => `- ${d}`).join('\n')}`);
  const unmet = rows.filter((r) => r.met === false);
  console.log(
    `\n${rows.filter((r) => r.met === true).length} target(s) met, ${unmet.length} not met${unmet.length ? `: ${unmet.map((r) => r.what.trim()).join('; ')}` : ''}`,
  );

  const out = join(resultsDir, 'bench');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'table.md'), `${title}\n\n${table}\n${details.map((d) => `\n- ${d}`).join('')}\n`);
  writeFileSync(join(out, 'results.json'), JSON.stringify({ started, rows, details }, null, 2));
  say(`table written to ${join(out, 'table.md')}`);
  writePage(args, parts);
  return ((args.node || args.typing || args.scale) && !rows.length) || !hostOk ? 1 : 0;
}

/**
 * Each part that ran whole (the default workspace size; the host part with every step, no profile
 * or trace) replaces its block in docs/performance.md; a narrower run leaves the page as it is.
 */
function writePage(args: Args, parts: ReadonlyMap<Part, { rows: Row[]; details: string[]; title: string }>): void {
  const whole: Record<Part, boolean> = {
    node: args.large === DEFAULT_LARGE,
    typing: true,
    scale: true,
    host: args.large === DEFAULT_LARGE && !args.steps && !args.profile && !args.browserTrace,
  };
  const file = join(repoRoot, 'docs', 'performance.md');
  let page = readFileSync(file, 'utf8');
  const written: Part[] = [];
  for (const [name, p] of parts) {
    if (!whole[name] || !p.rows.length) continue;
    page = replacePart(page, name, partBlock(p.title, p.rows, p.details));
    written.push(name);
  }
  if (written.length) writeFileSync(file, page);
  say(
    written.length
      ? `docs/performance.md: the ${written.join(', ')} table(s) written`
      : 'docs/performance.md: not written (no part ran whole: --steps, --profile, --browser-trace or --large narrow a run)',
  );
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
