import { Type } from '@sinclair/typebox';
import { Nullable, Ok } from '../../core/schemas';
import { adminMenus } from '../../db/schema';
import { buildNav } from './nav';
import type { ModuleContext } from '../services';

const MenuNode = Type.Recursive(
  (Self) =>
    Type.Object({
      menu_id: Type.String(),
      name: Type.String(),
      icon: Nullable(Type.String()),
      url: Nullable(Type.String()),
      sort: Type.Integer(),
      children: Type.Optional(Type.Array(Self)),
    }),
  { $id: 'MenuNode' },
);

export async function menuRoutes({ app, db }: ModuleContext) {
  app.addSchema(MenuNode);
  app.get('/api/menus/nav', {
    config: { access: 'signedIn' },
    schema: { tags: ['menus'], response: { 200: Ok(Type.Array(Type.Ref('MenuNode'))) } },
    handler: async (req) => {
      const rows = await db.select().from(adminMenus);
      return { success: true as const, data: buildNav(rows, req.auth!) };
    },
  });
}
