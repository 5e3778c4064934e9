/**
 * Roles (uni-id-roles): role_id fixed once created; the built-in role admin cannot be deleted.
 * A changed role reaches its users at their next token refresh (AccountService.refresh
 * recomputes the permissions).
 */
import { sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../../../shared/permissions';
import { AppError } from '../../../core/errors';
import type { ListSpec } from '../../../core/list/query';
import { assertReferences, assertUnchanged, clean, fetchRow } from '../../../core/resource';
import { deleteByIds, type Row, type Tx, uniqueViolation } from '../../../core/sql';
import type { Db } from '../../../db';
import { roles } from '../../../db/schema';
import type { AccountService } from '../../auth/service';

export const roleList: ListSpec = {
  resource: 'roles',
  from: sql`roles r`,
  alias: 'r',
  columns: sql`r.role_id, r.role_name, r.permission, r.comment, r.create_date`,
  search: [sql`r.role_id`, sql`r.role_name`, sql`r.comment`],
  filters: { permission: { kind: 'overlaps', column: sql`r.permission` }, create_date: { kind: 'range', column: sql`r.create_date` } },
  sorts: { role_id: sql`r.role_id`, role_name: sql`r.role_name`, create_date: sql`r.create_date` },
  defaultSort: { field: 'create_date', order: 'descend' },
  tiebreak: sql`r.role_id`,
  exportColumns: [
    { key: 'role_id', width: 20 },
    { key: 'role_name', width: 24 },
    { key: 'permission', width: 40 },
    { key: 'comment', width: 30 },
    { key: 'create_date', date: true, width: 20 },
  ],
};

export interface RoleInput {
  role_id?: string;
  role_name?: string;
  permission?: string[];
  comment?: string | null;
}

const checkPermissions = (db: Db | Tx, ids: string[] | undefined) =>
  assertReferences(db, sql`permissions`, sql`permission_id`, ids, 'permission');

export class RoleService {
  constructor(
    private db: Db,
    private accounts: AccountService,
  ) {}

  async count(): Promise<number> {
    const [r] = await this.db.select({ n: sql<number>`count(*)::int` }).from(roles);
    return r.n;
  }

  get(id: string) {
    return fetchRow(this.db, roleList, sql`r.role_id`, id);
  }

  async create(input: RoleInput & { role_id: string; role_name: string }): Promise<Row> {
    const name = clean(input.role_name);
    if (!name) throw new AppError('INVALID_PARAM', { field: 'role_name', params: { reason: 'required' } });
    await checkPermissions(this.db, input.permission);
    try {
      await this.db.insert(roles).values({ roleId: input.role_id, roleName: name, permission: [...new Set(input.permission ?? [])], comment: clean(input.comment) });
    } catch (e) {
      uniqueViolation(e, { roles_pkey: { field: 'role_id' } });
    }
    return this.get(input.role_id);
  }

  async update(id: string, input: RoleInput): Promise<Row> {
    const current = await this.get(id);
    assertUnchanged(input.role_id, current.role_id, 'role_id');
    const name = clean(input.role_name);
    if (input.role_name !== undefined && !name) throw new AppError('INVALID_PARAM', { field: 'role_name', params: { reason: 'required' } });
    await checkPermissions(this.db, input.permission);
    const set: Partial<typeof roles.$inferInsert> = {};
    if (name) set.roleName = name;
    if (input.permission) set.permission = [...new Set(input.permission)];
    if (input.comment !== undefined) set.comment = clean(input.comment);
    if (Object.keys(set).length) await this.db.update(roles).set(set).where(sql`${roles.roleId} = ${id}`);
    return this.get(id);
  }

  /** refuses the built-in admin role; users lose deleted roles in the same transaction */
  deleteMany(ids: string[]): Promise<number> {
    return deleteByIds(this.db, sql`roles`, sql`role_id`, ids, async (tx, gone) => {
      if (gone.includes(ADMIN_ROLE)) throw new AppError('ROLE_BUILT_IN', { field: 'role_id' });
      await this.accounts.dropRoles(tx, gone);
    });
  }
}
