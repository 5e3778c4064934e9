/**
 * Add an app, or edit one with `?id=<appid>` (the spec lists only app/add): appid and name
 * fixed once created, type, introduction, description, remark, icon, screenshots, the
 * per-platform blocks (Android, iOS with its Apple Business Manager link, HarmonyOS, H5, the
 * mini programs with their QR codes) and the store list (id, name, scheme, enabled, priority).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ProForm, ProFormDependency, ProFormDigit, ProFormList, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useSearchParams } from '@umijs/max';
import { Avatar, Collapse, Divider, Typography } from 'antd';
import ResourceForm from '../../../components/admin/ResourceForm';
import { idRules, integerRule, maxText, requiredText } from '../../../components/admin/rules';
import { RULES } from '../../../../shared/permissions';
import { appResource, type AppRow } from '../../../services/system';
import { useT, type Translate } from '../../../shared/i18n';
import { APP_TYPES, MINI_PROGRAMS, platformsOf } from './platforms';

const LIST = '/pages/system/app/list';

type Link = { name?: string; url?: string; abm_url?: string; qrcode_url?: string };
type Values = Partial<Omit<AppRow, 'screenshot'>> & { appid: string; name: string; screenshot?: { url: string }[] } & Record<string, unknown>;

/** an empty block is stored as nothing */
function block<T extends Link>(v: T | null | undefined): T | null {
  if (!v) return null;
  const out = Object.fromEntries(
    Object.entries(v)
      .map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x])
      .filter(([, x]) => x),
  ) as T;
  return Object.keys(out).length ? out : null;
}

function toBody(v: Values): Record<string, unknown> {
  return {
    appid: v.appid?.trim(),
    name: v.name?.trim(),
    app_type: v.app_type ?? 0,
    introduction: v.introduction?.trim() || null,
    description: v.description?.trim() || null,
    remark: v.remark?.trim() || null,
    icon_url: v.icon_url?.trim() || null,
    screenshot: (v.screenshot ?? []).map((s) => s.url?.trim()).filter(Boolean),
    app_android: block(v.app_android),
    app_ios: block(v.app_ios),
    app_harmony: block(v.app_harmony),
    h5: block(v.h5),
    ...Object.fromEntries(MINI_PROGRAMS.map((k) => [k, block(v[k] as Link | null)])),
    store_list: (v.store_list ?? []).map((s) => ({
      id: s.id.trim(),
      name: s.name?.trim() ?? '',
      scheme: s.scheme?.trim() ?? '',
      enable: !!s.enable,
      priority: s.priority ?? 0,
    })),
  };
}

const toValues = (r: AppRow): Values => ({ ...r, screenshot: r.screenshot.map((url) => ({ url })) });

const urlField = (t: Translate, name: (string | number)[] | string, label: string, extra?: string) => (
  <ProFormText name={name} label={label} extra={extra} rules={maxText(t, label, 1000)} fieldProps={{ maxLength: 1000, spellCheck: false, inputMode: 'url' }} />
);
const nameField = (t: Translate, name: (string | number)[], label: string) => (
  <ProFormText name={name} label={label} rules={maxText(t, label, 100)} fieldProps={{ maxLength: 100 }} />
);

export default function AppForm() {
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('id');
  const mode = id ? 'edit' : 'add';
  const platform = (k: string) => t(`system.app.platform.${k}`);
  return (
    <ResourceForm<typeof appResource, Values>
      resource={appResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.system.app.add', edit: 'system.app.editTitle' }}
      listPath={LIST}
      access={RULES.apps}
      immutable={['appid', 'name']}
      initialValues={{ app_type: 0, screenshot: [], store_list: [] }}
      toValues={toValues}
      toBody={(v) => toBody(v)}
    >
      {({ locked, row }) => (
        <>
          <Divider orientation="left" orientationMargin={0}>
            {t('system.app.basics')}
          </Divider>
          <ProFormText
            name="appid"
            label={t('system.app.appid')}
            disabled={locked('appid')}
            extra={locked('appid') ? t('system.form.fixedAfterCreate') : t('system.app.appidHint')}
            rules={locked('appid') ? [] : idRules(t, t('system.app.appid'))}
            fieldProps={{ maxLength: 64, autoComplete: 'off', spellCheck: false }}
          />
          <ProFormText
            name="name"
            label={t('system.app.name')}
            disabled={locked('name')}
            extra={locked('name') ? t('system.form.fixedAfterCreate') : undefined}
            rules={locked('name') ? [] : requiredText(t, t('system.app.name'), 100)}
            fieldProps={{ maxLength: 100 }}
          />
          <ProFormSelect
            name="app_type"
            label={t('system.app.type')}
            allowClear={false}
            options={APP_TYPES.map((v) => ({ value: v, label: t(`system.app.type.${v}`) }))}
          />
          <ProFormText
            name="introduction"
            label={t('system.app.introduction')}
            rules={maxText(t, t('system.app.introduction'), 500)}
            fieldProps={{ maxLength: 500 }}
          />
          <ProFormTextArea
            name="description"
            label={t('system.field.description')}
            rules={maxText(t, t('system.field.description'), 5000)}
            fieldProps={{ maxLength: 5000, showCount: true, autoSize: { minRows: 3, maxRows: 10 } }}
          />
          <ProFormTextArea name="remark" label={t('system.app.remark')} rules={maxText(t, t('system.app.remark'), 1000)} fieldProps={{ maxLength: 1000 }} />
          {urlField(t, 'icon_url', t('system.app.icon'), t('system.app.iconHint'))}
          <ProFormDependency name={['icon_url']}>
            {({ icon_url }) =>
              icon_url ? <Avatar shape="square" size={64} src={String(icon_url)} alt={t('system.app.icon')} style={{ margin: '-8px 0 24px' }} /> : null
            }
          </ProFormDependency>
          <ProFormList
            name="screenshot"
            label={t('system.app.screenshots')}
            max={20}
            creatorButtonProps={{ creatorButtonText: t('system.app.addScreenshot'), icon: <PlusOutlined /> }}
            copyIconProps={false}
            deleteIconProps={{ Icon: DeleteOutlined, tooltipText: t('system.list.delete') }}
            itemRender={({ listDom, action }) => (
              <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
                <div style={{ flex: 1 }}>{listDom}</div>
                {action}
              </div>
            )}
          >
            <ProFormText
              name="url"
              placeholder="https://"
              rules={[
                { required: true, whitespace: true, message: t('system.rule.required', { field: t('system.app.screenshot') }) },
                ...maxText(t, t('system.app.screenshot'), 1000),
              ]}
              fieldProps={{ maxLength: 1000, 'aria-label': t('system.app.screenshot') }}
            />
          </ProFormList>

          <Divider orientation="left" orientationMargin={0}>
            {t('system.app.downloads')}
          </Divider>
          <Typography.Paragraph type="secondary">{t('system.app.downloadsHint')}</Typography.Paragraph>
          <Collapse
            // the platforms the app is on (editing), else the two app stores
            defaultActiveKey={row ? platformsOf(row) : ['app_android', 'app_ios']}
            items={[
              {
                key: 'app_android',
                forceRender: true,
                label: platform('app_android'),
                children: (
                  <>
                    {nameField(t, ['app_android', 'name'], t('system.app.linkName'))}
                    {urlField(t, ['app_android', 'url'], t('system.app.downloadUrl'))}
                  </>
                ),
              },
              {
                key: 'app_ios',
                forceRender: true,
                label: platform('app_ios'),
                children: (
                  <>
                    {nameField(t, ['app_ios', 'name'], t('system.app.linkName'))}
                    {urlField(t, ['app_ios', 'url'], t('system.app.storeUrl'))}
                    {urlField(t, ['app_ios', 'abm_url'], t('system.app.abmUrl'), t('system.app.abmHint'))}
                  </>
                ),
              },
              {
                key: 'app_harmony',
                forceRender: true,
                label: platform('app_harmony'),
                children: (
                  <>
                    {nameField(t, ['app_harmony', 'name'], t('system.app.linkName'))}
                    {urlField(t, ['app_harmony', 'url'], t('system.app.downloadUrl'))}
                  </>
                ),
              },
              { key: 'h5', forceRender: true, label: platform('h5'), children: urlField(t, ['h5', 'url'], t('system.app.h5Url')) },
              ...MINI_PROGRAMS.map((k) => ({
                key: k,
                forceRender: true,
                label: platform(k),
                children: (
                  <>
                    {nameField(t, [k, 'name'], t('system.app.mpName'))}
                    {urlField(t, [k, 'qrcode_url'], t('system.app.qrcodeUrl'))}
                  </>
                ),
              })),
            ]}
          />

          <Divider orientation="left" orientationMargin={0}>
            {t('system.app.stores')}
          </Divider>
          <Typography.Paragraph type="secondary">{t('system.app.storesHint')}</Typography.Paragraph>
          <ProFormList
            name="store_list"
            max={50}
            creatorButtonProps={{ creatorButtonText: t('system.app.addStore'), icon: <PlusOutlined /> }}
            creatorRecord={() => ({ id: '', name: '', scheme: '', enable: true, priority: 0 })}
            copyIconProps={false}
            deleteIconProps={{ Icon: DeleteOutlined, tooltipText: t('system.list.delete') }}
          >
            {(_field, index) => (
              <ProForm.Group key={index}>
                <ProFormText
                  name="id"
                  label={t('system.app.storeId')}
                  width="xs"
                  rules={[
                    { required: true, whitespace: true, message: t('system.rule.required', { field: t('system.app.storeId') }) },
                    ...maxText(t, t('system.app.storeId'), 64),
                    ({ getFieldValue }) => ({
                      validator: async (_: unknown, v: string | undefined) => {
                        const ids = ((getFieldValue('store_list') ?? []) as { id?: string }[]).map((s) => s?.id?.trim());
                        if (v?.trim() && ids.filter((x) => x === v.trim()).length > 1) throw new Error(t('system.app.storeIdTaken'));
                      },
                    }),
                  ]}
                  fieldProps={{ maxLength: 64 }}
                />
                <ProFormText
                  name="name"
                  label={t('system.app.storeName')}
                  width="sm"
                  rules={maxText(t, t('system.app.storeName'), 100)}
                  fieldProps={{ maxLength: 100 }}
                />
                <ProFormText
                  name="scheme"
                  label={t('system.app.storeScheme')}
                  width="md"
                  rules={maxText(t, t('system.app.storeScheme'), 1000)}
                  fieldProps={{ maxLength: 1000, spellCheck: false }}
                />
                <ProFormSwitch name="enable" label={t('system.app.storeEnable')} />
                <ProFormDigit
                  name="priority"
                  label={t('system.app.storePriority')}
                  width="xs"
                  rules={[integerRule(t, t('system.app.storePriority'), 0, 1_000_000)]}
                  fieldProps={{ precision: 0, min: 0, max: 1_000_000 }}
                />
              </ProForm.Group>
            )}
          </ProFormList>
        </>
      )}
    </ResourceForm>
  );
}
