/**
 * The cost analysis calls of the console: the figures of one account or everyone over a range,
 * finance's account picker, and the ledger export the analysis links to. Types are generated.
 */
import { api } from './client';
import type { RequestOptions } from './request-layer';
import { downloadFile, type Data, type Query } from './resource';

export type CreditAnalysis = Data<'/api/credits/analysis', 'get'>;
export type AnalysisQuery = Query<'/api/credits/analysis'>;
export type AnalysisAccount = Data<'/api/credits/analysis/accounts', 'get'>[number];

/** user_id's value for every account */
export const EVERYONE = '*';
/** the purposes of AI usage the console names (ai_usage.purpose); others show as logged */
export const FEATURES = ['chat', 'breakdown', 'compare', 'ask', 'task', 'transcription', 'api'] as const;
/** the ledger kinds that add credits, in the order the top-up chart stacks them */
export const ADDED_KINDS = ['topup', 'redeem', 'reward'] as const;
/** the longest range the server analyses, in days (the range picker keeps to it) */
export const MAX_RANGE_DAYS = 366;

export const getCreditAnalysis = (query: AnalysisQuery, opts?: RequestOptions) => api.get('/api/credits/analysis', { ...opts, query });

export const findAnalysisAccounts = (keyword: string, opts?: RequestOptions) => api.get('/api/credits/analysis/accounts', { ...opts, query: { keyword } });

/** the ledger entries behind an analysis as an xlsx, times in the browser's zone */
export const exportAnalysisLedger = (a: CreditAnalysis) =>
  downloadFile(`${a.export_url}&tzOffset=${new Date().getTimezoneOffset()}`, { fallbackName: `credits-${a.from}-${a.to}.xlsx` });
