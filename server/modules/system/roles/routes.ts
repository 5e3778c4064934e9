/** Admin API of the roles (/api/system/roles): the resource routes. Rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { Id, OptText, registerResource, Text } from '../../../core/resource';
import { Nullable } from '../../../core/schemas';
import type { ModuleContext } from '../../services';
import { ACCESS } from '../../../core/access';
import { RoleRow } from './schemas';
import { MAX_DAILY_CREDIT_LIMIT, roleList } from './service';

const Permissions = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500 });
/** null or absent on create: no limit */
const DailyLimit = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_DAILY_CREDIT_LIMIT })));

export async function roleRoutes({ app, db, accounts, aiModels, roles: service }: ModuleContext) {
  app.addSchema(RoleRow);
  registerResource(app, {
    base: '/api/system/roles',
    tags: ['system: roles'],
    spec: roleList,
    row: Type.Ref('RoleRow'),
    db,
    access: ACCESS.roles,
    get: (id) => service.get(id),
    create: {
      body: Type.Object({
        role_id: Id('role_id'),
        role_name: Text(64),
        permission: Type.Optional(Permissions),
        comment: OptText(500),
        daily_credit_limit: DailyLimit,
      }),
      run: (b, caller) => service.create(b, caller),
    },
    update: {
      body: Type.Object({
        role_id: Type.Optional(Type.String({ maxLength: 200 })),
        role_name: Type.Optional(Text(64)),
        permission: Type.Optional(Permissions),
        comment: OptText(500),
        daily_credit_limit: DailyLimit,
      }),
      run: (id, b, caller) => service.update(id, b, caller),
    },
    deleteMany: (ids) => service.deleteMany(ids),
  });
}
