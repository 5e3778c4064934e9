/** Menu rows as a tree: how many rows a delete takes (the rows and everything under them). */
export interface MenuLike {
  menu_id: string;
  parent_id: string | null;
  url?: string | null;
  children?: MenuLike[];
}

/** the ids of these menus and all their descendants (from flat rows) */
export function subtreeIds(rows: readonly MenuLike[], ids: readonly string[]): Set<string> {
  const kids = new Map<string, string[]>();
  for (const r of rows) if (r.parent_id) kids.set(r.parent_id, [...(kids.get(r.parent_id) ?? []), r.menu_id]);
  const out = new Set<string>();
  const walk = (id: string) => {
    if (out.has(id)) return;
    out.add(id);
    (kids.get(id) ?? []).forEach(walk);
  };
  ids.forEach(walk);
  return out;
}

/** nested rows -> flat rows */
export function flatten<T extends MenuLike>(nodes: readonly T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten((n.children ?? []) as T[])]);
}

export const isFolder = (m: { url?: string | null }) => !m.url;
