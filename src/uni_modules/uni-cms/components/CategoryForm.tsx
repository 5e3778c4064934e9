/** Add / edit an article category: name, description, icon and sort order (smaller first). */
import { ProForm, ProFormDigit, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { RULES } from '../../../../shared/permissions';
import IconPicker from '../../../components/admin/IconPicker';
import ResourceForm, { type FormMode } from '../../../components/admin/ResourceForm';
import { integerRule, maxText, requiredText } from '../../../components/admin/rules';
import { ARTICLE_LIMITS, categoryResource } from '../../../services/cms';
import { useT } from '../../../shared/i18n';
import '../messages';

const ACCESS = { create: RULES.manageContent, update: RULES.manageContent };

interface Values extends Record<string, unknown> {
  name: string;
  description?: string | null;
  icon?: string | null;
  sort?: number;
}

export default function CategoryForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  return (
    <ResourceForm<typeof categoryResource, Values>
      resource={categoryResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.cms.categoryAdd', edit: 'route.cms.categoryEdit' }}
      listPath="/uni_modules/uni-cms/pages/categories/list/list"
      access={ACCESS}
      initialValues={{ sort: 0 }}
      toValues={(r) => ({ name: r.name, description: r.description, icon: r.icon, sort: r.sort })}
      toBody={(v) => ({ name: v.name.trim(), description: v.description?.trim() || null, icon: v.icon?.trim() || null, sort: v.sort ?? 0 })}
    >
      {() => (
        <>
          <ProFormText
            name="name"
            label={t('cms.category.name')}
            rules={requiredText(t, t('cms.category.name'), ARTICLE_LIMITS.NAME)}
            fieldProps={{ maxLength: ARTICLE_LIMITS.NAME }}
          />
          <ProFormTextArea
            name="description"
            label={t('cms.category.description')}
            rules={maxText(t, t('cms.category.description'), ARTICLE_LIMITS.DESCRIPTION)}
            fieldProps={{ maxLength: ARTICLE_LIMITS.DESCRIPTION, showCount: true }}
          />
          <ProForm.Item name="icon" label={t('cms.category.icon')} rules={maxText(t, t('cms.category.icon'), 500)}>
            <IconPicker />
          </ProForm.Item>
          <ProFormDigit
            name="sort"
            label={t('cms.category.sort')}
            extra={t('cms.category.sortHint')}
            rules={[integerRule(t, t('cms.category.sort'), -1_000_000, 1_000_000)]}
            fieldProps={{ precision: 0, min: -1_000_000, max: 1_000_000 }}
          />
        </>
      )}
    </ResourceForm>
  );
}
