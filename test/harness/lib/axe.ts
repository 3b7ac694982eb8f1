// axe-core run inside a webview frame. The page's CSP stays as it ships: the library's source is
// evaluated through the DevTools protocol (Playwright's `frame.evaluate` of a string), which the
// page's `script-src` does not govern, unlike a <script> tag or the page's own eval.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, FrameLocator } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

let source: string | undefined;

function axeSource(): string {
  source ??= readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/** The Frame behind a frame locator (its document's root element must be there). */
export async function frameOf(frame: FrameLocator): Promise<Frame> {
  const root = await frame.locator(':root').elementHandle();
  const owner = await root?.ownerFrame();
  if (!owner) throw new Error('the frame has no document yet');
  return owner;
}

/** Runs axe on the frame's document (WCAG 2.x A/AA and best practices) and returns the violations. */
export async function axe(frame: FrameLocator): Promise<AxeViolation[]> {
  const owner = await frameOf(frame);
  if (!(await owner.evaluate('typeof window.axe === "object"'))) await owner.evaluate(`${axeSource()}\n;void 0`);
  const violations = await owner.evaluate(async () => {
    const w = window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: AxeViolation[] }> } };
    const result = await w.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, ...(n.failureSummary ? { failureSummary: n.failureSummary } : {}) })),
    }));
  });
  return violations;
}

/** One line per violation (id, impact, how many nodes, the first few nodes and why), for a readable failure. */
export function axeReport(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `\n    ${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`);
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `${v.id} (${v.impact ?? 'no impact'}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}${nodes.join('')}${more}`;
    })
    .join('\n');
}
