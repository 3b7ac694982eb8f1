// How the history list names who saved a revision. Pure; the page and the host both use it.

/** "apik_3f…9a" for the list; the full id shows on hover. Short ids stay as they are. */
export function shortActor(id: string): string {
  const cut = id.indexOf('_') + 1;
  return id.length > cut + 8 ? `${id.slice(0, cut + 4)}…${id.slice(-3)}` : id;
}
