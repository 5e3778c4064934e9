/**
 * A report's table: a ProTable over one list report of /api/stat, searched, sorted and paged by
 * the server with the filter bar's query, "No data in this range" when empty, and a CSV export of
 * every row the current query matches. Its title reads like the stats cards' titles, and a table
 * wider than the page wraps its headers before it scrolls.
 */
import './i18n';
import { DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useStackedTable } from '../../admin/stacked';
import { Button, theme } from 'antd';
import { useRef, useState, type MutableRefObject } from 'react';
import { saveFile } from '../../../services/resource';
import type { StatQuery } from '../../../services/stat';
import { getStatList, type StatListParams, type StatListPath } from '../../../services/stat-pages';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { csvBlob, toCsv, type CsvColumn } from './csv';

/** rows per request of the export (the server's largest page) */
const EXPORT_PAGE = 500;

export interface StatListProps<Row> {
  path: StatListPath;
  query: StatQuery | null;
  columns: ProColumns<Row>[];
  rowKey: keyof Row & string;
  title: string;
  searchPlaceholder: string;
  /** the export's columns (its file is named after `exportName` and the range) */
  exportColumns: CsvColumn<Row>[];
  exportName: string;
  /** the rows of each page loaded (the page picks the row its charts show) */
  onLoad?: (rows: Row[]) => void;
  actionRef?: MutableRefObject<ActionType | undefined>;
  testId: string;
}

type Sort = Record<string, 'ascend' | 'descend' | null | undefined>;

export default function StatList<Row extends Record<string, unknown>>(props: StatListProps<Row>) {
  const t = useT();
  const { path, query } = props;
  const last = useRef<StatListParams>({});
  const [exporting, setExporting] = useState(false);
  const { token } = theme.useToken();
  // figures stay on one line; the headers take the wrapping, so ten columns fit a desktop page
  const columns = props.columns.map((c) => (c.align === 'right' && !c.onCell ? { ...c, onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }) } : c));

  // the filter arrives in the params (ProTable asks again when they change)
  const request = async (params: { current?: number; pageSize?: number; keyword?: string } & Partial<StatQuery>, sort: Sort) => {
    const { app_id, platform, channel, version, start, end } = params;
    if (!app_id || !start || !end) return { success: true, data: [], total: 0 };
    const sorted = Object.entries(sort ?? {}).find(([, o]) => o === 'ascend' || o === 'descend');
    const list: StatListParams = {
      current: params.current,
      pageSize: params.pageSize,
      keyword: params.keyword?.trim() || undefined,
      ...(sorted ? { sortField: sorted[0], sortOrder: sorted[1] as 'ascend' | 'descend' } : {}),
    };
    last.current = list;
    const r = await getStatList<Row>(path, { app_id, platform, channel, version, start, end }, list);
    return { success: true, data: r.data, total: r.total };
  };

  const exportAll = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const rows: Row[] = [];
      for (let current = 1; ; current++) {
        const page = await getStatList<Row>(path, query, { ...last.current, current, pageSize: EXPORT_PAGE });
        rows.push(...page.data);
        if (!page.data.length || rows.length >= page.total) break;
      }
      saveFile({ blob: csvBlob(toCsv(props.exportColumns, rows)), filename: `${props.exportName}-${query.start}-${query.end}.csv` });
    } catch {
      toast(t('statPage.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  // 'max-content' would keep every header on one line and push the last columns out of sight
  const stackedTable = useStackedTable(columns, { x: true });
  return (
    <div data-testid={props.testId}>
      <ProTable<Row, { current?: number; pageSize?: number; keyword?: string } & Partial<StatQuery>>
        rowKey={props.rowKey}
        // ProTable's own title is lighter than the cards' titles above it
        headerTitle={<span style={{ fontWeight: token.fontWeightStrong }}>{props.title}</span>}
        actionRef={props.actionRef}
        {...stackedTable}
        params={query ?? {}}
        request={request as never}
        onLoad={props.onLoad}
        search={false}
        options={{ search: { placeholder: props.searchPlaceholder, allowClear: true, style: { width: 240 } }, reload: true, density: false, setting: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        locale={{ emptyText: t('stat.empty') }}
        toolBarRender={() => [
          <Button key="export" icon={<DownloadOutlined />} loading={exporting} disabled={!query} onClick={exportAll}>
            {t('statPage.export')}
          </Button>,
        ]}
      />
    </div>
  );
}
