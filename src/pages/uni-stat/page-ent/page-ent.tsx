/**
 * Entry pages (page-ent): the pages sessions start on, with their entries, bounces and bounce
 * rate, entry time and time per entry and share of the entries; the chart follows one page's
 * entries and views by day.
 */
import PageReport, { type PageReportSpec } from '../../../components/stat/pages/PageReport';
import type { StatEntryPageRow } from '../../../services/stat-pages';

const SPEC: PageReportSpec<StatEntryPageRow> = {
  path: '/api/stat/entry-pages',
  testIds: { trend: 'trend-entry', table: 'table-entry-pages' },
  title: 'statPage.table.entryPages',
  exportName: 'entry-pages',
  figures: [
    { key: 'entries', label: 'statPage.col.entries', format: 'count', defaultSort: true },
    { key: 'bounces', label: 'statPage.col.bounces', format: 'count' },
    { key: 'bounce_rate', label: 'statPage.col.bounceRate', format: 'percent' },
    { key: 'entry_duration_s', label: 'statPage.col.entryDuration', format: 'duration' },
    { key: 'avg_entry_s', label: 'statPage.col.avgEntry', format: 'duration' },
    { key: 'share', label: 'statPage.col.share', format: 'percent' },
  ],
  trend: [
    { key: 'entries', label: 'statPage.col.entries' },
    { key: 'views', label: 'statPage.col.views' },
  ],
};

export default function PageEntPage() {
  return <PageReport spec={SPEC} />;
}
