/** Admin API of the app list (/api/system/apps): the resource routes and the generated publish page. Rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { Id, IdParam, OptText, registerResource, Text } from '../../../core/resource';
import { Nullable } from '../../../core/schemas';
import { MINI_PROGRAMS } from '../../../db/schema';
import type { ModuleContext } from '../../services';
import { ACCESS } from '../../../core/access';
import { renderPortal } from './portal';
import { AppRow, H5, IosLink, Link, MiniProgram, Store, Url } from './schemas';
import { appList, type AppService } from './service';

const opt = <T extends import('@sinclair/typebox').TSchema>(s: T) => Type.Optional(Nullable(s));
const fields = {
  app_type: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  introduction: OptText(500),
  description: OptText(5000),
  remark: OptText(1000),
  icon_url: OptText(1000),
  screenshot: Type.Optional(Type.Array(Url, { maxItems: 20 })),
  app_android: opt(Link),
  app_ios: opt(IosLink),
  app_harmony: opt(Link),
  ...Object.fromEntries(MINI_PROGRAMS.map((k) => [k, opt(MiniProgram)])),
  h5: opt(H5),
  store_list: Type.Optional(Type.Array(Store, { maxItems: 50 })),
};

export async function appRoutes({ app, db, apps: service }: ModuleContext): Promise<AppService> {
  const tags = ['system: apps'];
  app.addSchema(AppRow);
  registerResource(app, {
    base: '/api/system/apps',
    tags,
    spec: appList,
    row: Type.Ref('AppRow'),
    db,
    access: ACCESS.apps,
    get: (id) => service.get(id),
    create: { body: Type.Object({ appid: Id('appid'), name: Text(100), ...fields }), run: (b) => service.create(b) },
    update: {
      body: Type.Object({ appid: Type.Optional(Type.String({ maxLength: 200 })), name: Type.Optional(Text(100)), ...fields }),
      run: (id, b) => service.update(id, b),
    },
    deleteMany: (ids) => service.deleteMany(ids),
  });

  app.get('/api/system/apps/:id/portal', {
    config: { access: ACCESS.apps.read },
    schema: { tags, summary: 'the generated publish page (index.html attachment)', params: IdParam, produces: ['text/html'] },
    handler: async (req, reply) => {
      const html = await renderPortal(await service.get(req.params.id));
      return reply.header('content-type', 'text/html; charset=utf-8').header('content-disposition', 'attachment; filename="index.html"').send(html);
    },
  });
  return service;
}
