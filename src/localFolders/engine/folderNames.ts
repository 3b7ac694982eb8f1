// File names for resources: safe on Windows, macOS and Linux, unique in their folder, and the same
// on every machine for the same workspace. Identity is the id in the state file; the name is for
// people and tools.

/** Longest file name, in UTF-8 bytes, before the suffix: well below the 255 most file systems allow. */
export const MAX_NAME_BYTES = 120;

// Controls (C0, DEL, C1), the characters Windows refuses, and those that make a name read as
// another without being seen: bidirectional controls, zero-width characters, line and paragraph
// separators (Trojan Source). Each run becomes `-`.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]+/g;
const ONE_UNSAFE = new RegExp(UNSAFE.source);
// Windows refuses these as a file's name before its first dot, in any case: `CON.tsx`, `lpt1.json`.
// COM¹ to COM³ and LPT¹ to LPT³ are reserved too; escaped, so that the bundle stays ASCII (test/unit/bundles.test.ts).
const RESERVED = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;

function truncateBytes(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  // By code point, so that an emoji is never cut in half.
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > max) break;
    out += ch;
    bytes += size;
  }
  return out;
}

/**
 * A resource name as a file name (without suffix): separators, `:` and the other characters
 * Windows refuses become `-`; no leading dot (a hidden file), no trailing dot or space (Windows
 * drops them), no reserved device name; `fallback` (the id) when nothing is left.
 */
export function fileSafeName(name: string, fallback: string): string {
  let cleaned = name.normalize('NFC').replace(UNSAFE, '-').replace(/\s+/g, ' ').trim();
  cleaned = truncateBytes(cleaned, MAX_NAME_BYTES)
    .replace(/^\.+/, (dots) => '_'.repeat(dots.length))
    .replace(/[. ]+$/, '')
    .trim();
  if (!cleaned) return fallback;
  const stem = cleaned.split('.')[0]!;
  return RESERVED.test(stem.trim()) ? `_${cleaned}` : cleaned;
}

/** How two paths collide on a case-insensitive, normalising file system (Windows, macOS). */
export function pathKey(relativePath: string): string {
  return relativePath.normalize('NFC').toLowerCase();
}

/**
 * Whether `stem` (a file name without its suffix) is one a pull could have made: none of the
 * characters fileSafeName replaces, no leading dot, no trailing dot or space, no device name.
 */
export function isPulledName(stem: string): boolean {
  if (!stem || ONE_UNSAFE.test(stem) || stem.startsWith('.') || /[. ]$/.test(stem) || stem !== stem.trim()) return false;
  return !RESERVED.test(stem.split('.')[0]!.trim());
}

/**
 * Whether `relativePath` is where a pull puts a file of `folder` and `suffix`: directly in that
 * folder, under a name a pull could have made. The state file comes with the folder, from whoever
 * committed it: an entry elsewhere (`package.json`, `.git/config`, `.github/workflows/x.yml`) names a
 * file no pull wrote, and a pull must never replace it.
 */
export function inLayout(relativePath: string, folder: string, suffix: string): boolean {
  if (!relativePath.startsWith(`${folder}/`)) return false;
  const rest = relativePath.slice(folder.length + 1);
  return !rest.includes('/') && rest.length > suffix.length && rest.endsWith(suffix) && isPulledName(rest.slice(0, -suffix.length));
}

export interface NamedResource {
  id: string;
  name: string;
}

/**
 * Paths for new resources of one folder: `<folder>/<name><suffix>`, or `<name> (<id>)<suffix>`
 * when that is taken by a path in `taken` or by another new resource. Which resource keeps the
 * plain name does not depend on the order the service lists them: the lowest id does.
 */
export function assignPaths(folder: string, suffix: string, resources: readonly NamedResource[], taken: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  const sorted = [...resources].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const r of sorted) {
    const plain = `${folder}/${fileSafeName(r.name, r.id)}${suffix}`;
    let path = plain;
    if (taken.has(pathKey(path))) {
      // Trimmed: a cut that ends in a space would leave two before the id.
      const short = truncateBytes(fileSafeName(r.name, r.id), MAX_NAME_BYTES - r.id.length - 3).trim();
      path = `${folder}/${short ? `${short} ` : ''}(${r.id})${suffix}`;
    }
    // An id is unique, so a path with it is taken only by a file named so by hand.
    for (let n = 2; taken.has(pathKey(path)); n++) path = `${folder}/${r.id} ${n}${suffix}`;
    taken.add(pathKey(path));
    out.set(r.id, path);
  }
  return out;
}
