/**
 * The welfare campaigns' answers: their schemas (the routes declare them; the OpenAPI document
 * names them) and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { ELIGIBILITY, FREQUENCY, WELFARE_STATUSES } from '../../../shared/welfare';
import { Nullable } from '../../core/schemas';

/** a string of a fixed set (the routes' bodies name the same sets) */
export const Enum = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const WelfareCampaign = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    /** credits one claim gives */
    credits: Type.Integer(),
    eligibility: Enum(ELIGIBILITY),
    /** role ids (roles) or tag ids (tags) */
    eligibility_values: Type.Array(Type.String()),
    /** new_users: registered within this many days */
    new_user_days: Nullable(Type.Integer()),
    frequency: Enum(FREQUENCY),
    starts_at: Type.String({ format: 'date-time' }),
    ends_at: Type.String({ format: 'date-time' }),
    /** the most credits all claims may give */
    budget: Type.Integer(),
    /** credits given so far */
    used: Type.Integer(),
    enabled: Type.Boolean(),
    claim_count: Type.Integer(),
    /** off, scheduled, active, exhausted (no room for one more claim) or ended */
    status: Enum(WELFARE_STATUSES),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'WelfareCampaign' },
);

export const WelfareClaim = Type.Object(
  {
    id: Type.String(),
    campaign_id: Type.String(),
    user_id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    /** 'once', the UTC day or the ISO week it counts for */
    period: Type.String(),
    amount: Type.Integer(),
    ledger_entry_id: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'WelfareClaim' },
);

export const WelfareAvailable = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    credits: Type.Integer(),
    frequency: Enum(FREQUENCY),
    eligibility: Enum(ELIGIBILITY),
    starts_at: Type.String({ format: 'date-time' }),
    ends_at: Type.String({ format: 'date-time' }),
    claimable: Type.Boolean(),
    /** why not claimable now: the error code a claim would answer */
    reason: Nullable(Enum(['WELFARE_NOT_ACTIVE', 'WELFARE_ALREADY_CLAIMED', 'WELFARE_BUDGET_EXHAUSTED', 'WELFARE_NOT_ELIGIBLE'] as const)),
  },
  { $id: 'WelfareAvailable' },
);

export type WelfareCampaign = Static<typeof WelfareCampaign>;
export type WelfareAvailable = Static<typeof WelfareAvailable>;
