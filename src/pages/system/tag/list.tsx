/** User tags: id, name, description, members, created; "Members" opens the user list of the tag. */
import { TeamOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { useMemo } from 'react';
import { dateColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { COLLECTION, type TagRow } from '../../../services/system';
import { useT } from '../../../shared/i18n';

const C = COLLECTION.tags;
export const membersPath = (tagid: string) => `/pages/system/user/list?tagid=${encodeURIComponent(tagid)}`;

export default function TagList() {
  const t = useT();
  const columns = useMemo<ResourceColumn<TagRow>[]>(
    () => [
      textColumn(t('system.tag.id'), 'tagid', { sorter: true, code: true }),
      textColumn(t('system.tag.name'), 'name', { sorter: true }),
      textColumn(t('system.field.description'), 'description', { ellipsis: true, width: 260 }),
      { title: t('system.tag.members'), dataIndex: 'user_count', key: 'user_count', width: 100, render: (_, r) => r.user_count },
      dateColumn(t, t('system.field.createDate'), 'create_date', { sorter: true, rangeFilter: true }),
    ],
    [t],
  );
  return (
    <ResourceList
      resource="tags"
      title="route.system.tag.list"
      columns={columns}
      searchPlaceholder={t('system.tag.search')}
      access={{ create: `CREATE_${C}`, update: `UPDATE_${C}`, delete: `DELETE_${C}` }}
      addPath="/pages/system/tag/add"
      editPath={(r) => `/pages/system/tag/edit?id=${encodeURIComponent(r.tagid)}`}
      rowLabel={(r) => r.name || r.tagid}
      rowActions={(r) => [
        <Link key="members" to={membersPath(r.tagid)} aria-label={`${t('system.tag.membersAction')} ${r.name || r.tagid}`}>
          <TeamOutlined /> {t('system.tag.membersAction')}
        </Link>,
      ]}
    />
  );
}
