import { Type } from '@sinclair/typebox';
import { Id, OptText, registerResource, Text } from '../../../core/resource';
import { Nullable } from '../../../core/schemas';
import type { ModuleContext } from '../../services';
import { ACCESS } from '../../../core/access';
import { permissionList } from './service';

export const PermissionRow = Type.Object(
  {
    permission_id: Type.String(),
    permission_name: Type.String(),
    comment: Nullable(Type.String()),
    create_date: Type.String({ format: 'date-time' }),
  },
  { $id: 'PermissionRow' },
);

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
