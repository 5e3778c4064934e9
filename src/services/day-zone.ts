/** The service's day zone (GET /api/day-zone): every "today", daily limit and period counts in it. */
import { request } from '@umijs/max';
import type { Data } from './resource';

export type DayZone = Data<'/api/day-zone', 'get'>;

export const getDayZone = () => request<{ success: true; data: DayZone }>('/api/day-zone', { method: 'GET', skipErrorHandler: true }).then((r) => r.data);
