// The declarations of the emulator's dashboard runtime, served by GET /v1/dashboard-runtime/types
// (an assumed endpoint, README). They declare what the seed dashboards use, and every seed
// dashboard type-checks against them with no error (test/unit/dashboardLanguage/dashboardRuntimeTypes.test.ts).

/** The runtime module as dashboards import it. */
export const DASHBOARD_RUNTIME_MODULE = '@workspace/dashboard';

/**
 * The .d.ts text of the module's exports, without a `declare module` wrapper (the client wraps or
 * places it). `DataRow` is empty here: the editor augments it with the data run's columns, and
 * `useOperationData` then refuses a row type with a column the run does not have.
 */
export const DASHBOARD_RUNTIME_DECLARATIONS = `import type { ReactElement, ReactNode } from 'react';

/**
 * One row of the dashboard's data run. Empty until the data contract is known; the editor adds the
 * run's columns: declare module '@workspace/dashboard' { interface DataRow { region: string } }
 */
export interface DataRow {}

/**
 * The row types the data contract allows: every property must be a column of the data run, of the
 * column's type. Without a known contract (DataRow empty), any row type.
 */
export type ContractRow<R> = keyof DataRow extends never
  ? unknown
  : { [K in keyof R]: K extends keyof DataRow ? DataRow[K] : never };

/** The rows of the dashboard's data run and the state of loading them. */
export interface OperationData<Row> {
  /** Undefined until the first load finishes. */
  rows: Row[] | undefined;
  loading: boolean;
  error: Error | undefined;
  /** Loads the rows again. */
  refresh: () => void;
}

/** The rows of this dashboard's data run, typed by the data contract. */
export function useOperationData<Row extends ContractRow<Row> = DataRow>(): OperationData<Row>;

/** The names of a row's columns. */
export type ColumnKey<R> = Extract<keyof R, string>;

export interface CardProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Shown at the card's top right: buttons, menus. */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}
/** A titled panel. */
export function Card(props: CardProps): ReactElement;

export interface TableColumn<R> {
  key: ColumnKey<R>;
  label: ReactNode;
  /** The cell's content; the column's value as text when absent. */
  render?: (row: R) => ReactNode;
  /** Called when the column's header is clicked. */
  onSort?: () => void;
  align?: 'left' | 'center' | 'right';
}
export interface TableProps<R> {
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  /** Shown when there are no rows. */
  empty?: ReactNode;
  onRowClick?: (row: R) => void;
}
/**
 * A table of rows, one column per entry of \`columns\`. The row type defaults to DataRow (here and in
 * the charts) so that a missing or misspelt \`rows\` is reported as such, not as columns of type never.
 */
export function Table<R = DataRow>(props: TableProps<R>): ReactElement;

export interface BarChartProps<R> {
  data: readonly R[];
  /** The column along the horizontal axis. */
  x: ColumnKey<R>;
  /** The column giving each bar's height. */
  y: ColumnKey<R>;
  height?: number;
  color?: string;
}
export function BarChart<R = DataRow>(props: BarChartProps<R>): ReactElement;

export interface ChartSeries<R> {
  key: ColumnKey<R>;
  label?: string;
  color?: string;
}
export interface LineChartProps<R> {
  data: readonly R[];
  x: ColumnKey<R>;
  series: readonly ChartSeries<R>[];
  height?: number;
}
export function LineChart<R = DataRow>(props: LineChartProps<R>): ReactElement;

export interface StatProps {
  label: ReactNode;
  value: ReactNode;
  /** An arrow beside the value. */
  trend?: 'up' | 'down' | 'flat';
  hint?: ReactNode;
}
/** One figure with a label. */
export function Stat(props: StatProps): ReactElement;

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';
export interface BadgeProps {
  tone?: BadgeTone;
  children?: ReactNode;
}
export function Badge(props: BadgeProps): ReactElement;
`;

/** What the types endpoint answers: `{ data: { modules: [...] } }`. */
export function runtimeTypes(): { modules: { name: string; declarations: string }[] } {
  return { modules: [{ name: DASHBOARD_RUNTIME_MODULE, declarations: DASHBOARD_RUNTIME_DECLARATIONS }] };
}
