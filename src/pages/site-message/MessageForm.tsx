/**
 * Write / edit a site message: title, markdown body with a live preview (rendered without raw
 * HTML), the audience (everyone, roles, tags or chosen users, picked from the system area's lists
 * narrowed to id and name) and when it goes out (a draft, now, or at a date and time; editing
 * keeps the time unless changed).
 */
import { ProFormDependency, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Card, DatePicker, Flex, Form, Grid, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import Markdown from '../../components/markdown/Markdown';
import { RULES } from '../../../shared/permissions';
import ResourceForm, { type FormMode } from '../../components/admin/ResourceForm';
import ResourceSelect from '../../components/admin/ResourceSelect';
import { requiredText } from '../../components/admin/rules';
import { audienceRoles, audienceTags, audienceUsers, AUDIENCES, siteMessageResource, type Audience } from '../../services/messages';
import { useT } from '../../shared/i18n';
import './messages';

const ACCESS = { create: RULES.manageMessages, update: RULES.manageMessages };
const LIMITS = { TITLE: 200, BODY: 20_000 };
/** keep: an edit leaves the publishing time as it is */
type Publish = 'keep' | 'draft' | 'now' | 'at';

interface Values extends Record<string, unknown> {
  title: string;
  body: string;
  audience: Audience;
  audience_ids?: string[];
  publish: Publish;
  publish_at?: Dayjs | null;
}

/**
 * The body's help line: the Markdown hint and the counter side by side, wrapping onto two lines
 * when narrow. antd's own counter (showCount) sits absolutely over the help text instead.
 */
function BodyHelp() {
  const t = useT();
  const body = Form.useWatch('body', Form.useFormInstance()) as string | undefined;
  return (
    <Flex justify="space-between" gap={8} wrap="wrap">
      <span>{t('msg.form.bodyHint')}</span>
      {/* counted as the maxLength below counts (UTF-16 units), so it stops at the limit */}
      <span data-testid="body-count" style={{ marginInlineStart: 'auto', fontVariantNumeric: 'tabular-nums' }}>
        {(body ?? '').length} / {LIMITS.BODY}
      </span>
    </Flex>
  );
}

export default function MessageForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  // below antd's sm breakpoint four audience buttons do not fit one line: a stacked list instead
  const narrow = Grid.useBreakpoint().sm === false;
  const publishOptions = (mode === 'edit' ? (['keep', 'draft', 'now', 'at'] as const) : (['draft', 'now', 'at'] as const)).map((p) => ({
    value: p,
    label: t(`msg.publish.${p}`),
  }));
  return (
    <ResourceForm<typeof siteMessageResource, Values>
      resource={siteMessageResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.siteMessage.add', edit: 'route.siteMessage.edit' }}
      listPath="/pages/site-message/list"
      access={ACCESS}
      initialValues={{ audience: 'everyone', audience_ids: [], publish: 'now' }}
      toValues={(r) => ({
        title: r.title,
        body: r.body,
        audience: r.audience as Audience,
        audience_ids: r.audience_ids,
        publish: 'keep',
        publish_at: r.publish_at ? dayjs(r.publish_at) : null,
      })}
      toBody={(v) => ({
        title: v.title.trim(),
        body: v.body,
        audience: v.audience,
        audience_ids: v.audience === 'everyone' ? [] : (v.audience_ids ?? []),
        ...(v.publish === 'keep' ? {} : { publish: v.publish }),
        ...(v.publish === 'at' && v.publish_at ? { publish_at: dayjs(v.publish_at).toISOString() } : {}),
      })}
    >
      {({ row }) => (
        <>
          <ProFormText
            name="title"
            label={t('msg.field.title')}
            rules={requiredText(t, t('msg.field.title'), LIMITS.TITLE)}
            fieldProps={{ maxLength: LIMITS.TITLE }}
          />
          <ProFormTextArea
            name="body"
            label={t('msg.field.body')}
            extra={<BodyHelp />}
            rules={requiredText(t, t('msg.field.body'), LIMITS.BODY)}
            fieldProps={{ autoSize: { minRows: 6, maxRows: 20 }, maxLength: LIMITS.BODY }}
          />
          <ProFormDependency name={['body']}>
            {({ body }) =>
              body?.trim() ? (
                <Card size="small" title={t('msg.form.preview')} style={{ marginBottom: 24 }} data-testid="message-preview">
                  <Markdown text={body} />
                </Card>
              ) : null
            }
          </ProFormDependency>
          <ProFormRadio.Group
            name="audience"
            label={t('msg.field.audience')}
            radioType={narrow ? 'radio' : 'button'}
            layout={narrow ? 'vertical' : 'horizontal'}
            options={AUDIENCES.map((a) => ({ value: a, label: t(`msg.audience.${a}`) }))}
          />
          <ProFormDependency name={['audience']}>
            {({ audience }) =>
              audience && audience !== 'everyone' ? (
                <Form.Item
                  name="audience_ids"
                  label={t(`msg.pick.${audience}`)}
                  rules={[{ required: true, type: 'array', min: 1, message: t('msg.pick.required') }]}
                >
                  {audience === 'roles' ? (
                    <ResourceSelect key="roles" resource={audienceRoles} mode="multiple" placeholder={t('msg.pick.roles')} />
                  ) : audience === 'tags' ? (
                    <ResourceSelect key="tags" resource={audienceTags} mode="multiple" placeholder={t('msg.pick.tags')} />
                  ) : (
                    <ResourceSelect key="users" resource={audienceUsers} mode="multiple" placeholder={t('msg.pick.users')} />
                  )}
                </Form.Item>
              ) : null
            }
          </ProFormDependency>
          <ProFormRadio.Group name="publish" label={t('msg.field.publish')} options={publishOptions} />
          {row && mode === 'edit' ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
              {t(`msg.status.${row.status}`)}
              {row.publish_at ? ` · ${dayjs(row.publish_at).format('YYYY-MM-DD HH:mm')}` : ''}
            </Typography.Paragraph>
          ) : null}
          <ProFormDependency name={['publish']}>
            {({ publish }) =>
              publish === 'at' ? (
                <Form.Item name="publish_at" label={t('msg.field.publishAt')} rules={[{ required: true, message: t('msg.form.publishAtRequired') }]}>
                  <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
                </Form.Item>
              ) : null
            }
          </ProFormDependency>
        </>
      )}
    </ResourceForm>
  );
}
