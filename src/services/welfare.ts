/**
 * Welfare campaigns in the console: campaigns and their claims (MANAGE_WELFARE), the caller's
 * available campaigns and claiming. Types come from the generated document.
 */
import { defineResource, type Data, type RowOf } from './resource';
import { api } from './client';
import type { RequestOptions } from './request-layer';

export const welfareResource = defineResource({ name: 'welfare-campaigns', base: '/api/welfare/campaigns', idField: 'id', rowName: (r) => r.title });
export const welfareClaimResource = defineResource({
  name: 'welfare-claims',
  base: '/api/welfare/claims',
  idField: 'id',
  rowName: (r) => r.username ?? r.user_id,
});

/** the eligibility pickers' lists (id and name), open to whoever manages welfare */
export const eligibilityRoles = defineResource({ name: 'eligibility-roles', base: '/api/welfare/eligibility/roles', idField: 'id', rowName: (r) => r.name });
export const eligibilityTags = defineResource({ name: 'eligibility-tags', base: '/api/welfare/eligibility/tags', idField: 'id', rowName: (r) => r.name });

export type WelfareCampaign = RowOf<typeof welfareResource>;
export type WelfareClaim = RowOf<typeof welfareClaimResource>;
export type AvailableWelfare = Data<'/api/welfare/available', 'get'>[number];
export type ClaimResult = Data<'/api/welfare/{id}/claim', 'post'>;

export { ELIGIBILITY, FREQUENCY, WELFARE, WELFARE_STATUSES as STATUSES } from '../../shared/welfare';

export const availableWelfare = (opts?: RequestOptions) => api.get('/api/welfare/available', opts);

export const claimWelfare = (id: string, opts?: RequestOptions) => api.post('/api/welfare/{id}/claim', undefined, { ...opts, path: { id } });
