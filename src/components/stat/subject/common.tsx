/**
 * What the device and user report pages share: the subject's names (devices or users), the
 * report request under the page's filter, and a sortable table with its CSV export.
 */
import './i18n';
import { DownloadOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Button, Table } from 'antd';
import { useStackedTable } from '../../admin/stacked';
import type { ColumnsType } from 'antd/es/table';
import { saveFile } from '../../../services/resource';
import { getSubjectReport, type StatSubject, type SubjectReport } from '../../../services/stat-devices';
import type { StatQuery } from '../../../services/stat';
import { useT, type Translate } from '../../../shared/i18n';
import type { StatFilterState } from '../filter';

export interface SubjectPageProps {
  subject: StatSubject;
}

/** the subject's figure names: new / active / total devices or users */
export function subjectNames(subject: StatSubject, t: Translate) {
  const d = subject === 'device';
  return {
    new: t(d ? 'stat.metric.newDevices' : 'stat.metric.newUsers'),
    active: t(d ? 'stat.metric.activeDevices' : 'stat.metric.activeUsers'),
    total: t(d ? 'stat.metric.totalDevices' : 'stat.metric.totalUsers'),
    perSubject: t(d ? 'stat.metric.avgDeviceTime' : 'statDevice.avgUserTime'),
    count: t(d ? 'statDevice.col.devices' : 'statDevice.col.users'),
  };
}

/** a report under the filter (waits for the filter's app); `params`: the report's own */
export function useSubjectReport<R extends SubjectReport>(
  subject: StatSubject,
  report: R,
  state: StatFilterState,
  params: Record<string, string | undefined> = {},
) {
  const q = state.query;
  const key = JSON.stringify([q, params]);
  return useRequest(() => (q ? getSubjectReport(subject, report, q as StatQuery, params, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [subject, report, key],
  });
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** rows as a CSV file (UTF-8 with a BOM, so spreadsheet programs read Chinese headers right) */
export function exportCsv(filename: string, header: string[], rows: unknown[][]) {
  const text = [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n');
  saveFile({ blob: new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), filename });
}

export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string | number | null;
}

/**
 * an export button for a table's rows; `empty`: the panel says there is no data (its rows may still
 * be the report's all-zero buckets), and a file of zeros is no export
 */
export function ExportButton<T>({ filename, columns, rows, empty }: { filename: string; columns: CsvColumn<T>[]; rows: T[]; empty?: boolean }) {
  const t = useT();
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      disabled={empty || !rows.length}
      onClick={() =>
        exportCsv(
          filename,
          columns.map((c) => c.title),
          rows.map((r) => columns.map((c) => c.value(r))),
        )
      }
    >
      {t('statDevice.exportCsv')}
    </Button>
  );
}

/** a compact sortable table of a report's rows */
export function ReportTable<T extends object>({
  rows,
  columns,
  rowKey,
  testId,
  pageSize = 10,
}: {
  rows: T[];
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  testId: string;
  pageSize?: number;
}) {
  const stackedTable = useStackedTable(columns, { x: 'max-content' });
  return (
    <Table<T>
      data-testid={testId}
      size="small"
      rowKey={rowKey}
      dataSource={rows}
      {...stackedTable}
      pagination={rows.length > pageSize ? { pageSize, showSizeChanger: false } : false}
    />
  );
}

/** sorters of numbers and texts for antd columns */
export const byNumber =
  <T,>(get: (r: T) => number | null) =>
  (a: T, b: T) =>
    (get(a) ?? -1) - (get(b) ?? -1);
export const byText =
  <T,>(get: (r: T) => string) =>
  (a: T, b: T) =>
    get(a).localeCompare(get(b));

/** the file name of an export: report, subject, app and range */
export const exportName = (subject: StatSubject, report: string, q: StatQuery | null) =>
  `${subject}-${report}-${q?.app_id ?? ''}-${q?.start ?? ''}-${q?.end ?? ''}.csv`;
