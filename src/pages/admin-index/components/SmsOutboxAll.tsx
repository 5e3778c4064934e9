/**
 * Every message of the SMS test outbox (the kit's list: searched, filtered by time, sorted,
 * paged, exported), in the modal the admin home's card opens. Its own chunk: the list kit
 * (pro-components) loads when the modal opens, not with the admin home.
 */
import { useMemo } from 'react';
import { dateColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import ResourceList from '../../../components/admin/ResourceList';
import { smsOutboxResource, type SmsOutboxRow } from '../../../services/system';
import { hasMessage, useT } from '../../../shared/i18n';

export default function SmsOutboxAll() {
  const t = useT();
  const columns = useMemo<ResourceColumn<SmsOutboxRow>[]>(
    () => [
      dateColumn<SmsOutboxRow>(t, t('admin.sms.time'), 'created_at', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend' }),
      textColumn<SmsOutboxRow>(t('admin.sms.mobile'), 'mobile', { width: 140 }),
      {
        title: t('admin.sms.scene'),
        dataIndex: 'scene',
        key: 'scene',
        width: 150,
        render: (_, r) => (hasMessage(`mail.scene.${r.scene}`) ? t(`mail.scene.${r.scene}`) : r.scene),
      },
      textColumn<SmsOutboxRow>(t('admin.sms.content'), 'content'),
    ],
    [t],
  );
  return <ResourceList resource={smsOutboxResource} columns={columns} searchPlaceholder={t('admin.sms.search')} access={{}} />;
}
