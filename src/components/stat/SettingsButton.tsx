/**
 * The statistics settings (MANAGE_UNI_STAT): a gear on the stats pages' filter bar opening a form
 * for the reporting switch, the time zone days are counted in, the apps' report interval, how long
 * raw records are kept and the per-app rate limit. Hidden from everyone else; a value the server
 * refuses shows on its field.
 */
import './admin-i18n';
import { SettingOutlined } from '@ant-design/icons';
import { ModalForm, ProFormDigit, ProFormSelect, ProFormSwitch } from '@ant-design/pro-components';
import { Alert, Button, Form, Tooltip } from 'antd';
import { useState } from 'react';
import { RULES } from '../../../shared/permissions';
import { DAY_ZONE_MAX_MINUTES, DAY_ZONE_MIN_MINUTES, dayZoneLabel } from '../../../shared/day-zone';
import { api } from '../../services/client';
import type { Body, Data } from '../../services/resource';
import type { RequestOptions } from '../../services/request-layer';
import { toast } from '../../shared/feedback';
import { applyServerError } from '../../shared/form-errors';
import { useT } from '../../shared/i18n';
import { useCan } from '../admin/access';

type StatSettings = Data<'/api/stat/settings', 'get'>;
type StatSettingsBody = Body<'/api/stat/settings', 'put'>;

const getSettings = (opts?: RequestOptions) => api.get('/api/stat/settings', opts);
const putSettings = (body: StatSettingsBody, opts?: RequestOptions) => api.put('/api/stat/settings', body, opts);

const FIELDS = ['enabled', 'tz_offset_minutes', 'report_interval_s', 'raw_retention_days', 'rate_limit_per_minute'] as const;
/** the server's bounds (server/modules/stats/settings.ts) */
const BOUNDS = { report_interval_s: [1, 3600], raw_retention_days: [7, 3660], rate_limit_per_minute: [1, 100_000_000] } as const;
/** whole-hour UTC offsets, UTC-12 to UTC+14 */
const ZONES = Array.from({ length: (DAY_ZONE_MAX_MINUTES - DAY_ZONE_MIN_MINUTES) / 60 + 1 }, (_, i) => DAY_ZONE_MIN_MINUTES + i * 60);

export default function SettingsButton({ onSaved }: { onSaved?: (s: StatSettings) => void }) {
  const t = useT();
  const can = useCan();
  const [form] = Form.useForm<StatSettings>();
  const [error, setError] = useState<string | null>(null);
  if (!can(RULES.manageStats)) return null;

  const digit = (name: keyof typeof BOUNDS, label: string) => {
    const [min, max] = BOUNDS[name];
    return (
      <ProFormDigit
        name={name}
        label={t(`stat.settings.${label}`)}
        extra={t(`stat.settings.${label}Hint`)}
        min={min}
        max={max}
        fieldProps={{ precision: 0, style: { width: 200 } }}
        rules={[{ required: true, type: 'integer', min, max, message: t('stat.settings.range', { min, max }) }]}
      />
    );
  };

  return (
    <ModalForm<StatSettings>
      title={t('stat.settings.title')}
      form={form}
      width={520}
      modalProps={{ destroyOnClose: true, okText: t('stat.settings.save') }}
      trigger={
        <Tooltip title={t('stat.settings.open')}>
          <Button icon={<SettingOutlined />} aria-label={t('stat.settings.open')} data-testid="stat-settings-button" />
        </Tooltip>
      }
      onOpenChange={(open) => open && setError(null)}
      request={async () => {
        try {
          return await getSettings({ skipErrorHandler: true });
        } catch (e) {
          setError(t('stat.settings.loadFailed'));
          throw e;
        }
      }}
      onFinish={async (values) => {
        setError(null);
        try {
          const saved = await putSettings(values, { skipErrorHandler: true });
          toast(t('stat.settings.saved'), 'success');
          onSaved?.(saved);
          return true;
        } catch (e) {
          setError(applyServerError(form, e, FIELDS));
          return false;
        }
      }}
    >
      {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} /> : null}
      <ProFormSwitch name="enabled" label={t('stat.settings.enabled')} extra={t('stat.settings.enabledHint')} />
      <ProFormSelect
        name="tz_offset_minutes"
        label={t('stat.settings.tz')}
        extra={t('stat.settings.tzHint')}
        rules={[{ required: true }]}
        options={ZONES.map((z) => ({ value: z, label: dayZoneLabel(z) }))}
        fieldProps={{ style: { width: 200 }, showSearch: true, optionFilterProp: 'label' }}
      />
      {digit('report_interval_s', 'reportInterval')}
      {digit('raw_retention_days', 'retention')}
      {digit('rate_limit_per_minute', 'rateLimit')}
    </ModalForm>
  );
}
