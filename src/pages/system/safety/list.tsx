/**
 * User logs (safety/list): user, nickname, type, result, IP, user agent, time; search on
 * username, nickname, type and IP; newest first; needs READ_UNI_ID_LOG (route and server).
 */
import { useMemo } from 'react';
import { CellLink, CellText, dateColumn, statusColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { useCan } from '../../../components/admin/access';
import { RULES } from '../../../../shared/permissions';
import { USER_LOG_TYPES } from '../../../../shared/user-log';
import { withQuery } from '../../../services/query-string';
import { userLogResource, type UserLogRow } from '../../../services/system';
import { hasMessage, useT } from '../../../shared/i18n';

/** the log types the server writes (reference: login, logout, register, reset-pwd, bind-mobile, ...) */

export default function UserLogList() {
  const t = useT();
  const can = useCan();
  const usersReadable = can(RULES.users.read);
  const columns = useMemo<ResourceColumn<UserLogRow>[]>(
    () => [
      {
        title: t('system.log.user'),
        dataIndex: 'username',
        key: 'username',
        minWidth: 150,
        render: (_, r) =>
          r.user_id && usersReadable ? (
            <CellLink to={withQuery('/pages/system/user/list', { id: r.user_id })} text={r.username || r.user_id} />
          ) : r.username ? (
            <CellText text={r.username} />
          ) : (
            '-'
          ),
      },
      textColumn(t('system.user.nickname'), 'nickname', { hidden: true }),
      statusColumn(
        t('system.log.type'),
        'type',
        Object.fromEntries(USER_LOG_TYPES.map((k) => [k, { text: hasMessage(`system.userLog.type.${k}`) ? t(`system.userLog.type.${k}`) : k }])),
        { filter: true, width: 140 },
      ),
      statusColumn(
        t('system.log.state'),
        'state',
        { 1: { text: t('admin.log.ok'), color: 'success' }, 0: { text: t('admin.log.failed'), color: 'error' } },
        { filter: true, width: 100 },
      ),
      textColumn(t('system.log.ip'), 'ip', { width: 140 }),
      textColumn(t('system.log.ua'), 'ua', { minWidth: 150 }),
      dateColumn(t, t('system.log.time'), 'created_at', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend', relative: true }),
    ],
    [t, usersReadable],
  );
  return (
    <ResourceList
      resource={userLogResource}
      title="route.system.safety.list"
      columns={columns}
      searchPlaceholder={t('system.log.search')}
      access={{}}
      rowLabel={(r) => `${r.username ?? ''} ${r.type}`}
    />
  );
}
