/** How the reports show their figures: percentages, durations, and the key/name of a row. */
import type { Translate } from '../../../shared/i18n';
import { formatDuration } from '../KeyFigures';

export const percent = (v: number) => `${Number(v.toFixed(2))}%`;
export const duration = (t: Translate) => (v: number) => formatDuration(v, t);
export const count = (v: number) => v.toLocaleString();
