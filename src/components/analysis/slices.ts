/**
 * What the cost analysis page and its charts (a chunk of their own) share: each chart's height,
 * which the page keeps free while the charts load, and the share charts' slices (the largest
 * few, the rest summed as one).
 */

export const CHART_HEIGHT = 260;

/** a pie shows this many slices; the rest are summed as one */
const MAX_SLICES = 7;

export interface Slice {
  name: string;
  value: number;
}

/** the largest slices, the rest summed under `other` */
export function topSlices(slices: Slice[], other: string): Slice[] {
  if (slices.length <= MAX_SLICES) return slices;
  const rest = slices.slice(MAX_SLICES - 1).reduce((s, x) => s + x.value, 0);
  return [...slices.slice(0, MAX_SLICES - 1), { name: other, value: rest }];
}
