/** Admin API of the console menus (/api/system/menus): the resource routes and "update built-in menus". Rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { Id, OptText, registerResource, Text } from '../../../core/resource';
import { ok, Ok } from '../../../core/schemas';
import type { ModuleContext } from '../../services';
import { ACCESS } from '../../../core/access';
import { MenuRow } from './schemas';
import { menuList } from './service';

const Permissions = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500 });
const fields = {
  icon: OptText(100),
  url: OptText(1000),
  sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  parent_id: OptText(64),
  permission: Type.Optional(Permissions),
  enable: Type.Optional(Type.Boolean()),
};

export async function menuAdminRoutes({ app, db, menus: service }: ModuleContext) {
  const tags = ['system: menus'];
  app.addSchema(MenuRow);
  registerResource(app, {
    base: '/api/system/menus',
    tags,
    spec: menuList,
    row: Type.Ref('MenuRow'),
    db,
    access: ACCESS.menus,
    get: (id) => service.get(id),
    create: { body: Type.Object({ menu_id: Id('menu_id'), name: Text(64), ...fields }), run: (b) => service.create(b) },
    update: {
      body: Type.Object({ menu_id: Type.Optional(Type.String({ maxLength: 200 })), name: Type.Optional(Text(64)), ...fields }),
      run: (id, b) => service.update(id, b),
    },
    deleteMany: (ids) => service.deleteMany(ids),
  });

  app.post('/api/system/menus/update-built-in', {
    config: { access: ACCESS.menus.create },
    schema: { tags, summary: 'insert the missing built-in menus (never overwrites)', response: { 200: Ok(Type.Object({ added: Type.Integer() })) } },
    handler: async () => ok({ added: await service.updateBuiltIn() }),
  });
}
