// Lays out the parent structure of a newest-first revision list as lanes, the way a commit graph
// is drawn: each row has the column of its node and the line segments crossing the row's top half
// (into the node or straight through) and bottom half (out of the node to its parents, or through).
// Pure; used by the webview to draw a small graph when parents branch.

export interface GraphNode {
  readonly id: string;
  readonly parents: readonly string[];
}

/** A line in one half of a row, from column `from` to column `to`. */
export interface LaneSegment {
  from: number;
  to: number;
}

export interface LaneRow {
  /** Column of the row's node. */
  lane: number;
  /** Top edge → middle: lines coming from the row above; those ending in `lane` end at the node. */
  top: LaneSegment[];
  /** Middle → bottom edge: lines leaving the node towards its parents, and lines passing by. */
  bottom: LaneSegment[];
}

export interface LaneLayout {
  rows: LaneRow[];
  /** Number of columns the graph needs. */
  width: number;
  /** True when some row has a second line beside its own: the graph shows more than a straight line. */
  branched: boolean;
}

/**
 * `nodes` must be newest first (children before parents), as the list endpoint returns them.
 * Parents that are not in the list, or that come before their child, get no line: the graph never
 * draws a lane that cannot end.
 */
export function layoutLanes(nodes: readonly GraphNode[]): LaneLayout {
  const index = new Map<string, number>();
  nodes.forEach((n, i) => index.set(n.id, i));
  /** The revision id each column waits for, or null when the column is free. */
  const lanes: (string | null)[] = [];
  const rows: LaneRow[] = [];
  let width = 0;
  let branched = false;

  const freeColumn = (avoid: number): number => {
    for (let c = 0; c < lanes.length; c++) if (lanes[c] === null && c !== avoid) return c;
    lanes.push(null);
    return lanes.length - 1;
  };

  nodes.forEach((node, row) => {
    const expecting: number[] = [];
    lanes.forEach((id, c) => (id === node.id ? expecting.push(c) : undefined));
    const lane = expecting.length ? expecting[0]! : freeColumn(-1);

    const top: LaneSegment[] = [];
    const passing: number[] = [];
    lanes.forEach((id, c) => {
      if (id === null) return;
      if (id === node.id) top.push({ from: c, to: lane });
      else {
        top.push({ from: c, to: c });
        passing.push(c);
      }
    });
    for (const c of expecting) lanes[c] = null;

    const bottom: LaneSegment[] = passing.map((c) => ({ from: c, to: c }));
    const parents = node.parents.filter((p, i) => (index.get(p) ?? -1) > row && node.parents.indexOf(p) === i);
    parents.forEach((parent) => {
      const waiting = lanes.indexOf(parent);
      if (waiting !== -1 && waiting < lane) {
        // A lane to the left already leads to this parent: bend into it rather than run beside it.
        bottom.push({ from: lane, to: waiting });
        return;
      }
      // The first parent still free to take continues straight down the node's own column.
      const column = lanes[lane] == null ? lane : freeColumn(lane);
      lanes[column] = parent;
      bottom.push({ from: lane, to: column });
    });

    while (lanes.length && lanes[lanes.length - 1] === null) lanes.pop();
    width = Math.max(width, lane + 1, lanes.length);
    if (passing.length || top.some((s) => s.from !== s.to) || bottom.some((s) => s.from !== s.to)) branched = true;
    rows.push({ lane, top, bottom });
  });

  return { rows, width, branched };
}
