/** Admin API of the user tags (/api/system/tags): the resource routes. Rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { Id, OptText, registerResource, Text } from '../../../core/resource';
import type { ModuleContext } from '../../services';
import { ACCESS } from '../../../core/access';
import { TagRow } from './schemas';
import { tagList } from './service';

export async function tagRoutes({ app, db, accounts, tags: service }: ModuleContext) {
  app.addSchema(TagRow);
  registerResource(app, {
    base: '/api/system/tags',
    tags: ['system: tags'],
    spec: tagList,
    row: Type.Ref('TagRow'),
    db,
    access: ACCESS.tags,
    get: (id) => service.get(id),
    create: {
      body: Type.Object({ tagid: Id('tagid'), name: Text(64), description: OptText(500) }),
      run: (b) => service.create(b),
    },
    update: {
      body: Type.Object({ tagid: Type.Optional(Type.String({ maxLength: 200 })), name: Type.Optional(Text(64)), description: OptText(500) }),
      run: (id, b) => service.update(id, b),
    },
    deleteMany: (ids) => service.deleteMany(ids),
  });
}
