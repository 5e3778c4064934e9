/** The signed-in user's navigation: the enabled menus their role and permissions reach. */
import { Type } from '@sinclair/typebox';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { buildNav } from './nav';

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

export async function menuRoutes({ app, db, menus }: ModuleContext) {
  app.addSchema(MenuNode);
  app.get('/api/menus/nav', {
    config: { access: 'signedIn' },
    schema: { tags: ['menus'], response: { 200: Ok(Type.Array(Type.Ref('MenuNode'))) } },
    handler: async (req) => {
      const rows = await menus.all();
      return ok(buildNav(rows, req.auth!));
    },
  });
}
