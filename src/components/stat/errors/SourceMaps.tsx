/**
 * The source maps of an app (MANAGE_UNI_STAT): upload one for a version and script file (the
 * .map is read in the browser and checked by the server), the list of uploaded maps, delete after
 * a confirmation. `onChanged` lets the page resolve its stack again.
 */
import './i18n';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { AutoComplete, Button, Flex, Form, Input, Modal, Popconfirm, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { requestErrorOf, requestErrorText, showRequestError } from '../../../services/request-layer';
import { deleteSourceMap, listSourceMaps, uploadSourceMap, type SourceMapRow } from '../../../services/stat-errors';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';

interface Values {
  version: string;
  file: string;
}

const sizeOf = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

export default function SourceMaps({
  appId,
  appName,
  versions,
  defaultVersion,
  defaultFile,
  formatTime,
  onChanged,
}: {
  appId: string;
  appName: string;
  versions: string[];
  defaultVersion?: string;
  defaultFile?: string;
  formatTime: (iso: string) => string;
  onChanged: () => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const [map, setMap] = useState<{ name: string; text: string } | null>(null);
  const [mapError, setMapError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const list = useRequest(() => listSourceMaps(appId, { skipErrorHandler: true }), { ready: open, refreshDeps: [appId, open] });
  const fail = (e: unknown) => showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });

  const submit = async (v: Values) => {
    if (!map) {
      setMapError(t('statError.sourceMaps.required'));
      return;
    }
    setSaving(true);
    try {
      const row = await uploadSourceMap({ app_id: appId, version: v.version.trim(), file: v.file.trim(), map: map.text }, { skipErrorHandler: true });
      toast(t('statError.sourceMaps.uploaded', { file: row.file }), 'success');
      setMap(null);
      list.refresh();
      onChanged();
    } catch (e) {
      const info = requestErrorOf(e);
      // the server names the field: the map itself, or the version / file inputs
      if (info.kind === 'business' && (info.field === 'file' || info.field === 'map') && info.code !== 'INVALID_PARAM')
        setMapError(requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS));
      else if (info.kind === 'business' && (info.field === 'version' || info.field === 'file'))
        form.setFields([{ name: info.field, errors: [requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS)] }]);
      else fail(e);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (r: SourceMapRow) => {
    try {
      await deleteSourceMap({ app_id: r.app_id, version: r.version, file: r.file }, { skipErrorHandler: true });
      toast(t('statError.sourceMaps.deleted'), 'success');
      list.refresh();
      onChanged();
    } catch (e) {
      fail(e);
    }
  };

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="source-maps-open">
        {t('statError.sourceMaps.open')}
      </Button>
      <Modal open={open} title={t('statError.sourceMaps.title', { app: appName })} onCancel={() => setOpen(false)} footer={null} width={760} destroyOnHidden>
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t('statError.sourceMaps.intro')}</Typography.Text>
          <Form<Values> form={form} layout="vertical" initialValues={{ version: defaultVersion ?? '', file: defaultFile ?? '' }} onFinish={submit} requiredMark>
            <Flex gap={12} wrap>
              <Form.Item
                name="version"
                label={t('statError.sourceMaps.version')}
                extra={t('statError.sourceMaps.versionHint')}
                rules={[{ required: true, whitespace: true, message: t('statError.sourceMaps.required') }, { max: 32 }]}
                style={{ flex: '1 1 200px' }}
              >
                <AutoComplete options={versions.map((v) => ({ value: v }))} />
              </Form.Item>
              <Form.Item
                name="file"
                label={t('statError.sourceMaps.file')}
                extra={t('statError.sourceMaps.fileHint')}
                rules={[{ required: true, whitespace: true, message: t('statError.sourceMaps.required') }, { max: 255 }]}
                style={{ flex: '1 1 260px' }}
              >
                <Input />
              </Form.Item>
            </Flex>
            <Form.Item label={t('statError.sourceMaps.map')} required validateStatus={mapError ? 'error' : undefined} help={mapError ?? map?.name}>
              <Upload
                accept=".map,.json,application/json"
                maxCount={1}
                showUploadList={false}
                beforeUpload={async (file) => {
                  const text = await file.text();
                  setMap({ name: file.name, text });
                  setMapError(null);
                  // the map names its script: fill the file name in when it is still empty
                  if (!form.getFieldValue('file')) {
                    let named = '';
                    try {
                      named = String((JSON.parse(text) as { file?: unknown }).file ?? '');
                    } catch {
                      named = '';
                    }
                    form.setFieldValue('file', (named || file.name.replace(/\.map$/, '')).split('/').pop());
                  }
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>{t('statError.sourceMaps.pick')}</Button>
              </Upload>
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="source-map-submit">
              {t('statError.sourceMaps.upload')}
            </Button>
          </Form>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('statError.sourceMaps.list')}
          </Typography.Title>
          <Table<SourceMapRow>
            size="small"
            rowKey={(r) => `${r.version}\n${r.file}`}
            loading={list.loading}
            dataSource={list.data ?? []}
            pagination={false}
            locale={{ emptyText: t('statError.sourceMaps.empty') }}
            data-testid="source-map-list"
            columns={[
              { title: t('statError.sourceMaps.version'), dataIndex: 'version' },
              { title: t('statError.sourceMaps.file'), dataIndex: 'file' },
              { title: t('statError.sourceMaps.size'), dataIndex: 'size', render: (n: number) => sizeOf(n) },
              { title: t('statError.sourceMaps.uploadedAt'), dataIndex: 'created_at', render: (v: string) => formatTime(v) },
              {
                title: '',
                key: 'actions',
                render: (_: unknown, r) => (
                  <Popconfirm title={t('statError.sourceMaps.deleteConfirm', { file: r.file, version: r.version })} onConfirm={() => remove(r)}>
                    <Button type="link" danger icon={<DeleteOutlined />} aria-label={`${t('statError.sourceMaps.delete')} ${r.file}`}>
                      {t('statError.sourceMaps.delete')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </Flex>
      </Modal>
    </>
  );
}
