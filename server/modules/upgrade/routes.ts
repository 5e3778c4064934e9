/**
 * Upgrade center routes: the version resource (MANAGE_UNI_UPGRADE_CENTER), the apps' latest
 * stable versions for the app list, and the two public routes apps call: the update check and
 * the download of an uploaded package. Thin: the rules live in service.ts.
 */
import { type Static, Type } from '@sinclair/typebox';
import { RULES } from '../../../shared/permissions';
import { UPGRADE_PLATFORMS, UPGRADE_TYPES } from '../../../shared/version';
import enMessages from '../../../locales/upgrade/en-US.json';
import zhHansMessages from '../../../locales/upgrade/zh-CN.json';
import zhHantMessages from '../../../locales/upgrade/zh-TW.json';
import { accessOf } from '../../core/auth';
import { AppError } from '../../core/errors';
import { type Lang, pickLang } from '../../core/i18n';
import type { ResourceAccess } from '../../core/list/routes';
import { publicOrigin } from '../../core/origin';
import { OptText, registerResource, Text } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { recordFields, Store, VersionRow } from './schemas';
import { type CheckInput, versionList } from './service';

const MANAGE = accessOf(RULES.manageVersions);
const ACCESS: ResourceAccess = { read: MANAGE, create: MANAGE, update: MANAGE, delete: MANAGE };
const CHECK_MESSAGES: Record<Lang, Record<string, string>> = { en: enMessages, 'zh-Hans': zhHansMessages, 'zh-Hant': zhHantMessages };

const Platform = Type.Unsafe<(typeof UPGRADE_PLATFORMS)[number]>({ type: 'string', enum: [...UPGRADE_PLATFORMS] });
const VersionType = Type.Unsafe<(typeof UPGRADE_TYPES)[number]>({ type: 'string', enum: [...UPGRADE_TYPES] });
const VersionText = Type.String({ maxLength: 80, description: 'dot-separated numbers, e.g. 1.2.0' });

const editable = {
  title: OptText(100),
  contents: Type.Optional(Text(5000)),
  min_uni_version: Type.Optional(Nullable(VersionText)),
  stable_publish: Type.Optional(Type.Boolean()),
  is_silently: Type.Optional(Type.Boolean()),
  is_mandatory: Type.Optional(Type.Boolean()),
  store_list: Type.Optional(Type.Array(Store, { maxItems: 50 })),
};

const CheckQuery = Type.Object({
  appid: Type.Optional(Type.String({ maxLength: 64 })),
  appVersion: Type.Optional(Type.String({ maxLength: 80 })),
  wgtVersion: Type.Optional(Type.String({ maxLength: 80 })),
  platform: Type.Optional(Type.String({ maxLength: 20 })),
});
const CheckAnswer = Type.Object({
  /** 0 up to date, 101 hot update (wgt), 102 full update (native app), -101 no stable record, -102 missing input */
  code: Type.Integer(),
  message: Type.String(),
  ...Object.fromEntries(Object.entries(recordFields).map(([k, s]) => [k, Type.Optional(s)])),
});

export async function upgradeRoutes({ app, db, config, apps, files, upgrade: service }: ModuleContext) {
  const tags = ['upgrade center'];
  app.addSchema(VersionRow);
  registerResource(app, {
    base: '/api/upgrade/versions',
    tags,
    spec: versionList,
    row: Type.Ref('VersionRow'),
    db,
    access: ACCESS,
    get: (id) => service.get(id),
    create: {
      body: Type.Object({
        appid: Type.String({ minLength: 1, maxLength: 64 }),
        platform: Platform,
        type: VersionType,
        version: VersionText,
        url: OptText(1000),
        file_id: OptText(64),
        ...editable,
        contents: Text(5000),
      }),
      run: (b) => service.create(b),
    },
    update: {
      body: Type.Object({
        appid: Type.Optional(Type.String({ maxLength: 64 })),
        platform: Type.Optional(Type.String({ maxLength: 20 })),
        type: Type.Optional(Type.String({ maxLength: 20 })),
        version: Type.Optional(Type.String({ maxLength: 80 })),
        url: OptText(1000),
        file_id: OptText(64),
        ...editable,
      }),
      run: (id, b) => service.update(id, b),
    },
    deleteMany: (ids) => service.deleteMany(ids),
  });

  app.get('/api/upgrade/latest', {
    config: { access: MANAGE },
    schema: {
      tags,
      summary: "the stable version of each platform and type of these apps (the app list's links)",
      querystring: Type.Object({ appid: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 500 }) }),
      response: {
        200: Ok(Type.Array(Type.Object({ id: Type.String(), appid: Type.String(), platform: Type.String(), type: Type.String(), version: Type.String() }))),
      },
    },
    handler: async (req) => ok(await service.latest(req.query.appid)),
  });

  const check = async (input: CheckInput, req: Parameters<typeof publicOrigin>[0]) => {
    const { code, record } = await service.check(input, publicOrigin(req, config));
    return { code, message: CHECK_MESSAGES[pickLang(req.headers['accept-language'])][`upgrade.check.${code}`], ...record };
  };
  const checkSchema = {
    tags,
    summary: 'the update check apps call (no sign-in): appid, appVersion, wgtVersion, platform',
    response: { 200: CheckAnswer },
  };
  app.post('/api/upgrade/check', {
    config: { access: 'public' },
    schema: { ...checkSchema, body: Type.Optional(CheckQuery) },
    handler: async (req) => check((req.body ?? {}) as Static<typeof CheckQuery>, req),
  });
  app.get('/api/upgrade/check', {
    config: { access: 'public' },
    schema: { ...checkSchema, querystring: CheckQuery },
    handler: async (req) => check(req.query, req),
  });

  app.get('/api/upgrade/packages/:id', {
    // public: apps download their update without signing in; only files that are a version's package
    config: { access: 'public' },
    schema: { tags, summary: "an uploaded package of a version record (the check answer's url)", params: Type.Object({ id: Type.String({ maxLength: 64 }) }) },
    handler: async (req, reply) => {
      const row = await service.packageFile(req.params.id);
      const opened = row ? await files.storage.open(row.id) : null;
      if (!row || !opened) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(opened.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.name ?? row.id)}`)
        .send(opened.stream);
    },
  });
}
