/**
 * The add form and the detail page of a version record. Add: app, platform, type and version
 * (checked live against the current stable version), the package (uploaded with a progress bar,
 * or a download URL) fitting the platform and type. Detail: every field, the fixed ones read-only
 * and the package downloadable; title, notes, flags, stable, min version and app stores editable.
 */
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ProFormDependency, ProFormRadio, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Flex, Form, Input, InputNumber, Progress, Switch, Typography, Upload, type FormInstance } from 'antd';
import { useState } from 'react';
import { RULES } from '../../../../shared/permissions';
import { UPLOAD_MAX_BYTES } from '../../../../shared/validation';
import {
  compareVersions,
  extensionOf,
  packageExtension,
  parseVersion,
  UPGRADE_PLATFORMS,
  UPGRADE_TYPES,
  type UpgradePlatform,
  type UpgradeType,
} from '../../../../shared/version';
import { formatDate } from '../../../components/admin/columns';
import { useResourceOptions } from '../../../components/admin/ResourceSelect';
import ResourceForm, { type FormMode } from '../../../components/admin/ResourceForm';
import { maxText, requiredText } from '../../../components/admin/rules';
import { deleteFiles } from '../../../services/api';
import { requestErrorOf, requestErrorText } from '../../../services/request-layer';
import { appResource } from '../../../services/system';
import { uploadPackage, versionListPath, versionResource, type VersionRow } from '../../../services/upgrade';
import { useT, type Translate } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import '../messages';

interface StoreEntry {
  id: string;
  name: string;
  scheme: string;
  enable: boolean;
  priority: number;
}

interface Values extends Record<string, unknown> {
  appid: string;
  platform: UpgradePlatform;
  type: UpgradeType;
  version: string;
  source: 'upload' | 'url';
  url?: string;
  file_id?: string;
  title?: string | null;
  contents: string;
  min_uni_version?: string | null;
  stable_publish: boolean;
  is_mandatory: boolean;
  is_silently: boolean;
  store_list: StoreEntry[];
}

const FIXED = ['appid', 'platform', 'type', 'version', 'url', 'file_id'];
const versionRule = (t: Translate) => ({
  validator: (_: unknown, v: string) => (!v || parseVersion(v) ? Promise.resolve() : Promise.reject(new Error(t('upgrade.versionInvalid')))),
});

/** the package: uploaded through the file service (with progress) into the hidden file_id field */
function PackageUpload({ form, appid, ext }: { form: FormInstance; appid?: string; ext: string }) {
  const t = useT();
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Flex vertical gap={8}>
      <Upload
        accept={`.${ext}`}
        showUploadList={false}
        disabled={!appid || (progress !== null && progress < 100 && !error)}
        beforeUpload={(file) => {
          if (extensionOf(file.name) !== ext) {
            setError(t('upgrade.wrongExt', { ext }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file }) => {
          const f = file as File;
          setError(null);
          setName(null);
          setProgress(0);
          // a package chosen again replaces the one uploaded before, which no version uses
          const before = form.getFieldValue('file_id') as string | undefined;
          if (before) void deleteFiles([before], { skipErrorHandler: true }).catch(() => undefined);
          form.setFieldValue('file_id', undefined);
          try {
            const up = await uploadPackage(appid!, f, setProgress, { skipErrorHandler: true });
            setProgress(100);
            setName(f.name);
            form.setFields([{ name: 'file_id', value: up.fileID, errors: [] }]);
          } catch (e) {
            setProgress(null);
            const info = requestErrorOf(e);
            setError(info.kind === 'business' ? requestErrorText(info, t, SPEC.UPLOAD_TIMEOUT_MS) : t('upgrade.uploadFailed'));
          }
        }}
      >
        <Button icon={<UploadOutlined />} disabled={!appid}>
          {t('upgrade.choosePackage', { ext })}
        </Button>
      </Upload>
      {/* the package is stored under the app: say why the button is off until one is picked */}
      {!appid ? <Typography.Text type="secondary">{t('upgrade.pickAppFirst')}</Typography.Text> : null}
      {progress !== null ? (
        <Progress percent={progress} size="small" status={progress < 100 ? 'active' : 'success'} aria-label={t('upgrade.field.package')} />
      ) : null}
      {name ? <Typography.Text type="success">{t('upgrade.uploaded', { name })}</Typography.Text> : null}
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary">{t('upgrade.uploadHint', { ext, max: `${UPLOAD_MAX_BYTES / 1024 / 1024} MB` })}</Typography.Text>
    </Flex>
  );
}

/** the current stable version of the chosen app, platform and type: the add rule, shown as the user types */
function useStable(appid?: string, platform?: string, type?: string) {
  return useRequest(
    async () => {
      const page = await versionResource.list(
        { current: 1, pageSize: 1, filters: { appid: [appid!], platform: [platform!], type: [type!], stable_publish: ['true'] } },
        { skipErrorHandler: true },
      );
      return page.data[0]?.version ?? null;
    },
    { ready: !!appid && !!platform && !!type, refreshDeps: [appid, platform, type], onError: () => undefined },
  );
}

function VersionField({ appid, platform, type, locked }: { appid?: string; platform?: string; type?: string; locked: boolean }) {
  const t = useT();
  const stable = useStable(locked ? undefined : appid, platform, type);
  const current = stable.data;
  return (
    <ProFormText
      name="version"
      label={t('upgrade.field.version')}
      disabled={locked}
      extra={
        locked
          ? t('upgrade.fixed')
          : current
            ? t('upgrade.currentStable', { version: current })
            : appid && stable.data === null
              ? t('upgrade.noStable')
              : t('upgrade.versionHint')
      }
      rules={
        locked
          ? []
          : [
              { required: true, message: t('upgrade.versionHint') },
              versionRule(t),
              {
                validator: (_: unknown, v: string) =>
                  v && parseVersion(v) && current && compareVersions(v, current) <= 0
                    ? Promise.reject(new Error(t('upgrade.versionNotGreater', { current })))
                    : Promise.resolve(),
              },
            ]
      }
      fieldProps={{ maxLength: 80, autoComplete: 'off', spellCheck: false, placeholder: '1.0.0' }}
    />
  );
}

function StoreList() {
  const t = useT();
  return (
    <Form.Item label={t('upgrade.field.storeList')}>
      <Form.List name="store_list">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            {fields.map((f) => (
              <Flex key={f.key} gap={8} align="start" wrap="wrap">
                <Form.Item name={[f.name, 'id']} rules={[{ required: true, message: t('upgrade.store.id') }]} style={{ margin: 0 }}>
                  <Input placeholder={t('upgrade.store.id')} aria-label={t('upgrade.store.id')} maxLength={64} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'name']} style={{ margin: 0 }}>
                  <Input placeholder={t('upgrade.store.name')} aria-label={t('upgrade.store.name')} maxLength={100} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'scheme']} style={{ margin: 0 }}>
                  <Input placeholder={t('upgrade.store.scheme')} aria-label={t('upgrade.store.scheme')} maxLength={1000} style={{ width: 220 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'priority']} style={{ margin: 0 }}>
                  <InputNumber min={0} max={1_000_000} precision={0} placeholder={t('upgrade.store.priority')} aria-label={t('upgrade.store.priority')} />
                </Form.Item>
                <Form.Item name={[f.name, 'enable']} valuePropName="checked" style={{ margin: 0 }}>
                  <Switch checkedChildren={t('upgrade.store.enable')} unCheckedChildren={t('upgrade.store.enable')} />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('upgrade.store.remove')} />
              </Flex>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ id: '', name: '', scheme: '', enable: true, priority: 0 })} style={{ alignSelf: 'start' }}>
              {t('upgrade.store.add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

const toValues = (r: VersionRow): Values => ({
  ...(r as unknown as Values),
  source: r.file_id ? 'upload' : 'url',
  url: r.url,
  file_id: r.file_id ?? undefined,
});

export default function VersionForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  const [params] = useSearchParams();
  const apps = useResourceOptions(appResource);
  return (
    <ResourceForm<typeof versionResource, Values>
      resource={versionResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.upgrade.add', edit: 'route.upgrade.detail' }}
      listPath={versionListPath()}
      access={{ create: RULES.manageVersions, update: RULES.manageVersions }}
      immutable={FIXED}
      toValues={toValues}
      initialValues={{
        appid: params.get('appid') ?? undefined,
        platform: 'android',
        type: 'native_app',
        source: 'upload',
        stable_publish: false,
        is_mandatory: false,
        is_silently: false,
        store_list: [],
      }}
      toBody={(v, m) => {
        const isWgt = v.type === 'wgt';
        const common = {
          title: v.title?.trim() || null,
          contents: v.contents.trim(),
          stable_publish: !!v.stable_publish,
          is_mandatory: !!v.is_mandatory,
          is_silently: isWgt && !!v.is_silently,
          store_list: (v.store_list ?? []).map((s) => ({
            id: s.id.trim(),
            name: s.name?.trim() ?? '',
            scheme: s.scheme?.trim() ?? '',
            enable: !!s.enable,
            priority: s.priority ?? 0,
          })),
          ...(isWgt ? { min_uni_version: v.min_uni_version?.trim() } : {}),
        };
        if (m === 'edit') return common;
        return {
          ...common,
          appid: v.appid,
          platform: v.platform,
          type: v.type,
          version: v.version.trim(),
          ...(v.source === 'upload' ? { file_id: v.file_id } : { url: v.url?.trim() }),
        };
      }}
    >
      {({ locked, row, form }) => (
        <>
          <ProFormSelect
            name="appid"
            label={t('upgrade.field.app')}
            disabled={locked('appid')}
            options={apps.options}
            fieldProps={{ showSearch: true, optionFilterProp: 'label', loading: apps.loading, placeholder: t('upgrade.pickApp') }}
            rules={[{ required: true, message: t('upgrade.pickApp') }]}
          />
          {/* a column gap only: wrapped, the rows are already spaced by the items' own margin */}
          <Flex wrap="wrap" style={{ columnGap: 24 }}>
            <ProFormRadio.Group
              name="platform"
              label={t('upgrade.field.platform')}
              disabled={locked('platform')}
              radioType="button"
              options={UPGRADE_PLATFORMS.map((p) => ({ value: p, label: t(`upgrade.platform.${p}`) }))}
            />
            <ProFormRadio.Group
              name="type"
              label={t('upgrade.field.type')}
              disabled={locked('type')}
              radioType="button"
              options={UPGRADE_TYPES.map((ty) => ({ value: ty, label: t(`upgrade.type.${ty}`) }))}
            />
          </Flex>
          <ProFormDependency name={['appid', 'platform', 'type']}>
            {({ appid, platform, type }) => <VersionField appid={appid} platform={platform} type={type} locked={locked('version')} />}
          </ProFormDependency>
          <ProFormDependency name={['type']}>
            {({ type }) =>
              type === 'wgt' ? (
                <ProFormText
                  name="min_uni_version"
                  label={t('upgrade.field.minUniVersion')}
                  extra={t('upgrade.minUniHint')}
                  rules={[{ required: true, message: t('upgrade.versionHint') }, versionRule(t)]}
                  fieldProps={{ maxLength: 80, autoComplete: 'off', placeholder: '1.0.0' }}
                />
              ) : null
            }
          </ProFormDependency>
          <ProFormDependency name={['appid', 'platform', 'type', 'source']}>
            {({ appid, platform, type, source }) => {
              const ext = packageExtension(platform ?? 'android', type ?? 'native_app');
              if (locked('url')) {
                return (
                  <Form.Item label={t('upgrade.field.package')} extra={t('upgrade.fixed')}>
                    <Typography.Link href={row?.url} target="_blank" rel="noreferrer" copyable={{ text: row?.url }}>
                      {row?.file_id ? t('upgrade.download') : row?.url}
                    </Typography.Link>
                  </Form.Item>
                );
              }
              return (
                <>
                  <ProFormRadio.Group
                    name="source"
                    label={t('upgrade.source')}
                    options={[
                      { value: 'upload', label: t('upgrade.source.upload') },
                      { value: 'url', label: t('upgrade.source.url') },
                    ]}
                  />
                  {source === 'url' ? (
                    <ProFormText
                      name="url"
                      label={t('upgrade.field.url')}
                      extra={t('upgrade.urlHint', { ext })}
                      rules={[
                        { required: true, message: t('upgrade.packageRequired') },
                        { pattern: /^https?:\/\/\S+$/i, message: t('upgrade.urlInvalid') },
                        {
                          validator: (_: unknown, v: string) => {
                            const given = v ? extensionOf(v) : '';
                            const wrong = (['apk', 'ipa', 'hap', 'wgt'].includes(given) || type === 'wgt') && given !== ext;
                            return v && wrong ? Promise.reject(new Error(t('upgrade.wrongExt', { ext }))) : Promise.resolve();
                          },
                        },
                      ]}
                      fieldProps={{ maxLength: 1000, autoComplete: 'off', placeholder: `https://example.com/app.${ext}` }}
                    />
                  ) : (
                    <Form.Item name="file_id" label={t('upgrade.field.package')} rules={[{ required: true, message: t('upgrade.packageRequired') }]}>
                      <PackageUpload key={`${appid}-${ext}`} form={form} appid={appid} ext={ext} />
                    </Form.Item>
                  )}
                </>
              );
            }}
          </ProFormDependency>
          <ProFormText name="title" label={t('upgrade.field.title')} rules={maxText(t, t('upgrade.field.title'), 100)} fieldProps={{ maxLength: 100 }} />
          <ProFormTextArea
            name="contents"
            label={t('upgrade.field.contents')}
            rules={requiredText(t, t('upgrade.field.contents'), 5000)}
            fieldProps={{ maxLength: 5000, showCount: true, autoSize: { minRows: 4 } }}
          />
          <Flex wrap="wrap" style={{ columnGap: 32 }}>
            <ProFormSwitch name="stable_publish" label={t('upgrade.field.stable')} tooltip={t('upgrade.stableHint')} />
            <ProFormSwitch name="is_mandatory" label={t('upgrade.field.mandatory')} tooltip={t('upgrade.mandatoryHint')} />
            <ProFormDependency name={['type']}>
              {({ type }) =>
                type === 'wgt' ? <ProFormSwitch name="is_silently" label={t('upgrade.field.silently')} tooltip={t('upgrade.silentlyHint')} /> : null
              }
            </ProFormDependency>
          </Flex>
          <StoreList />
          {row ? (
            <Typography.Text type="secondary">
              {t('upgrade.field.createDate')}: {formatDate(row.create_date)}
            </Typography.Text>
          ) : null}
        </>
      )}
    </ResourceForm>
  );
}
