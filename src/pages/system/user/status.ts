/** User status (reference: 0 normal, 1 disabled, 2 under review, 3 review rejected, 4 closed). */
import type { StatusOption } from '../../../components/admin/columns';
import type { Translate } from '../../../shared/i18n';

export const USER_STATUSES = [0, 1, 2, 3, 4] as const;
const COLORS = ['success', 'error', 'warning', 'volcano', 'default'];

export const userStatusOptions = (t: Translate): Record<string, StatusOption> =>
  Object.fromEntries(USER_STATUSES.map((s) => [String(s), { text: t(`system.user.status.${s}`), color: COLORS[s] }]));
