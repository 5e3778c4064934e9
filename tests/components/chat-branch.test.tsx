/**
 * Which branch the chat shows: the newest alternative at each fork by default, the user's
 * choice when they switch, and "n / N" positions among siblings.
 */
import { choose, siblingInfo, visiblePath, type TreeMessage } from '@/pages/assistant/chat/branch';

const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const msg = (id: string, parent: string | null, minute: number): TreeMessage => ({ id, parent_id: parent, created_at: at(minute) });

// u1 -> a1 (regenerated as a2, a3); under a1: u2 -> a4; under a3: u3 (edited as u4) -> a5 / a6
const TREE: TreeMessage[] = [
  msg('u1', null, 1),
  msg('a1', 'u1', 2),
  msg('u2', 'a1', 3),
  msg('a4', 'u2', 4),
  msg('a2', 'u1', 5),
  msg('a3', 'u1', 6),
  msg('u3', 'a3', 7),
  msg('a5', 'u3', 8),
  msg('u4', 'a3', 9),
  msg('a6', 'u4', 10),
];
const ids = (list: TreeMessage[]) => list.map((m) => m.id);

describe('conversation branches', () => {
  test('newest sibling at every fork by default, whatever order the rows come in', () => {
    expect(ids(visiblePath(TREE))).toEqual(['u1', 'a3', 'u4', 'a6']);
    expect(ids(visiblePath([...TREE].reverse()))).toEqual(['u1', 'a3', 'u4', 'a6']);
  });

  test('positions among siblings', () => {
    const byId = (id: string) => TREE.find((m) => m.id === id)!;
    expect(siblingInfo(TREE, byId('a3'))).toEqual({ index: 3, count: 3, prevId: 'a2', nextId: null });
    expect(siblingInfo(TREE, byId('a1'))).toEqual({ index: 1, count: 3, prevId: null, nextId: 'a2' });
    expect(siblingInfo(TREE, byId('u3'))).toEqual({ index: 1, count: 2, prevId: null, nextId: 'u4' });
    expect(siblingInfo(TREE, byId('u1'))).toMatchObject({ index: 1, count: 1 });
  });

  test('switching at a fork shows that branch and the newest below it', () => {
    const first = choose(
      {},
      TREE.find((m) => m.id === 'a1')!,
    );
    expect(ids(visiblePath(TREE, first))).toEqual(['u1', 'a1', 'u2', 'a4']);
    const middle = choose(
      {},
      TREE.find((m) => m.id === 'a2')!,
    );
    expect(ids(visiblePath(TREE, middle))).toEqual(['u1', 'a2']);
    const editedBack = choose(
      {},
      TREE.find((m) => m.id === 'u3')!,
    );
    expect(ids(visiblePath(TREE, editedBack))).toEqual(['u1', 'a3', 'u3', 'a5']);
  });

  test('a choice at one fork is kept when switching at another', () => {
    let c = choose(
      {},
      TREE.find((m) => m.id === 'u3')!,
    );
    c = choose(
      c,
      TREE.find((m) => m.id === 'a1')!,
    );
    expect(ids(visiblePath(TREE, c))).toEqual(['u1', 'a1', 'u2', 'a4']);
    c = choose(
      c,
      TREE.find((m) => m.id === 'a3')!,
    );
    expect(ids(visiblePath(TREE, c))).toEqual(['u1', 'a3', 'u3', 'a5']);
  });

  test('a new answer (regenerate) becomes the shown sibling; a choice of a removed message falls back to the newest', () => {
    const withNew = [...TREE, msg('a7', 'u1', 11)];
    const c = choose(
      choose(
        {},
        TREE.find((m) => m.id === 'a1')!,
      ),
      withNew[withNew.length - 1],
    );
    expect(ids(visiblePath(withNew, c))).toEqual(['u1', 'a7']);
    expect(siblingInfo(withNew, withNew[withNew.length - 1])).toMatchObject({ index: 4, count: 4 });
    expect(ids(visiblePath(TREE, { '': 'gone' }))).toEqual(['u1', 'a3', 'u4', 'a6']);
  });

  test('an empty conversation shows nothing', () => {
    expect(visiblePath([])).toEqual([]);
  });
});
