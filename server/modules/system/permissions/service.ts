/** Permissions (uni-id-permissions): permission_id fixed once created. */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../core/errors';
import type { ListSpec } from '../../../core/list/query';
import { assertUnchanged, clean, fetchRow } from '../../../core/resource';
import { deleteByIds, type Tx, uniqueViolation } from '../../../core/sql';
import type { Db } from '../../../db';
import { permissions } from '../../../db/schema';
import { dropPermissionsFromMenus } from '../menus/service';
import { dropPermissionsFromRoles } from '../roles/service';
import type { PermissionRow } from './schemas';

export const permissionList: ListSpec = {
  resource: 'permissions',
  from: sql`permissions p`,
  alias: 'p',
  columns: sql`p.permission_id, p.permission_name, p.comment, p.create_date`,
  search: [sql`p.permission_id`, sql`p.permission_name`, sql`p.comment`],
  filters: { create_date: { kind: 'range', column: sql`p.create_date` } },
  sorts: { permission_id: sql`p.permission_id`, create_date: sql`p.create_date` },
  defaultSort: { field: 'create_date', order: 'descend' },
  tiebreak: sql`p.permission_id`,
  exportColumns: [
    { key: 'permission_id', width: 28 },
    { key: 'permission_name', width: 24 },
    { key: 'comment', width: 30 },
    { key: 'create_date', date: true, width: 20 },
  ],
};

export interface PermissionInput {
  permission_id?: string;
  permission_name?: string;
  comment?: string | null;
}

export class PermissionService {
  constructor(private db: Db) {}

  async get(id: string): Promise<PermissionRow> {
    return fetchRow<PermissionRow>(this.db, permissionList, sql`p.permission_id`, id);
  }

  async create(input: Required<Pick<PermissionInput, 'permission_id' | 'permission_name'>> & PermissionInput): Promise<PermissionRow> {
    const name = clean(input.permission_name);
    if (!name) throw new AppError('INVALID_PARAM', { field: 'permission_name', params: { reason: 'required' } });
    try {
      await this.db.insert(permissions).values({ permissionId: input.permission_id, permissionName: name, comment: clean(input.comment) });
    } catch (e) {
      uniqueViolation(e, { permissions_pkey: { field: 'permission_id' } });
    }
    return this.get(input.permission_id);
  }

  async update(id: string, input: PermissionInput): Promise<PermissionRow> {
    const current = await this.get(id);
    assertUnchanged(input.permission_id, current.permission_id, 'permission_id');
    const name = clean(input.permission_name);
    if (input.permission_name !== undefined && !name) throw new AppError('INVALID_PARAM', { field: 'permission_name', params: { reason: 'required' } });
    const set: Partial<typeof permissions.$inferInsert> = {};
    if (name) set.permissionName = name;
    if (input.comment !== undefined) set.comment = clean(input.comment);
    if (Object.keys(set).length)
      await this.db
        .update(permissions)
        .set(set)
        .where(sql`${permissions.permissionId} = ${id}`);
    return this.get(id);
  }

  /** roles and menus stop referring to deleted permissions, in the same transaction */
  deleteMany(ids: string[]): Promise<number> {
    return deleteByIds(this.db, sql`permissions`, sql`permission_id`, ids, async (tx: Tx, gone) => {
      await dropPermissionsFromRoles(tx, gone);
      await dropPermissionsFromMenus(tx, gone);
    });
  }
}
