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
  // Plain loops and few allocations: this runs on the webview's first paint of long histories.
  const index = new Map<string, number>();
  for (let i = 0; i < nodes.length; i++) index.set(nodes[i]!.id, i);
  /** The revision id each column waits for, or null when the column is free. */
  const lanes: (string | null)[] = [];
  const rows: LaneRow[] = new Array(nodes.length);
  let width = 0;
  let branched = false;

  const freeColumn = (avoid: number): number => {
    for (let c = 0; c < lanes.length; c++) if (lanes[c] === null && c !== avoid) return c;
    lanes.push(null);
    return lanes.length - 1;
  };

  for (let row = 0; row < nodes.length; row++) {
    const node = nodes[row]!;
    let lane = lanes.indexOf(node.id);
    if (lane === -1) lane = freeColumn(-1);
    const top: LaneSegment[] = [];
    const bottom: LaneSegment[] = [];
    for (let c = 0; c < lanes.length; c++) {
      const id = lanes[c];
      if (id === null) continue;
      if (id === node.id) {
        top.push({ from: c, to: lane });
        lanes[c] = null;
        if (c !== lane) branched = true;
      } else {
        // A line passing by: the same straight segment in both halves.
        const straight = { from: c, to: c };
        top.push(straight);
        bottom.push(straight);
        branched = true;
      }
    }
    const parents = node.parents;
    for (let i = 0; i < parents.length; i++) {
      const parent = parents[i]!;
      if ((index.get(parent) ?? -1) <= row || parents.indexOf(parent) !== i) continue;
      const waiting = lanes.indexOf(parent);
      if (waiting !== -1 && waiting < lane) {
        // A lane to the left already leads to this parent: bend into it rather than run beside it.
        bottom.push({ from: lane, to: waiting });
        branched = true;
        continue;
      }
      // The first parent still free to take continues straight down the node's own column.
      const column = lanes[lane] == null ? lane : freeColumn(lane);
      lanes[column] = parent;
      bottom.push({ from: lane, to: column });
      if (column !== lane) branched = true;
    }
    while (lanes.length && lanes[lanes.length - 1] === null) lanes.pop();
    width = Math.max(width, lane + 1, lanes.length);
    rows[row] = { lane, top, bottom };
  }

  return { rows, width, branched };
}

/**
 * True when each revision's parent is the next one in the list: the graph would be one straight
 * line. A quick check without laying anything out, so the first paint can size the graph column.
 */
export function isLinear(nodes: readonly GraphNode[]): boolean {
  for (let i = 0; i < nodes.length; i++) {
    const parents = nodes[i]!.parents;
    if (parents.length > 1) return false;
    if (parents.length === 1 && i + 1 < nodes.length && parents[0] !== nodes[i + 1]!.id) return false;
  }
  return true;
}
