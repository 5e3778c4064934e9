/** Admin API of the permissions (/api/system/permissions): the resource routes. Rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { Id, OptText, registerResource, Text } from '../../../core/resource';
import type { ModuleContext } from '../../services';
import { ACCESS } from '../../../core/access';
import { PermissionRow } from './schemas';
import { permissionList } from './service';

export async function permissionRoutes({ app, db, permissions: service }: ModuleContext) {
  app.addSchema(PermissionRow);
  registerResource(app, {
    base: '/api/system/permissions',
    tags: ['system: permissions'],
    spec: permissionList,
    row: Type.Ref('PermissionRow'),
    db,
    access: ACCESS.permissions,
    get: (id) => service.get(id),
    create: {
      body: Type.Object({ permission_id: Id('permission_id'), permission_name: Text(64), comment: OptText(500) }),
      run: (b) => service.create(b),
    },
    update: {
      body: Type.Object({ permission_id: Type.Optional(Type.String({ maxLength: 200 })), permission_name: Type.Optional(Text(64)), comment: OptText(500) }),
      run: (id, b) => service.update(id, b),
    },
    deleteMany: (ids) => service.deleteMany(ids),
  });
}
