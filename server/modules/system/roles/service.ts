/**
 * Roles (uni-id-roles): role_id fixed once created; the built-in role admin cannot be deleted.
 * A changed role counts from its users' next request (the access check reads the roles' current
 * permissions). Delegated administration stays within the caller's rights: a non-admin cannot
 * grant a permission they do not hold, nor edit a role they hold or the admin role.
 */
import { sql } from 'drizzle-orm';
import { ADMIN_ROLE, permissionsBeyond } from '../../../../shared/permissions';
import type { AuthUser } from '../../../core/auth';
import { AppError } from '../../../core/errors';
import type { ListSpec } from '../../../core/list/query';
import { assertReferences, assertUnchanged, clean, fetchRow } from '../../../core/resource';
import { deleteByIds, textArray, type Tx, uniqueViolation } from '../../../core/sql';
import type { Db } from '../../../db';
import { roles } from '../../../db/schema';
import type { AiModelService } from '../../ai-models/service';
import type { AccountService } from '../../auth/service';
import type { RoleRow } from './schemas';

export const roleList: ListSpec = {
  resource: 'roles',
  from: sql`roles r`,
  alias: 'r',
  columns: sql`r.role_id, r.role_name, r.permission, r.comment, r.daily_credit_limit, r.create_date`,
  search: [sql`r.role_id`, sql`r.role_name`, sql`r.comment`],
  filters: { permission: { kind: 'overlaps', column: sql`r.permission` }, create_date: { kind: 'range', column: sql`r.create_date` } },
  sorts: { role_id: sql`r.role_id`, role_name: sql`r.role_name`, daily_credit_limit: sql`r.daily_credit_limit`, create_date: sql`r.create_date` },
  nullable: ['daily_credit_limit'],
  defaultSort: { field: 'create_date', order: 'descend' },
  tiebreak: sql`r.role_id`,
  exportColumns: [
    { key: 'role_id', width: 20 },
    { key: 'role_name', width: 24 },
    { key: 'permission', width: 40 },
    { key: 'comment', width: 30 },
    { key: 'daily_credit_limit', width: 16 },
    { key: 'create_date', date: true, width: 20 },
  ],
};

export interface RoleInput {
  role_id?: string;
  role_name?: string;
  permission?: string[];
  comment?: string | null;
  daily_credit_limit?: number | null;
}

/** the largest daily AI credit limit a role may carry */
export const MAX_DAILY_CREDIT_LIMIT = 100_000_000;

/** INVALID_PARAM (field daily_credit_limit) unless a whole number in range, or null (no limit) */
function checkDailyLimit(v: number | null | undefined) {
  if (v === undefined || v === null) return;
  if (!Number.isSafeInteger(v) || v < 0 || v > MAX_DAILY_CREDIT_LIMIT) {
    throw new AppError('INVALID_PARAM', { field: 'daily_credit_limit', params: { reason: `a whole number from 0 to ${MAX_DAILY_CREDIT_LIMIT}` } });
  }
}

const checkPermissions = (db: Db | Tx, ids: string[] | undefined) => assertReferences(db, sql`permissions`, sql`permission_id`, ids, 'permission');

/** PERMISSION_ERROR (field permission) when the caller would grant a permission they do not hold */
function assertGrantable(caller: AuthUser | undefined, granted: string[]) {
  const beyond = permissionsBeyond(caller, granted);
  if (beyond.length) throw new AppError('PERMISSION_ERROR', { field: 'permission' });
}

/** roles stop granting deleted permissions (in the permissions' delete transaction) */
export async function dropPermissionsFromRoles(tx: Db | Tx, ids: string[]): Promise<void> {
  const arr = textArray(ids);
  await tx.execute(sql`UPDATE roles SET permission = ARRAY(SELECT x FROM unnest(permission) x WHERE x <> ALL(${arr})) WHERE permission && ${arr}`);
}

export class RoleService {
  constructor(
    private db: Db,
    private accounts: AccountService,
    private aiModels: AiModelService,
  ) {}

  async count(): Promise<number> {
    const [r] = await this.db.select({ n: sql<number>`count(*)::int` }).from(roles);
    return r.n;
  }

  async get(id: string): Promise<RoleRow> {
    return fetchRow<RoleRow>(this.db, roleList, sql`r.role_id`, id);
  }

  async create(input: RoleInput & { role_id: string; role_name: string }, caller: AuthUser | undefined): Promise<RoleRow> {
    const name = clean(input.role_name);
    if (!name) throw new AppError('INVALID_PARAM', { field: 'role_name', params: { reason: 'required' } });
    checkDailyLimit(input.daily_credit_limit);
    await checkPermissions(this.db, input.permission);
    assertGrantable(caller, input.permission ?? []);
    try {
      await this.db.insert(roles).values({
        roleId: input.role_id,
        roleName: name,
        permission: [...new Set(input.permission ?? [])],
        comment: clean(input.comment),
        dailyCreditLimit: input.daily_credit_limit ?? null,
      });
    } catch (e) {
      uniqueViolation(e, { roles_pkey: { field: 'role_id' } });
    }
    return this.get(input.role_id);
  }

  async update(id: string, input: RoleInput, caller: AuthUser | undefined): Promise<RoleRow> {
    const current = await this.get(id);
    assertUnchanged(input.role_id, current.role_id, 'role_id');
    // a role one holds would raise oneself; the admin role is everyone's ceiling
    if (!caller?.isAdmin && (id === ADMIN_ROLE || caller?.role.includes(id))) throw new AppError('PERMISSION_ERROR', { field: 'role_id' });
    if (input.permission) {
      const had = current.permission;
      assertGrantable(
        caller,
        input.permission.filter((p) => !had.includes(p)),
      );
    }
    const name = clean(input.role_name);
    if (input.role_name !== undefined && !name) throw new AppError('INVALID_PARAM', { field: 'role_name', params: { reason: 'required' } });
    checkDailyLimit(input.daily_credit_limit);
    await checkPermissions(this.db, input.permission);
    const set: Partial<typeof roles.$inferInsert> = {};
    if (name) set.roleName = name;
    if (input.permission) set.permission = [...new Set(input.permission)];
    if (input.comment !== undefined) set.comment = clean(input.comment);
    if (input.daily_credit_limit !== undefined) set.dailyCreditLimit = input.daily_credit_limit;
    if (Object.keys(set).length)
      await this.db
        .update(roles)
        .set(set)
        .where(sql`${roles.roleId} = ${id}`);
    return this.get(id);
  }

  /** refuses the built-in admin role; users lose deleted roles in the same transaction */
  deleteMany(ids: string[]): Promise<number> {
    return deleteByIds(this.db, sql`roles`, sql`role_id`, ids, async (tx, gone) => {
      if (gone.includes(ADMIN_ROLE)) throw new AppError('ROLE_BUILT_IN', { field: 'role_id' });
      await this.accounts.dropRoles(tx, gone);
      // a role made later under the same id must not inherit the old one's models
      await this.aiModels.dropRoles(tx, gone);
    });
  }
}
