/**
 * Article categories: icon, name, description, sort, articles (opens the article list of the
 * category), created. A category that still holds articles cannot be deleted (the server says so).
 */
import { ReadOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { useMemo } from 'react';
import { RULES } from '../../../../../../shared/permissions';
import { dateColumn, textColumn, type ResourceColumn } from '../../../../../components/admin/columns';
import { IconPreview } from '../../../../../components/admin/IconPicker';
import ResourceList from '../../../../../components/admin/ResourceList';
import { categoryResource, type CategoryRow } from '../../../../../services/cms';
import { withQuery } from '../../../../../services/query-string';
import { useT } from '../../../../../shared/i18n';
import '../../../messages';

const ACCESS = { create: RULES.manageContent, update: RULES.manageContent, delete: RULES.manageContent };

export default function CategoryList() {
  const t = useT();
  const columns = useMemo<ResourceColumn<CategoryRow>[]>(
    () => [
      { title: t('cms.category.icon'), dataIndex: 'icon', key: 'icon', width: 70, render: (_, r) => (r.icon ? <IconPreview name={r.icon} /> : '-') },
      textColumn(t('cms.category.name'), 'name', { sorter: true, minWidth: 150 }),
      textColumn(t('cms.category.description'), 'description', { minWidth: 150 }),
      { title: t('cms.category.sort'), dataIndex: 'sort', key: 'sort', sorter: true, width: 90, align: 'right', render: (_, r) => r.sort },
      {
        title: t('cms.category.articles'),
        dataIndex: 'article_count',
        key: 'article_count',
        sorter: true,
        width: 110,
        align: 'right',
        render: (_, r) => r.article_count,
      },
      dateColumn(t, t('cms.category.createDate'), 'create_date', { sorter: true, rangeFilter: true, hidden: true }),
    ],
    [t],
  );
  return (
    <ResourceList
      resource={categoryResource}
      title="route.cms.categoryList"
      columns={columns}
      searchPlaceholder={t('cms.category.search')}
      access={ACCESS}
      addPath="/uni_modules/uni-cms/pages/categories/add/add"
      addLabel={t('cms.category.add')}
      editPath={(r) => withQuery('/uni_modules/uni-cms/pages/categories/edit/edit', { id: r.id })}
      canDeleteRow={(r) => (r.article_count > 0 ? t('cms.category.notEmpty', { count: r.article_count }) : true)}
      rowActions={(r) => [
        <Link
          key="articles"
          to={withQuery('/uni_modules/uni-cms/pages/article/list/list', { category_id: r.id })}
          aria-label={`${t('cms.category.articles')} ${r.name}`}
        >
          <ReadOutlined /> {t('cms.category.articles')}
        </Link>,
      ]}
    />
  );
}
