/**
 * Pickers over a kit resource (roles, permissions, tags, apps...): a searchable Select whose
 * options come from that resource's list, labelled "name (id)" by the resource. Up to 500
 * rows are loaded at once and searched in place; beyond that the typed text is searched on
 * the server.
 */
import './i18n';
import { useRequest } from 'ahooks';
import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import type { RowResource } from '../../services/resource';
import { useT } from '../../shared/i18n';

const PICKER_PAGE = 500;

/** the options of a resource (first 500 rows, "name (id)"), for pickers and column filters; names: id -> name */
export function useResourceOptions<Row>(resource: RowResource<Row>, keyword = '', ready = true) {
  const res = useRequest(() => resource.list({ current: 1, pageSize: PICKER_PAGE, keyword }, { skipErrorHandler: true }), {
    refreshDeps: [resource, keyword],
    ready,
    debounceWait: keyword ? 300 : undefined,
    // shown in the picker
    onError: () => undefined,
  });
  const rows = res.data?.data;
  const options = useMemo(() => (rows ?? []).map((r) => resource.optionOf(r)), [rows, resource]);
  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const names = useMemo(() => new Map((rows ?? []).map((r) => [resource.idOf(r), resource.nameOf(r)])), [rows, resource]);
  return { options, labels, names, loading: res.loading, error: res.error, complete: !!res.data && res.data.total <= PICKER_PAGE, reload: res.refresh };
}

export type ResourceSelectProps<Row> = Omit<SelectProps<string | string[]>, 'options'> & { resource: RowResource<Row> };

export default function ResourceSelect<Row>({ resource, ...rest }: ResourceSelectProps<Row>) {
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
