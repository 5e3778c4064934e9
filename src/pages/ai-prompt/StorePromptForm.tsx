/** Add / edit a store prompt (curation): staff prompts go into the store at once; the body's variables are checked as it is typed. */
import { ProFormDependency, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Tag, Typography } from 'antd';
import ResourceForm, { type FormMode } from '../../components/admin/ResourceForm';
import { maxText, requiredText } from '../../components/admin/rules';
import { RULES } from '../../../shared/permissions';
import { parseVariables, TemplateSyntaxError } from '../../../shared/prompt-template';
import { storePromptResource } from '../../services/prompt-store';
import { useT, type Translate } from '../../shared/i18n';
import '../assistant/prompts/messages';
import '../assistant/prompts-store/messages';

const ACCESS = { create: RULES.manageContent, update: RULES.manageContent };
const SYNTAX = '{{name}}  {{tone:select:formal|casual}}  {{length:number}}  {{text:textarea}}';

interface Values extends Record<string, unknown> {
  title: string;
  description?: string | null;
  body: string;
  category?: string | null;
  tags?: string[];
  featured?: boolean;
}

/** the body's template error as a form rule's message */
const bodyRule = (t: Translate) => ({
  validator: async (_: unknown, v: string | undefined) => {
    try {
      parseVariables(v ?? '');
    } catch (e) {
      if (e instanceof TemplateSyntaxError) throw new Error(t('store.form.syntaxError', { reason: t(`prompts.reason.${e.reason}`), position: e.position }));
      throw e;
    }
  },
});

export default function StorePromptForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  return (
    <ResourceForm<typeof storePromptResource, Values>
      resource={storePromptResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.aiPrompt.add', edit: 'route.aiPrompt.edit' }}
      listPath="/pages/ai-prompt/list"
      access={ACCESS}
      initialValues={{ tags: [], featured: false }}
      toValues={(r) => ({ title: r.title, description: r.description, body: r.body, category: r.category, tags: r.tags, featured: r.featured })}
      toBody={(v) => ({
        title: v.title.trim(),
        description: v.description?.trim() || null,
        body: v.body,
        category: v.category?.trim() || null,
        tags: v.tags ?? [],
        featured: !!v.featured,
      })}
      notice={mode === 'add' ? <Typography.Text type="secondary">{t('store.form.addNotice')}</Typography.Text> : undefined}
    >
      {({ row }) => (
        <>
          {row ? (
            <Typography.Paragraph>
              <Tag>{t(`store.status.${row.status}`)}</Tag>
              {row.reason ? <Typography.Text type="secondary">{t('store.form.reason', { reason: row.reason })}</Typography.Text> : null}
            </Typography.Paragraph>
          ) : null}
          <ProFormText name="title" label={t('store.field.title')} rules={requiredText(t, t('store.field.title'), 100)} fieldProps={{ maxLength: 100 }} />
          <ProFormTextArea
            name="description"
            label={t('store.field.description')}
            rules={maxText(t, t('store.field.description'), 1000)}
            fieldProps={{ maxLength: 1000, showCount: true, autoSize: { minRows: 2, maxRows: 4 } }}
          />
          <ProFormTextArea
            name="body"
            label={t('store.field.body')}
            extra={t('store.form.syntax', { example: SYNTAX })}
            rules={[...requiredText(t, t('store.field.body'), 20000), bodyRule(t)]}
            fieldProps={{ maxLength: 20000, autoSize: { minRows: 6, maxRows: 18 } }}
          />
          <ProFormDependency name={['body']}>
            {({ body }) => {
              let names: string[] = [];
              try {
                names = parseVariables(body ?? '').map((v) => v.name);
              } catch {
                names = [];
              }
              return names.length ? (
                <Typography.Paragraph type="secondary">
                  {t('store.form.variables')}{' '}
                  {names.map((n) => (
                    <Tag key={n}>{n}</Tag>
                  ))}
                </Typography.Paragraph>
              ) : null;
            }}
          </ProFormDependency>
          <ProFormText name="category" label={t('store.field.category')} rules={maxText(t, t('store.field.category'), 50)} fieldProps={{ maxLength: 50 }} />
          <ProFormSelect name="tags" label={t('store.field.tags')} mode="tags" fieldProps={{ maxCount: 20, tokenSeparators: [','] }} />
          <ProFormSwitch name="featured" label={t('store.field.featured')} />
        </>
      )}
    </ResourceForm>
  );
}
