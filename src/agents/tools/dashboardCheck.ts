// check_dashboard: the problems of a dashboard text without saving it. Two sources, as in the
// editor: the save's own checks (validateText: the TSX parser and conflict markers; errors there
// refuse a save) and the dashboard language service (src/dashboardLanguage/service, in its
// worker: syntax and types against the data run's row type and the service's runtime
// declarations; information only).
// Each check runs under a key of its own and is closed after, so checks never share state.
// vscode-free.
import { rowTypeFromColumns, type CallOptions, type ServiceClient } from '../../api';
import type { TextProblem } from '../../documents/model/saveTypes';
import { positionAt } from '../../kinds/serialize';
import type { RuntimeTypes, TypeDiagnostic, WorkerMethods } from '../../dashboardLanguage/service/dashboardProtocol';

/** What the check needs of the language service worker (DashboardWorkerClient fits). */
export interface TypeWorker {
  request<M extends 'configure' | 'update' | 'diagnostics' | 'close'>(method: M, params: WorkerMethods[M][0]): Promise<WorkerMethods[M][1]>;
}

export interface Problem {
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  /** Whose words the message is: the service's refusal (fenced in an answer) or our checks'. */
  readonly source: 'local' | 'service' | 'types';
}

export function problemOf(p: TextProblem): Problem {
  return { line: p.line, column: p.column, severity: p.severity, message: p.message, source: p.source };
}

function typeProblem(text: string, d: TypeDiagnostic): Problem {
  const at = positionAt(text, d.start);
  return { ...at, severity: d.severity === 'suggestion' ? 'info' : d.severity, message: `TS${d.code}: ${d.message}`, source: 'types' };
}

/** In text order; the save's checks before the types' at the same place. */
export function sortProblems(problems: Problem[]): Problem[] {
  const rank = (p: Problem) => (p.source === 'types' ? 1 : 0);
  return problems.sort((a, b) => a.line - b.line || a.column - b.column || rank(a) - rank(b));
}

/** The dashboard's service state the type check compares with: its text and its data run's row type. */
export interface DashboardContext {
  readonly serviceText: string | null;
  readonly rowMembers: string | null;
}

/** The service text and row members of dashboard `id`; the row type is null when the service tells no columns. */
export async function dashboardContext(
  client: ServiceClient,
  id: string,
  o?: CallOptions,
): Promise<DashboardContext & { dataRunId: string }> {
  const source = await client.getDashboardSource(id, o);
  // No data-run read on this service, or a run without columns: there is no contract to check against.
  const run = await client.dataRun(source.dataRunId, o?.signal).catch(() => undefined);
  return { serviceText: source.source, rowMembers: run?.columns ? rowTypeFromColumns(run.columns) : null, dataRunId: source.dataRunId };
}

export class DashboardTypeCheck {
  private configured: Promise<void> | undefined;
  private next = 1;

  constructor(
    private readonly worker: TypeWorker,
    /** The service's runtime declarations; null when it serves none (then its modules stay untyped). */
    private readonly runtime: () => Promise<RuntimeTypes | null>,
  ) {}

  async check(text: string, context: DashboardContext): Promise<Problem[]> {
    // A failed configure is tried again by the next check.
    this.configured ??= this.runtime()
      .catch(() => null)
      .then((runtime) => this.worker.request('configure', { runtime }))
      .then(
        () => undefined,
        (e: unknown) => {
          this.configured = undefined;
          throw e;
        },
      );
    await this.configured;
    const key = `agent-check-${this.next++}`;
    try {
      await this.worker.request('update', { key, text, serviceText: context.serviceText, rowMembers: context.rowMembers });
      const found = await this.worker.request('diagnostics', { key });
      return found.map((d) => typeProblem(text, d));
    } finally {
      await this.worker.request('close', { key }).catch(() => undefined);
    }
  }
}
