// `npm run bench` after the build (scripts/bench.mjs stages the production extension and bundles
// this): the Node-side benchmarks, then the extension-host runs, then one table with the target
// beside each figure, also written to test-results/bench/. Exits 0 whatever the figures:
// benchmarks are not tests; only a benchmark that could not run at all makes it fail.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled } from '../harness/lib/install';
import { resultsDir } from '../harness/lib/paths';
import { installExitHandlers } from '../harness/lib/processes';
import { runHostBench, stopHostBench } from './hostBench';
import { runDashboardTypesBench } from './dashboardTypesBench';
import { runNodeBench } from './nodeBench';
import { runTypingBench } from './typingBench';
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
  /** The dashboard language service benchmarks (part of node; `--only=typing` runs them alone). */
  typing: boolean;
  host: boolean;
  /** Host steps to CPU-profile (host/profile.ts). */
  profile: string | undefined;
  /** Only the host steps whose names start with these (activation always runs). */
  steps: string | undefined;
  /** Host steps to record a Chromium trace of (first run). */
  browserTrace: string | undefined;
}

function parseArgs(argv: string[]): Args {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const extensionDir = value('extension');
  const hostEntry = value('host-entry');
  if (!extensionDir || !hostEntry)
    throw new Error(
      'usage: main.js --extension=<staged extension> --host-entry=<bundled host/index.js> [--runs=3] [--large=2000] [--only=node|typing|host] [--profile=activation,history,...] [--steps=requests,tree,...] [--browser-trace=history,...]',
    );
  const only = value('only');
  return {
    extensionDir,
    floorDir: value('floor-extension'),
    hostEntry,
    runs: Number(value('runs') ?? 3),
    large: Number(value('large') ?? 2000),
    node: only === undefined || only === 'node',
    typing: only === undefined || only === 'node' || only === 'typing',
    host: only === undefined || only === 'host',
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
  const load = () => `load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
  const started = new Date();
  say(`started ${started.toISOString()}, ${load()}`);
  const rows: Row[] = [];
  const details: string[] = [];
  if (args.node) {
    try {
      await runNodeBench({ dist: join(args.extensionDir, 'dist'), large: args.large, say }, rows);
    } catch (e) {
      details.push(`Node-side benchmarks: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (args.typing) {
    try {
      await runDashboardTypesBench({ dist: join(args.extensionDir, 'dist'), say }, rows);
    } catch (e) {
      details.push(`Dashboard types benchmarks: ${e instanceof Error ? e.message : String(e)}`);
    }
    try {
      await runTypingBench({ dist: join(args.extensionDir, 'dist'), say }, rows);
    } catch (e) {
      details.push(`Typing benchmarks: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  let hostOk = true;
  if (args.host) {
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
    const host = hostRows(runs);
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
  }
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
  return ((args.node || args.typing) && !rows.length) || !hostOk ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
