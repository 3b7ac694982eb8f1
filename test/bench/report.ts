// Turns the samples of the extension-host runs into table rows, each with its target and floor: the
// median over every sample of every run (activation gives one sample per run).
import type { HostRun } from './hostBench';
import { STEP_NAMES, stepRuns } from './host/steps';
import { fmt, median, type Row } from './support';
import { activationRow, historyRow } from './verdicts';

/** The rows of the host steps that ran (`steps`: main.js's --steps=, every step when undefined). */
export function hostRows(runs: readonly HostRun[], steps?: string): { rows: Row[]; details: string[] } {
  const ran = (name: string) => stepRuns(name, steps);
  const samplesOf = (of: readonly HostRun[]) => {
    const samples: Record<string, number[]> = {};
    for (const run of of) {
      for (const [key, values] of Object.entries(run.results?.samples ?? {})) (samples[key] ??= []).push(...values);
    }
    return samples;
  };
  // Activation is read from the runs that started with the code cache of the run before, as every
  // window after the first does; the first run (after an install or an update) has its own row.
  const warm = runs.filter((r) => r.codeCache === 'warm');
  const cold = samplesOf(runs.filter((r) => r.codeCache === 'cold'));
  const samples = samplesOf(runs);
  const activation = samplesOf(warm.length ? warm : runs);
  for (const key of Object.keys(samples)) if (key.startsWith('activation.')) samples[key] = activation[key] ?? [];
  const cache = warm.length ? 'with the code cache' : 'without a code cache (only a first run)';
  const med = (key: string) => (samples[key]?.length ? median(samples[key]) : undefined);
  const max = (key: string) => (samples[key]?.length ? Math.max(...samples[key]) : undefined);
  const n = (key: string) => samples[key]?.length ?? 0;
  const rows: Row[] = [];
  const details: string[] = [];
  /** A detail row under a figure: the median of `key`, in ms, when the runs measured it. */
  const detailMs = (what: string, key: string) => {
    const value = med(key);
    if (value !== undefined) rows.push({ what: `  ${what}`, figure: fmt.ms(value), target: '' });
  };

  const total = med('activation.totalMs');
  const cpu = med('activation.totalCpuMs');
  rows.push(
    total === undefined || cpu === undefined
      ? missing('activation: CPU of the require of dist/main.js + the activate() call, real host', 'CPU ≤ 15 ms')
      : activationRow({
          runs: n('activation.totalCpuMs'),
          cache,
          cpuMs: cpu,
          requireCpuMs: med('activation.requireCpuMs')!,
          activateCpuMs: med('activation.activateCpuMs')!,
          wallMs: total,
          floorCpuMs: med('activation.floorTotalCpuMs'),
          cachedLoadMs: med('activation.freshCachedMs'),
        }),
  );
  if (total !== undefined)
    rows.push({
      what: '  wall time of those two calls, as Running Extensions counts them (the machine is shared: it includes waiting)',
      figure: `${fmt.ms(total)} (require ${fmt.ms(med('activation.requireMs')!)} + activate ${fmt.ms(med('activation.activateCallMs')!)})`,
      floor: med('activation.floorTotalMs') === undefined ? undefined : `an empty extension: ${fmt.ms(med('activation.floorTotalMs')!)}`,
      target: 'reported',
    });
  const coldTotal = cold['activation.totalMs'];
  if (warm.length && coldTotal?.length)
    rows.push({
      what: '  the first run, without a code cache (as after an install or an update)',
      figure: `${fmt.ms(median(coldTotal))} (require ${fmt.ms(median(cold['activation.requireMs'] ?? [NaN]))} + activate ${fmt.ms(median(cold['activation.activateCallMs'] ?? [NaN]))})`,
      target: 'reported',
    });
  const settled = med('activation.settledMs');
  if (settled !== undefined)
    rows.push({
      what: "  activate()'s promise settles (it awaits reading the settings and key, no request)",
      figure: `after ${fmt.ms(settled)}`,
      target: '',
    });
  const vscodeTotal = med('activation.vscodeTotalMs');
  if (vscodeTotal !== undefined) {
    rows.push({
      what: "  VS Code's will/didActivate marks (1 ms; span the awaited promise and the host's work meanwhile)",
      figure: `${fmt.ms(vscodeTotal)} (load ${fmt.ms(med('activation.vscodeLoadMs')!)} + activate ${fmt.ms(med('activation.vscodeActivateMs')!)})`,
      target: '',
    });
  }
  detailMs(
    `require of a fresh copy of the bundle, after activation (${n('activation.freshRequireMs')} copies)`,
    'activation.freshRequireMs',
  );
  detailMs(
    `the same through a warm code cache, as dist/main.js loads it (${n('activation.freshCachedMs')} copies)`,
    'activation.freshCachedMs',
  );

  // Opening a dashboard: 1 request besides the first-time reads of the declarations and its data run.
  for (const [key, what] of [
    ['requests.openDashboard', 'requests: open a dashboard in an editor (first)'],
    ['requests.openSecondDashboard', 'requests: open a second dashboard'],
  ] as const) {
    if (!ran(STEP_NAMES.requests)) continue;
    const all = med(key);
    const contract = med(`${key}.contract`) ?? 0;
    if (all === undefined) {
      rows.push(missing(what, '1 + first-time contract reads'));
      continue;
    }
    const spread = max(key) === Math.min(...samples[key]!) ? '' : ` (runs: ${samples[key]!.join(', ')})`;
    rows.push({
      what,
      figure: `${all} = ${all - contract} + ${contract} first-time contract read(s)${spread}`,
      target: '1 + first-time contract reads',
      met: all - contract === 1,
      whyNot: `${all - contract} reads besides the contract's: the reads counted are listed below the table`,
    });
    runs.forEach((run, i) => {
      const count = run.results?.samples[key]?.[0];
      const c = run.results?.samples[`${key}.contract`]?.[0] ?? 0;
      if (count !== undefined && count - c !== 1) details.push(`run ${i + 1}, ${what}: ${count} — ${run.results?.notes[key] ?? ''}`);
    });
  }
  // Each count with the step that takes it: a run of some steps shows only theirs.
  const counts: [string, string, number, string][] = [
    ['requests.activation', 'requests during activation (before any view is shown)', 0, STEP_NAMES.activation],
    ['requests.save', 'requests: save the first (File > Save)', 1, STEP_NAMES.requests],
    ['requests.openHistory', 'requests: open its history, until the first paint', 1, STEP_NAMES.requests],
    ['requests.compareSeen', 'requests: compare two revisions already read', 0, STEP_NAMES.requests],
    ['requests.expandGroup', 'requests: expand a tree group (Operations, listing)', 1, STEP_NAMES.tree],
  ];
  // Counts are the median over the runs: a background re-check (the window regaining focus re-reads
  // visible documents) can land inside one run's count. Every run that differs is listed below.
  for (const [key, what, target, step] of counts) {
    if (step !== STEP_NAMES.activation && !ran(step)) continue;
    const typical = med(key);
    if (typical === undefined) {
      rows.push(missing(what, String(target)));
      continue;
    }
    const spread = max(key) === Math.min(...samples[key]!) ? '' : ` (runs: ${samples[key]!.join(', ')})`;
    rows.push({
      what,
      figure: `${typical}${spread}`,
      target: String(target),
      met: typical === target,
      whyNot: `${typical} requests: the ones counted are listed below the table`,
    });
    runs.forEach((run, i) => {
      const count = run.results?.samples[key]?.[0];
      if (count !== undefined && count !== target) details.push(`run ${i + 1}, ${what}: ${count} — ${run.results?.notes[key] ?? ''}`);
    });
  }
  const lineCounts = med('requests.historyLineCounts');
  if (lineCounts !== undefined)
    rows.push({ what: '  after the paint: revision reads for the line counts of visible rows', figure: String(lineCounts), target: '' });

  const ratio = med('file.ratio');
  if (ran(STEP_NAMES.largeFile))
    rows.push(
      ratio === undefined
        ? missing('open + save a 1 MB dashboard through the FileSystemProvider vs bare GET + PUT', '≤ 3×')
        : {
            what: `open + save a ${((med('file.bytes') ?? 0) / 1048576).toFixed(1)} MB dashboard via the FileSystemProvider vs bare undici GET + PUT (${n('file.ratio')} interleaved rounds)`,
            figure: `${fmt.ratio(ratio)} (${fmt.ms(med('file.extTotalMs')!)} vs ${fmt.ms(med('file.bareTotalMs')!)})`,
            floor: `bare undici GET + PUT of the same text: ${fmt.ms(med('file.bareTotalMs')!)}`,
            target: '≤ 3×',
            met: ratio <= 3,
            whyNot: `${fmt.ratio(ratio)}: the save's local TSX check parses the whole megabyte before the PUT (see the two rows below)`,
          },
    );
  if (ratio !== undefined) {
    rows.push({
      what: '  open (stat + readFile)',
      figure: fmt.ms(med('file.extOpenMs')!),
      floor: `bare GET ${fmt.ms(med('file.bareGetMs')!)}`,
      target: '',
    });
    rows.push({
      what: '  save (writeFile: local TSX check + PUT)',
      figure: fmt.ms(med('file.extSaveMs')!),
      floor: `bare PUT ${fmt.ms(med('file.barePutMs')!)}`,
      target: '',
    });
  }

  const paint = med('history.firstPaintMs');
  const emptyWebview = med('history.bareWebviewMs');
  const list = med('history.listMs');
  if (ran(STEP_NAMES.history))
    rows.push(
      paint === undefined || emptyWebview === undefined || list === undefined
        ? missing('history of 5,000 revisions: list request + first paint in the webview', '≤ 1.3× the floor')
        : historyRow({
            revisions: med('history.revisions') ?? 0,
            panels: n('history.firstPaintMs'),
            paintMs: paint,
            bareWebviewMs: emptyWebview,
            listMs: list,
            pageOnlyMs: med('history.pageOnlyMs'),
          }),
    );
  if (paint !== undefined) {
    detailMs('the list request (5,000 items, schema-checked)', 'history.listMs');
    detailMs("the new webview's script running and saying ready", 'history.webviewReadyMs');
    detailMs('baseline, same run: an empty webview panel whose inline script posts one message', 'history.bareWebviewMs');
    detailMs('the history page alone (same HTML, no list request beside it) saying ready', 'history.pageOnlyMs');
    detailMs('state handed to the webview, after the request started', 'history.postedMs');
    detailMs(`webview render of the first screen (${med('history.rows')} rows drawn)`, 'history.renderMs');
    rows.push({
      what: '  list requests per panel',
      figure: String(max('history.listRequests')),
      target: '1',
      met: max('history.listRequests') === 1,
      whyNot: 'a panel asked for the list more than once: a page or a reload read it again',
    });
  }

  const map = med('tree.mapMs');
  if (ran(STEP_NAMES.tree))
    rows.push(
      map === undefined
        ? missing('tree group of 2,000 operations: getChildren + getTreeItem for all', '≤ 50 ms')
        : {
            what: `tree group of ${med('tree.items')} operations: getChildren + getTreeItem for all, data loaded (${n('tree.mapMs')} rounds)`,
            figure: fmt.ms(map),
            target: '≤ 50 ms',
            met: map <= 50,
            whyNot: `${fmt.ms(map)}: building the tree items of 2,000 operations (labels, tooltips, icons) costs more than 25 µs each`,
          },
    );
  if (map !== undefined) {
    detailMs(`the fetch apart: first page (${med('tree.firstPageItems')} items, 1 request) expanded in`, 'tree.firstPageMs');
    detailMs(`the rest through "Load more" (${med('tree.loadMoreRequests')} requests)`, 'tree.loadAllMs');
  }

  const before = med('memory.hostBeforeActivationMiB');
  if (ran(STEP_NAMES.memory)) rows.push(...memoryRows(med, before));

  const hostPeak = max('memory.hostPeakMiB');
  rows.push({
    what: 'extension host peak memory (VmHWM) over the large workspace',
    figure: hostPeak === undefined ? 'n/a' : `${fmt.mib(hostPeak)}${before === undefined ? '' : ` (${fmt.mib(before)} before activation)`}`,
    target: 'reported',
  });
  const emuPeaks = runs.map((r) => r.emulatorPeakMiB).filter((v): v is number => v !== undefined);
  rows.push({
    what: 'emulator peak memory (--large, after the host steps incl. the 1 MB saves)',
    figure: emuPeaks.length ? fmt.mib(Math.max(...emuPeaks)) : 'n/a',
    target: 'reported',
  });

  for (const run of runs) {
    if (run.error) details.push(`host run: ${run.error}`);
    for (const e of run.results?.errors ?? []) details.push(`${e.step}: ${e.error.split('\n')[0]}`);
  }
  return { rows, details };
}

function missing(what: string, target: string): Row {
  return { what, figure: 'not measured', target, met: false, whyNot: 'the step gave no figure (its error is listed below the table)' };
}

/** The memory step's rows (host/memory.ts): each part's growth of the settled resident set, and whether it stays. */
function memoryRows(med: (key: string) => number | undefined, beforeActivation: number | undefined): Row[] {
  const mib = (key: string) => {
    const v = med(key);
    return v === undefined ? 'n/a' : fmt.mib(v);
  };
  const rows: Row[] = [];
  const end = med('memory.hostSettledEndMiB');
  const growth = end !== undefined && beforeActivation !== undefined ? end - beforeActivation : undefined;
  rows.push(
    growth === undefined
      ? missing('extension host growth over the large workspace, worker included (settled, after every step)', '≤ 250 MiB')
      : {
          what: 'extension host growth over the large workspace, worker included (resident set after a full GC, after every step, less before activation)',
          figure: fmt.mib(growth),
          floor: `before activation: ${fmt.mib(beforeActivation!)}`,
          target: '≤ 250 MiB',
          met: growth <= 250,
          whyNot: `${fmt.mib(growth)}: V8 keeps the pages of what the steps allocated (the live heap at the end is ${med('memory.hostHeapEndMiB') === undefined ? 'not measured' : fmt.mib(med('memory.hostHeapEndMiB')!)}, the worker's beside it)`,
        },
  );
  rows.push({
    what: "  the language service worker's V8 heap (reserved; used beside it)",
    figure: `${mib('memory.workerHeapMiB')} (${mib('memory.workerHeapUsedMiB')} used)`,
    target: 'reported',
  });
  rows.push({
    what: "  the host's live heap (used + external, after a full GC) at the end",
    figure: mib('memory.hostHeapEndMiB'),
    target: 'reported',
  });
  rows.push({
    what: '  the document store: 300 operation files open / after closing them (live heap)',
    figure: `${mib('memory.documentsOpenMiB')} / ${mib('memory.documentsClosedMiB')}`,
    target: 'reported',
  });
  const half = med('memory.revisionsHalfMiB');
  const whole = med('memory.revisionsMiB');
  const reads = med('memory.revisionReads') ?? 0;
  rows.push(
    half === undefined || whole === undefined
      ? missing('  the revision cache (bounded at 1,000): 2,000 revisions read', 'the second 1,000 add ≤ 25 % of the first')
      : {
          what: `  the revision cache (bounded at 1,000): ${reads} revisions read / the first 1,000 of them (live heap)`,
          figure: `${fmt.mib(whole)} / ${fmt.mib(half)}`,
          target: 'the second 1,000 add ≤ 25 % of the first',
          met: whole - half <= Math.max(0.25 * half, 2),
          whyNot: `the second 1,000 added ${fmt.mib(whole - half)} to ${fmt.mib(half)}: the bound does not hold the memory`,
        },
  );
  const open = med('memory.historyOpenMiB');
  const closed = med('memory.historyClosedMiB');
  rows.push(
    open === undefined || closed === undefined
      ? missing('  a history panel of 5,000 revisions open / closed again', 'closed gives back ≥ 75 %')
      : {
          what: '  a history panel of 5,000 revisions open / closed again (live heap)',
          figure: `${fmt.mib(open)} / ${fmt.mib(closed)}`,
          target: 'closed gives back ≥ 75 %',
          met: closed <= Math.max(0.25 * open, 2),
          whyNot: `${fmt.mib(closed)} of ${fmt.mib(open)} stays after the panel closed`,
        },
  );
  rows.push({
    what: "  the explorer's Operations group loaded to its end (2,000 items; live heap)",
    figure: mib('memory.explorerMiB'),
    target: 'reported',
  });
  const first = med('memory.repeatFirstMiB');
  const last = med('memory.repeatLastMiB');
  rows.push(
    first === undefined || last === undefined
      ? missing('the same work 10 times: the resident set after the last round against after the first', '≤ 1.1×')
      : {
          what: '  the same work 10 times (100 files, 3 history panels, the explorer refreshed): live heap after the last round against after the first',
          figure: `${fmt.ratio(last / first)} (${fmt.mib(last)} vs ${fmt.mib(first)})`,
          target: '≤ 1.1×',
          met: last / first <= 1.1,
          whyNot: `${fmt.mib(last - first)} more after 10 rounds than after one: something keeps what each round made`,
        },
  );
  return rows;
}
