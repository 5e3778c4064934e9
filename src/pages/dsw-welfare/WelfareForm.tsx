/**
 * Add / edit a welfare campaign: title, description, credits per claim, who may claim (everyone,
 * roles, tags, new users within N days, real-name verified), how often, the window, the budget
 * (never below what was given: the server says so on the field) and whether it is on.
 */
import {
  ProForm,
  ProFormDateTimeRangePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Col, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { RULES } from '../../../shared/permissions';
import ResourceForm, { type FormMode } from '../../components/admin/ResourceForm';
import ResourceSelect from '../../components/admin/ResourceSelect';
import { integerRule, maxText, requiredText } from '../../components/admin/rules';
import '../../components/welfare/i18n';
import { ELIGIBILITY, eligibilityRoles, eligibilityTags, FREQUENCY, WELFARE, welfareResource } from '../../services/welfare';
import { useDayZone } from '../../shared/day-zone';
import { useT, type Translate } from '../../shared/i18n';

type Eligibility = (typeof ELIGIBILITY)[number];
type Frequency = (typeof FREQUENCY)[number];

interface Values extends Record<string, unknown> {
  title: string;
  description?: string | null;
  credits: number;
  eligibility: Eligibility;
  eligibility_values?: string[];
  new_user_days?: number | null;
  frequency: Frequency;
  /** ProForm may hand dates back as text: dayjs reads both */
  window: [Dayjs | string, Dayjs | string];
  budget: number;
  enabled: boolean;
}

const required = (t: Translate, label: string) => ({ required: true, message: t('system.rule.required', { field: label }) });

export default function WelfareForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  // daily and weekly periods count in the service's configured zone, not the browser's or UTC
  const zone = useDayZone();
  const label = (k: string) => t(`welfare.field.${k}`);
  return (
    <ResourceForm<typeof welfareResource, Values>
      resource={welfareResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.welfare.add', edit: 'route.welfare.edit' }}
      listPath="/pages/dsw-welfare/list"
      access={{ create: RULES.manageWelfare, update: RULES.manageWelfare }}
      initialValues={{
        eligibility: 'everyone',
        frequency: 'once',
        enabled: true,
        credits: 10,
        budget: 1000,
        window: [dayjs().startOf('minute'), dayjs().add(30, 'day').endOf('day')],
      }}
      toValues={(r) => ({ ...r, window: [dayjs(r.starts_at), dayjs(r.ends_at)] })}
      fieldAliases={{ starts_at: 'window', ends_at: 'window' }}
      toBody={(v) => ({
        title: v.title.trim(),
        description: v.description?.trim() || null,
        credits: v.credits,
        eligibility: v.eligibility,
        eligibility_values: v.eligibility === 'roles' || v.eligibility === 'tags' ? (v.eligibility_values ?? []) : [],
        new_user_days: v.eligibility === 'new_users' ? (v.new_user_days ?? null) : null,
        frequency: v.frequency,
        starts_at: dayjs(v.window[0]).toISOString(),
        ends_at: dayjs(v.window[1]).toISOString(),
        budget: v.budget,
        enabled: v.enabled,
      })}
    >
      {({ row, form }) => (
        <>
          <ProFormText name="title" label={label('title')} rules={requiredText(t, label('title'), 100)} fieldProps={{ maxLength: 100 }} />
          <ProFormTextArea
            name="description"
            label={label('description')}
            rules={maxText(t, label('description'), 1000)}
            fieldProps={{ maxLength: 1000, showCount: true, rows: 2 }}
          />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <ProFormDigit
                name="credits"
                label={label('credits')}
                extra={t('welfare.form.creditsHint')}
                rules={[required(t, label('credits')), integerRule(t, label('credits'), 1, WELFARE.CREDITS_MAX)]}
                fieldProps={{ precision: 0, min: 1, max: WELFARE.CREDITS_MAX }}
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormDependency name={['credits']}>
                {({ credits }) => (
                  <ProFormDigit
                    name="budget"
                    label={label('budget')}
                    extra={row ? t('welfare.form.budgetUsed', { used: row.used }) : t('welfare.form.budgetHint')}
                    rules={[required(t, label('budget')), integerRule(t, label('budget'), Math.max(1, Number(credits) || 1), WELFARE.BUDGET_MAX)]}
                    fieldProps={{ precision: 0, min: 1, max: WELFARE.BUDGET_MAX }}
                  />
                )}
              </ProFormDependency>
            </Col>
          </Row>
          <ProFormRadio.Group
            name="eligibility"
            label={label('eligibility')}
            radioType="button"
            options={ELIGIBILITY.map((e) => ({ label: t(`welfare.eligibility.${e}`), value: e }))}
            fieldProps={{ onChange: () => form.setFieldsValue({ eligibility_values: [] }) }}
          />
          <ProFormDependency name={['eligibility']}>
            {({ eligibility }) =>
              eligibility === 'roles' || eligibility === 'tags' ? (
                <ProForm.Item
                  name="eligibility_values"
                  label={label(eligibility === 'roles' ? 'roles' : 'tags')}
                  rules={[{ required: true, type: 'array', min: 1, message: t('welfare.form.valuesRequired') }]}
                >
                  {eligibility === 'roles' ? (
                    <ResourceSelect resource={eligibilityRoles} mode="multiple" placeholder={t('welfare.form.pickRoles')} />
                  ) : (
                    <ResourceSelect resource={eligibilityTags} mode="multiple" placeholder={t('welfare.form.pickTags')} />
                  )}
                </ProForm.Item>
              ) : eligibility === 'new_users' ? (
                <ProFormDigit
                  name="new_user_days"
                  label={label('newUserDays')}
                  extra={t('welfare.form.newUserDaysHint')}
                  rules={[required(t, label('newUserDays')), integerRule(t, label('newUserDays'), 1, WELFARE.NEW_USER_DAYS_MAX)]}
                  fieldProps={{ precision: 0, min: 1, max: WELFARE.NEW_USER_DAYS_MAX }}
                />
              ) : eligibility === 'realname' ? (
                <ProForm.Item>
                  <span>{t('welfare.form.realnameHint')}</span>
                </ProForm.Item>
              ) : null
            }
          </ProFormDependency>
          <ProFormRadio.Group
            name="frequency"
            label={label('frequency')}
            radioType="button"
            extra={t('welfare.form.periodHint', { zone: zone.label })}
            options={FREQUENCY.map((f) => ({ label: t(`welfare.frequency.${f}`), value: f }))}
          />
          <ProFormDateTimeRangePicker
            name="window"
            label={label('window')}
            rules={[
              { required: true, message: t('welfare.form.windowRequired') },
              {
                validator: async (_, v?: [Dayjs | string, Dayjs | string]) => {
                  if (v?.[0] && v?.[1] && !dayjs(v[1]).isAfter(dayjs(v[0]))) throw new Error(t('welfare.form.windowOrder'));
                },
              },
            ]}
            fieldProps={{ style: { width: '100%' } }}
          />
          <ProFormSwitch name="enabled" label={label('enabled')} />
        </>
      )}
    </ResourceForm>
  );
}
