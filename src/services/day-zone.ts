/** The service's day zone (GET /api/day-zone): every "today", daily limit and period counts in it. */
import type { Data } from './resource';
import { api } from './client';

export type DayZone = Data<'/api/day-zone', 'get'>;

export const getDayZone = () => api.get('/api/day-zone', { skipErrorHandler: true });
