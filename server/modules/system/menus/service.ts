/**
 * Admin menus (opendb-admin-menus) as flat rows; the console builds the tree from parent_id.
 * A parent must exist and be a folder (empty url); deleting removes the whole subtree in one
 * transaction; the built-in roots cannot be deleted; "update built-in menus" inserts the
 * missing built-ins and never overwrites. A row opening a console page stores that page's
 * menu rule as its permissions (config/routes.ts): the menu and the page keep one rule.
 */
import { sql } from 'drizzle-orm';
import { pagePermissionOf } from '../../../../config/routes';
import { BUILT_IN_MENUS } from '../../../../shared/built-in';
import { BUILT_IN_ROOTS } from '../../../../shared/permissions';
import { AppError } from '../../../core/errors';
import type { ListSpec } from '../../../core/list/query';
import { assertReferences, assertUnchanged, clean, fetchRow } from '../../../core/resource';
import { query, textArray, type Tx, uniqueViolation } from '../../../core/sql';
import type { Db } from '../../../db';
import { adminMenus } from '../../../db/schema';
import type { MenuRow } from './schemas';

export const menuList: ListSpec = {
  resource: 'menus',
  from: sql`admin_menus m`,
  alias: 'm',
  columns: sql`m.menu_id, m.name, m.icon, m.url, m.sort, m.parent_id, m.permission, m.enable, m.create_date`,
  search: [sql`m.menu_id`, sql`m.name`, sql`m.url`],
  filters: {
    enable: { kind: 'eq', column: sql`m.enable`, type: 'bool' },
    parent_id: { kind: 'eq', column: sql`coalesce(m.parent_id, '')` },
  },
  sorts: { sort: sql`m.sort`, menu_id: sql`m.menu_id`, create_date: sql`m.create_date` },
  defaultSort: { field: 'sort', order: 'ascend' },
  tiebreak: sql`m.menu_id`,
  exportColumns: [
    { key: 'menu_id', width: 22 },
    { key: 'name', width: 24 },
    { key: 'icon', width: 20 },
    { key: 'url', width: 36 },
    { key: 'sort', width: 8 },
    { key: 'parent_id', width: 22 },
    { key: 'permission', width: 30 },
    { key: 'enable', width: 8 },
    { key: 'create_date', date: true, width: 20 },
  ],
};

export interface MenuInput {
  menu_id?: string;
  name?: string;
  icon?: string | null;
  url?: string | null;
  sort?: number;
  parent_id?: string | null;
  permission?: string[];
  enable?: boolean;
}

const isRoot = (id: string) => (BUILT_IN_ROOTS as readonly string[]).includes(id);

function checkUrl(url: string | null | undefined) {
  if (url && !url.startsWith('/') && !/^https?:\/\//i.test(url)) throw new AppError('MENU_URL_INVALID', { field: 'url' });
}

/** menus stop requiring deleted permissions (in the permissions' delete transaction) */
export async function dropPermissionsFromMenus(tx: Db | Tx, ids: string[]): Promise<void> {
  const arr = textArray(ids);
  await tx.execute(sql`UPDATE admin_menus SET permission = ARRAY(SELECT x FROM unnest(permission) x WHERE x <> ALL(${arr})) WHERE permission && ${arr}`);
}

export class MenuService {
  constructor(private db: Db) {}

  /** every menu row, enabled or not (the navigation filters them) */
  all() {
    return this.db.select().from(adminMenus);
  }

  async get(id: string): Promise<MenuRow> {
    return fetchRow<MenuRow>(this.db, menuList, sql`m.menu_id`, id);
  }

  /** the parent exists, is a folder, and (for a move) is not the menu or one of its descendants */
  private async checkParent(parentId: string | null | undefined, self?: string) {
    if (!parentId) return;
    const [p] = await query<{ url: string | null }>(this.db, sql`SELECT url FROM admin_menus WHERE menu_id = ${parentId}`);
    if (!p || p.url) throw new AppError('MENU_PARENT_INVALID', { field: 'parent_id' });
    if (self && (await this.subtree(this.db, [self])).includes(parentId)) throw new AppError('MENU_PARENT_INVALID', { field: 'parent_id' });
  }

  /** the menus and all their descendants */
  private async subtree(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], ids: string[]): Promise<string[]> {
    const rows = await query<{ menu_id: string }>(
      db,
      sql`
      WITH RECURSIVE tree(menu_id) AS (
        SELECT menu_id FROM admin_menus WHERE menu_id = ANY(${textArray(ids)})
        UNION
        SELECT m.menu_id FROM admin_menus m JOIN tree t ON m.parent_id = t.menu_id
      ) SELECT menu_id FROM tree`,
    );
    return rows.map((r) => r.menu_id);
  }

  async create(input: MenuInput & { menu_id: string; name: string }): Promise<MenuRow> {
    const name = clean(input.name);
    if (!name) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: 'required' } });
    const url = clean(input.url);
    checkUrl(url);
    const parentId = clean(input.parent_id) ?? null;
    await this.checkParent(parentId);
    await assertReferences(this.db, sql`permissions`, sql`permission_id`, input.permission, 'permission');
    try {
      await this.db.insert(adminMenus).values({
        menuId: input.menu_id,
        name,
        icon: clean(input.icon),
        url: url ?? '',
        sort: input.sort ?? 0,
        parentId,
        permission: pagePermissionOf(url) ?? [...new Set(input.permission ?? [])],
        enable: input.enable ?? true,
      });
    } catch (e) {
      uniqueViolation(e, { admin_menus_pkey: { field: 'menu_id' } });
    }
    return this.get(input.menu_id);
  }

  async update(id: string, input: MenuInput): Promise<MenuRow> {
    const current = await this.get(id);
    assertUnchanged(input.menu_id, current.menu_id, 'menu_id');
    const name = clean(input.name);
    if (input.name !== undefined && !name) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: 'required' } });
    const url = clean(input.url);
    checkUrl(url);
    if (url && !current.url) {
      const kids = await query(this.db, sql`SELECT 1 FROM admin_menus WHERE parent_id = ${id} LIMIT 1`);
      if (kids.length) throw new AppError('MENU_HAS_CHILDREN', { field: 'url' });
    }
    const parentId = input.parent_id === undefined ? undefined : (clean(input.parent_id) ?? null);
    if (parentId !== undefined && parentId !== current.parent_id) {
      if (isRoot(id)) throw new AppError('FIELD_IMMUTABLE', { field: 'parent_id' });
      await this.checkParent(parentId, id);
    }
    await assertReferences(this.db, sql`permissions`, sql`permission_id`, input.permission, 'permission');
    const set: Partial<typeof adminMenus.$inferInsert> = {};
    if (name) set.name = name;
    if (input.icon !== undefined) set.icon = clean(input.icon);
    if (input.url !== undefined) set.url = url ?? '';
    if (input.sort !== undefined) set.sort = input.sort;
    if (parentId !== undefined) set.parentId = parentId;
    const page = pagePermissionOf(input.url !== undefined ? url : current.url);
    if (page) set.permission = page;
    else if (input.permission) set.permission = [...new Set(input.permission)];
    if (input.enable !== undefined) set.enable = input.enable;
    if (Object.keys(set).length)
      await this.db
        .update(adminMenus)
        .set(set)
        .where(sql`${adminMenus.menuId} = ${id}`);
    return this.get(id);
  }

  /** deletes the menus with their whole subtrees in one transaction; answers how many rows went */
  async deleteMany(ids: string[]): Promise<number> {
    const root = ids.find(isRoot);
    if (root) throw new AppError('MENU_BUILT_IN', { field: 'menu_id', params: { id: root } });
    return this.db.transaction(async (tx) => {
      // serialise with concurrent moves/creates under these menus
      await tx.execute(sql`LOCK TABLE admin_menus IN SHARE ROW EXCLUSIVE MODE`);
      const all = await this.subtree(tx, ids);
      if (all.some(isRoot)) throw new AppError('MENU_BUILT_IN', { field: 'menu_id' });
      if (!all.length) return 0;
      const r = await tx.execute(sql`DELETE FROM admin_menus WHERE menu_id = ANY(${textArray(all)})`);
      return r.rowCount ?? 0;
    });
  }

  /** inserts the built-in menus that are missing; never overwrites; answers how many were added */
  async updateBuiltIn(): Promise<number> {
    const rows = await this.db
      .insert(adminMenus)
      .values(BUILT_IN_MENUS.map((m) => ({ ...m, enable: true })))
      .onConflictDoNothing()
      .returning({ id: adminMenus.menuId });
    return rows.length;
  }
}
