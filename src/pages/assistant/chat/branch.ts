/**
 * Which branch of a conversation the thread shows. Messages form a tree by parent_id; siblings
 * (same parent) are alternatives in created_at order: regenerated answers, edited questions.
 * At each fork the newest sibling shows unless the user switched to another one.
 */

export interface TreeMessage {
  id: string;
  parent_id: string | null;
  created_at: string;
}

/** the user's choices at forks: parent key -> the chosen sibling's id */
export type BranchChoice = Record<string, string>;

const ROOT = '';
export const parentKey = (m: Pick<TreeMessage, 'parent_id'>) => m.parent_id ?? ROOT;

const byAge = (a: TreeMessage, b: TreeMessage) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0);

/** parent key -> its children, oldest first (a stable sort keeps arrival order for equal times) */
export function childrenByParent<M extends TreeMessage>(messages: readonly M[]): Map<string, M[]> {
  const map = new Map<string, M[]>();
  for (const m of messages) {
    const key = parentKey(m);
    const list = map.get(key);
    if (list) list.push(m);
    else map.set(key, [m]);
  }
  for (const list of map.values()) list.sort(byAge);
  return map;
}

/** the messages the thread shows, from the first turn down, following `choice` else the newest sibling */
export function visiblePath<M extends TreeMessage>(messages: readonly M[], choice: BranchChoice = {}): M[] {
  const children = childrenByParent(messages);
  const path: M[] = [];
  const seen = new Set<string>();
  let key = ROOT;
  for (;;) {
    const siblings = children.get(key);
    if (!siblings?.length) break;
    const picked = siblings.find((s) => s.id === choice[key]) ?? siblings[siblings.length - 1];
    if (seen.has(picked.id)) break; // a cycle in bad data must not hang the page
    seen.add(picked.id);
    path.push(picked);
    key = picked.id;
  }
  return path;
}

export interface SiblingInfo {
  /** 1-based position among its siblings */
  index: number;
  count: number;
  prevId: string | null;
  nextId: string | null;
}

/** where a message stands among its alternatives ("2 / 3") */
export function siblingInfo(messages: readonly TreeMessage[], message: TreeMessage): SiblingInfo {
  const siblings = childrenByParent(messages).get(parentKey(message)) ?? [message];
  const i = Math.max(
    0,
    siblings.findIndex((s) => s.id === message.id),
  );
  return {
    index: i + 1,
    count: siblings.length,
    prevId: i > 0 ? siblings[i - 1].id : null,
    nextId: i < siblings.length - 1 ? siblings[i + 1].id : null,
  };
}

/** the choice after showing `target` at its fork (switching, or following a new answer or branch) */
export function choose(choice: BranchChoice, target: Pick<TreeMessage, 'id' | 'parent_id'>): BranchChoice {
  return { ...choice, [parentKey(target)]: target.id };
}
