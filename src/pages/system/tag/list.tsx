/** User tags: id, name, description, members, created; "Members" opens the user list of the tag. */
import { TeamOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { useMemo } from 'react';
import { RULES } from '../../../../shared/permissions';
import { dateColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { withQuery } from '../../../services/query-string';
import { tagResource, type TagRow } from '../../../services/system';
import { useT } from '../../../shared/i18n';

export const membersPath = (tagid: string) => withQuery('/pages/system/user/list', { tagid });

export default function TagList() {
  const t = useT();
  const columns = useMemo<ResourceColumn<TagRow>[]>(
    () => [
      textColumn(t('system.tag.id'), 'tagid', { sorter: true, code: true, minWidth: 120 }),
      textColumn(t('system.tag.name'), 'name', { sorter: true, minWidth: 120 }),
      textColumn(t('system.field.description'), 'description', { minWidth: 120 }),
      { title: t('system.tag.members'), dataIndex: 'user_count', key: 'user_count', width: 100, render: (_, r) => r.user_count },
      dateColumn(t, t('system.field.createDate'), 'create_date', { sorter: true, rangeFilter: true }),
    ],
    [t],
  );
  return (
    <ResourceList
      resource={tagResource}
      title="route.system.tag.list"
      columns={columns}
      searchPlaceholder={t('system.tag.search')}
      access={RULES.tags}
      addPath="/pages/system/tag/add"
      editPath={(r) => withQuery('/pages/system/tag/edit', { id: r.tagid })}
      rowActions={(r) => [
        <Link key="members" to={membersPath(r.tagid)} aria-label={`${t('system.tag.membersAction')} ${tagResource.nameOf(r)}`}>
          <TeamOutlined /> {t('system.tag.membersAction')}
        </Link>,
      ]}
    />
  );
}
