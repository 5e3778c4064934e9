/** How the payment pages name and colour an order's status, provider and method, and show money. */
import { Tag } from 'antd';
import { formatCents } from '../../../shared/money';
import type { Translate } from '../../shared/i18n';
import { ORDER_STATUSES } from '../../services/pay';

export const STATUS_COLORS: Record<(typeof ORDER_STATUSES)[number], string> = {
  created: 'processing',
  credited: 'success',
  paid: 'success',
  expired: 'default',
  closed: 'default',
  failed: 'error',
  refunded: 'warning',
};

export function StatusTag({ status, t }: { status: string; t: Translate }) {
  return <Tag color={STATUS_COLORS[status as keyof typeof STATUS_COLORS]}>{t(`pay.status.${status}`)}</Tag>;
}

/** "¥12.34" */
export const yuan = (cents: number) => `¥${formatCents(cents)}`;
