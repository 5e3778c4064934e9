/**
 * Pickers over the system area's roles, tags and users for other areas' forms (a message's
 * audience, a welfare campaign's eligibility): id and name only, with the lists' own search,
 * sorting and paging, readable by whoever may use the form, so they need no right to the
 * system pages themselves.
 */
import { Type } from '@sinclair/typebox';
import { type SQL, sql } from 'drizzle-orm';
import type { AccessRule } from '../../core/auth';
import type { ModuleApp } from '../../core/context';
import { registerListRoutes } from '../../core/list/routes';
import type { ListSpec } from '../../core/list/query';
import type { Db } from '../../db';
import { roleList } from './roles/service';
import { tagList } from './tags/service';
import { userList } from './users/service';

export type PickerKind = 'roles' | 'tags' | 'users';

const narrow = (spec: ListSpec, columns: SQL): ListSpec => ({
  ...spec,
  resource: `${spec.resource}-picker`,
  columns,
  cached: false,
  exportColumns: [],
});

const PICKERS: Record<PickerKind, ListSpec> = {
  roles: narrow(roleList, sql`r.role_id AS id, r.role_name AS name`),
  tags: narrow(tagList, sql`t.tagid AS id, t.name AS name`),
  users: narrow(userList, sql`u.id AS id, coalesce(nullif(u.nickname, ''), u.username, u.email, u.mobile, u.id) AS name`),
};

/** a role, tag or user to pick */
const PickOption = Type.Object({ id: Type.String(), name: Type.String() });

/** GET <base>/<kind> for each kind: the picker's list, for callers passing `access` */
export function registerPickerRoutes(app: ModuleApp, opts: { base: string; kinds: PickerKind[]; access: AccessRule; tags: string[]; db: Db }) {
  for (const kind of opts.kinds) {
    registerListRoutes(app, {
      base: `${opts.base}/${kind}`,
      tags: opts.tags,
      summary: `the ${kind} to pick from: id and name, searched and paged`,
      spec: PICKERS[kind],
      row: PickOption,
      db: opts.db,
      access: { read: opts.access, delete: opts.access },
      exportable: false,
    });
  }
}
