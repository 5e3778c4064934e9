/**
 * The rewarded-ad settings form (finance settings page): credits per rewarded view, the daily cap
 * per user, the ad page (under an origin of AD_PAGE_ALLOW); says when AD_CALLBACK_SECRET is missing.
 */
import './i18n';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Form, Input, InputNumber, Skeleton } from 'antd';
import { useState } from 'react';
import { AD_BOUNDS } from '../../../shared/ads';
import { getAdSettings, putAdSettings, type AdSettingsBody } from '../../services/redeem';
import { toast } from '../../shared/feedback';
import { applyServerError } from '../../shared/form-errors';
import { useT } from '../../shared/i18n';

const underOrigins = (url: string, origins: string[]) => {
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
};

export default function AdSettings() {
  const t = useT();
  const [form] = Form.useForm<Required<AdSettingsBody>>();
  const settings = useRequest(() => getAdSettings());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (v: Required<AdSettingsBody>) => {
    setSaving(true);
    setError(null);
    try {
      const next = await putAdSettings({ ...v, page_url: v.page_url?.trim() ?? '' }, { skipErrorHandler: true });
      settings.mutate(next);
      toast(t('redeem.adSettings.saved'), 'success');
    } catch (e) {
      setError(applyServerError(form, e, ['credits_per_view', 'daily_cap', 'page_url']));
    } finally {
      setSaving(false);
    }
  };

  const origins = settings.data?.page_allow ?? [];
  return (
    <Card title={t('redeem.adSettings.title')}>
      {!settings.data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" initialValues={settings.data} onFinish={save} style={{ maxWidth: 560 }}>
          {!settings.data.secret_set && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('redeem.adSettings.noSecret')} />}
          {(['credits_per_view', 'daily_cap'] as const).map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(field === 'daily_cap' ? 'redeem.adSettings.dailyCap' : 'redeem.adSettings.creditsPerView')}
              rules={[{ required: true, type: 'integer', ...AD_BOUNDS[field], message: t('redeem.batch.range', AD_BOUNDS[field]) }]}
            >
              <InputNumber {...AD_BOUNDS[field]} precision={0} style={{ width: 200 }} />
            </Form.Item>
          ))}
          <Form.Item
            name="page_url"
            label={t('redeem.adSettings.pageUrl')}
            extra={origins.length ? t('redeem.adSettings.pageHint', { origins: origins.join(', ') }) : t('redeem.adSettings.noOrigins')}
            rules={[
              {
                validator: (_, v?: string) =>
                  !v?.trim() || underOrigins(v.trim(), origins) ? Promise.resolve() : Promise.reject(new Error(t('redeem.adSettings.pageRefused'))),
              },
            ]}
          >
            <Input maxLength={2000} placeholder="https://" />
          </Form.Item>
          {error && <Alert type="error" message={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('redeem.adSettings.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
