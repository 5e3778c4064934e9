/**
 * uni-portal (release page management): one button generates the app's static download page
 * (GET /api/system/apps/:appid/portal: name, icon, description, per-platform links and QR
 * codes) and downloads it as index.html; the page shows what was downloaded in a preview.
 * Without `?id=` the app is chosen first.
 */
import { CloudDownloadOutlined } from '@ant-design/icons';
import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Avatar, Button, Card, Descriptions, Empty, Flex, Form, Result, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { firstChar } from '../../../../../shared/text';
import LoadFailure from '../../../../components/LoadFailure';
import ResourceSelect from '../../../../components/admin/ResourceSelect';
import { requestErrorOf, showRequestError } from '../../../../services/request-layer';
import { saveFile } from '../../../../services/resource';
import { appResource, downloadPortal } from '../../../../services/system';
import { noticeModal, toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';
import { SPEC } from '../../../../shared/spec';
import { platformsOf, portalPath } from '../platforms';

const PAGE = '/pages/system/app/uni-portal/uni-portal';

export default function UniPortal() {
  const t = useT();
  const [params] = useSearchParams();
  const appid = params.get('id');
  const app = useRequest(() => appResource.get(appid!, { skipErrorHandler: true }), { ready: !!appid, refreshDeps: [appid], onError: () => undefined });
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ url: string; filename: string; size: number } | null>(null);

  // a new app clears the previous preview; the blob url is released with it
  useEffect(() => setPreview(null), [appid]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const generate = async () => {
    if (!appid) return;
    setBusy(true);
    try {
      const file = await downloadPortal(appid);
      saveFile(file);
      const html = new Blob([file.blob], { type: 'text/html' });
      setPreview({ url: URL.createObjectURL(html), filename: file.filename, size: file.blob.size });
      toast(t('system.portal.downloaded', { file: file.filename }), 'success');
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setBusy(false);
    }
  };

  const failure = app.error ? requestErrorOf(app.error) : null;
  const row = app.data;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1000 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('system.portal.intro')}
      </Typography.Paragraph>

      <Card>
        <Form layout="vertical">
          <Form.Item label={t('system.portal.app')} htmlFor="portal-app" style={{ maxWidth: 420, marginBottom: 0 }}>
            <ResourceSelect
              id="portal-app"
              resource={appResource}
              value={appid ?? undefined}
              allowClear={false}
              placeholder={t('system.picker.apps')}
              onChange={(v) => v && history.replace(portalPath(String(v)))}
            />
          </Form.Item>
        </Form>
      </Card>

      {!appid ? (
        <Card>
          <Empty description={t('system.portal.chooseApp')} />
        </Card>
      ) : app.loading && !row ? (
        <Card>
          <Skeleton active avatar paragraph={{ rows: 3 }} />
        </Card>
      ) : failure ? (
        failure.code === 'NOT_FOUND' ? (
          <Result
            status="404"
            title={t('system.form.notFound')}
            subTitle={appid}
            extra={<Button onClick={() => history.replace(PAGE)}>{t('system.portal.chooseOther')}</Button>}
          />
        ) : (
          <LoadFailure title={t('system.form.loadFailed')} failure={failure} onRetry={app.refresh} />
        )
      ) : row ? (
        <Card>
          <Flex gap={16} align="flex-start" wrap="wrap">
            <Avatar shape="square" size={72} src={row.icon_url || undefined} alt="">
              {firstChar(row.name)}
            </Avatar>
            <Flex vertical gap={8} style={{ flex: 1, minWidth: 240 }}>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'name', label: t('system.app.name'), children: row.name },
                  { key: 'appid', label: t('system.app.appid'), children: <Typography.Text copyable>{row.appid}</Typography.Text> },
                  { key: 'intro', label: t('system.app.introduction'), children: row.introduction || '-' },
                  {
                    key: 'platforms',
                    label: t('system.app.platforms'),
                    children: platformsOf(row).length
                      ? platformsOf(row).map((p) => <Tag key={p}>{t(`system.app.platform.${p}`)}</Tag>)
                      : t('system.portal.noPlatforms'),
                  },
                ]}
              />
              <div>
                <Button type="primary" size="large" icon={<CloudDownloadOutlined />} loading={busy} onClick={() => void generate()}>
                  {t('system.portal.generate')}
                </Button>
              </div>
            </Flex>
          </Flex>
        </Card>
      ) : null}

      {preview ? (
        <Card
          title={t('system.portal.preview', { file: preview.filename })}
          extra={<Typography.Text type="secondary">{`${Math.max(1, Math.round(preview.size / 1024))} KB`}</Typography.Text>}
        >
          <iframe
            title={t('system.portal.previewTitle')}
            src={preview.url}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            style={{ width: '100%', height: 640, border: 'none', borderRadius: 8, background: '#fff' }}
          />
        </Card>
      ) : null}
    </Flex>
  );
}
