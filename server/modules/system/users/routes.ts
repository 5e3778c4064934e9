/** Admin API of the users (/api/system/users, set-tags) and the caller's own record (/api/users/me). Rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { LIST } from '../../../config';
import { clientOf } from '../../../core/context';
import { IdParam, OptText, registerResource } from '../../../core/resource';
import { Nullable, ok, Ok } from '../../../core/schemas';
import type { ModuleContext } from '../../services';
import { ACCESS } from '../../../core/access';
import { AvatarFile, UserRow } from './schemas';
import { userList } from './service';

const Ids = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500 });
const Status = Type.Integer({ minimum: 0, maximum: 4 });
const Gender = Type.Integer({ minimum: 0, maximum: 2 });
const Password = Type.String({ maxLength: 128 });
const editable = {
  nickname: OptText(64),
  mobile: OptText(32),
  email: OptText(254),
  role: Type.Optional(Ids),
  tags: Type.Optional(Ids),
  // null first: with coerceTypes 'array' a null would otherwise be coerced into ['']
  dcloud_appid: Type.Optional(Type.Union([Type.Null(), Ids])),
  status: Type.Optional(Status),
  gender: Type.Optional(Gender),
  comment: OptText(500),
  avatar_file: Type.Optional(Nullable(AvatarFile)),
};

export async function userRoutes({ app, db, accounts, files, realname, search, apps, users: service }: ModuleContext) {
  const access = ACCESS.users;
  const tags = ['system: users'];
  app.addSchema(UserRow);
  const row = Type.Ref('UserRow');

  registerResource(app, {
    base: '/api/system/users',
    tags,
    spec: userList,
    row,
    db,
    access,
    get: (id) => service.get(id),
    create: {
      body: Type.Object({ username: Type.String({ maxLength: 64 }), password: Password, ...editable }),
      run: (b, caller) => service.create(b, caller),
    },
    deleteMany: (ids, caller) => service.deleteMany(ids, caller),
  });

  // the edit form: any subset of the fields, plus "reset password"
  app.put('/api/system/users/:id', {
    config: { access: access.update },
    schema: {
      tags,
      params: IdParam,
      body: Type.Object({
        username: Type.Optional(Type.String({ maxLength: 64 })),
        ...editable,
        resetPassword: Type.Optional(Type.Boolean()),
        password: Type.Optional(Password),
      }),
      response: { 200: Ok(row) },
    },
    handler: async (req) => ok(await service.update(req.params.id, req.body, clientOf(req), req.auth)),
  });

  app.post('/api/system/users/set-tags', {
    config: { access: access.update },
    schema: {
      tags,
      summary: 'overwrite the tags of the selected users',
      body: Type.Object({ ids: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: LIST.MAX_PAGE_SIZE }), tags: Ids }),
      response: { 200: Ok(Type.Object({ updated: Type.Integer() })) },
    },
    handler: async (req) => ok({ updated: await service.setTags(req.body.ids, req.body.tags) }),
  });

  // self-service: the caller's own record
  app.get('/api/users/me', {
    config: { access: 'signedIn' },
    schema: { tags: ['users'], response: { 200: Ok(row) } },
    handler: async (req) => ok(await service.get(req.auth!.uid)),
  });
  app.put('/api/users/me', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['users'],
      summary: "update the caller's nickname, gender or avatar",
      body: Type.Object({ nickname: OptText(64), gender: Type.Optional(Gender), avatar_file: Type.Optional(Nullable(AvatarFile)) }),
      response: { 200: Ok(Type.Object({ updated: Type.Boolean() })) },
    },
    handler: async (req) => {
      // the avatar must be an image the caller uploaded through the file service
      if (req.body.avatar_file) await files.assertAvatar(req.auth!.uid, req.body.avatar_file.url);
      return ok({ updated: await service.updateMe(req.auth!.uid, req.body) });
    },
  });
}
