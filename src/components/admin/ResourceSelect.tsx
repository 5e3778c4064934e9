/**
 * Pickers over another resource (roles, permissions, tags, apps, menus): a searchable Select
 * whose options come from that resource's list. Up to 500 rows are loaded at once and
 * searched in place; beyond that the typed text is searched on the server.
 */
import './i18n';
import { useRequest } from 'ahooks';
import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { listRows, type Resource, type RowOf } from '../../services/system';
import { useT } from '../../shared/i18n';

export interface Option {
  value: string;
  label: string;
}

const PICKER_PAGE = 500;

/** how each resource's rows read in a picker: "name (id)" */
export const OPTION_OF: { [R in Resource]?: (row: RowOf<R>) => Option } = {
  roles: (r) => ({ value: r.role_id, label: r.role_name && r.role_name !== r.role_id ? `${r.role_name} (${r.role_id})` : r.role_id }),
  permissions: (r) => ({
    value: r.permission_id,
    label: r.permission_name && r.permission_name !== r.permission_id ? `${r.permission_name} (${r.permission_id})` : r.permission_id,
  }),
  tags: (r) => ({ value: r.tagid, label: r.name && r.name !== r.tagid ? `${r.name} (${r.tagid})` : r.tagid }),
  apps: (r) => ({ value: r.appid, label: r.name ? `${r.name} (${r.appid})` : r.appid }),
};

/** a row's name alone (tables, chips) */
export const NAME_OF: { [R in Resource]?: (row: RowOf<R>) => [string, string] } = {
  roles: (r) => [r.role_id, r.role_name || r.role_id],
  permissions: (r) => [r.permission_id, r.permission_name || r.permission_id],
  tags: (r) => [r.tagid, r.name || r.tagid],
  apps: (r) => [r.appid, r.name || r.appid],
};

/** the options of a resource (first 500 rows), for pickers and column filters */
export function useResourceOptions<R extends Resource>(resource: R, keyword = '', ready = true) {
  const optionOf = OPTION_OF[resource] as ((row: RowOf<R>) => Option) | undefined;
  const res = useRequest(() => listRows(resource, { current: 1, pageSize: PICKER_PAGE, keyword }, { skipErrorHandler: true }), {
    refreshDeps: [resource, keyword],
    ready,
    debounceWait: keyword ? 300 : undefined,
    // shown in the picker
    onError: () => undefined,
  });
  const options = useMemo(() => (res.data?.data ?? []).map((r) => optionOf!(r as RowOf<R>)), [res.data, optionOf]);
  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const nameOf = NAME_OF[resource] as ((row: RowOf<R>) => [string, string]) | undefined;
  const names = useMemo(() => new Map((res.data?.data ?? []).map((r) => nameOf!(r as RowOf<R>))), [res.data, nameOf]);
  return { options, labels, names, loading: res.loading, error: res.error, complete: !!res.data && res.data.total <= PICKER_PAGE, reload: res.refresh };
}

export type ResourceSelectProps = Omit<SelectProps<string | string[]>, 'options'> & { resource: Resource };

export default function ResourceSelect({ resource, ...rest }: ResourceSelectProps) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const all = useResourceOptions(resource);
  // more rows than one load holds: search on the server as the user types
  const serverSearch = all.complete === false && !all.loading && !all.error;
  const searched = useResourceOptions(resource, keyword, serverSearch && !!keyword);
  const source = serverSearch && keyword ? searched : all;
  return (
    <Select
      showSearch
      allowClear
      optionFilterProp="label"
      filterOption={serverSearch ? false : undefined}
      onSearch={serverSearch ? setKeyword : undefined}
      loading={source.loading}
      notFoundContent={source.error ? t('system.picker.loadFailed') : undefined}
      options={source.options}
      {...rest}
    />
  );
}
