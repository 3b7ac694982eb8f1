// The project's Markdown pages as the docs tests read them: which files, their text without code
// (fenced blocks and code spans, where a link or a name is an example, not a claim), their links,
// and their headings' anchors as GitHub and VS Code's Markdown preview make them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../harness/lib/paths';

export const root = repoRoot;

/** The pages the docs tests hold: the README, docs/, the contributor and security pages, the changelog, the walkthrough. */
export function docFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  const walkthrough = readdirSync(join(root, 'media', 'walkthrough'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `media/walkthrough/${f}`);
  return ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md', 'SECURITY.md', 'CHANGELOG.md', ...docs, ...walkthrough];
}

export function readDoc(file: string): string {
  return readFileSync(join(root, file), 'utf8');
}

/** The text with fenced code blocks and code spans blanked (lines kept, so positions stay). */
export function withoutCode(text: string): string {
  return text
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** The code of the text: fenced blocks and code spans, the places where commands are written out. */
export function codeOf(text: string): string[] {
  const blocks = [...text.matchAll(/^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^\1[^\n]*$/gm)].map((m) => m[2]!);
  const spans = [...text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/(`+)(?!`)([\s\S]*?)(?<!`)\1(?!`)/g)].map(
    (m) => m[2]!,
  );
  return [...blocks, ...spans];
}

export interface Link {
  target: string;
  line: number;
  image: boolean;
}

/** Inline links and images, outside code. */
export function linksOf(text: string): Link[] {
  const prose = withoutCode(text);
  return [...prose.matchAll(/(!?)\[(?:[^\]\\]|\\.)*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map((m) => ({
    target: m[2]!,
    line: prose.slice(0, m.index).split('\n').length,
    image: m[1] === '!',
  }));
}

/** The anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of withoutCode(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    // The heading's own text in the original (code spans count, as rendered), links as their text.
    const heading = text.split('\n')[text.slice(0, m.index).split('\n').length - 1]!.replace(/^#{1,6}\s+/, '');
    const rendered = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = rendered
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}
