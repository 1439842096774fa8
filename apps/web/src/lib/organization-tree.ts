type TNode = { id: string; parentId: string | null };

/** How deep each organisation sits below the top of what the list holds (0 = no known parent). */
export function depthById(nodes: readonly TNode[]): Map<string, number> {
  const parent = new Map(nodes.map((n) => [n.id, n.parentId]));
  const out = new Map<string, number>();
  const depth = (id: string, seen: Set<string>): number => {
    const known = out.get(id);
    if (known !== undefined) return known;
    const p = parent.get(id);
    const d = p && parent.has(p) && !seen.has(p) ? depth(p, seen.add(id)) + 1 : 0;
    out.set(id, d);
    return d;
  };
  for (const n of nodes) depth(n.id, new Set());
  return out;
}

/** The organisation and everything below it: what cannot become its parent. */
export function selfAndDescendants(id: string, nodes: readonly TNode[]): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of nodes) {
      if (n.parentId && out.has(n.parentId) && !out.has(n.id)) {
        out.add(n.id);
        grew = true;
      }
    }
  }
  return out;
}
