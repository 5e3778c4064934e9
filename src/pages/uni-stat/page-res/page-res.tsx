/**
 * Visited pages (page-res): per page path its views, visitors, exits and exit rate, total time,
 * time per view and per visitor and share of the views, searched, sorted and paged by the server,
 * exported as CSV; the chart follows one page's days (the first row, or the one picked).
 */
import PageReport, { type PageReportSpec } from '../../../components/stat/pages/PageReport';
import type { StatPageRow } from '../../../services/stat-pages';

const SPEC: PageReportSpec<StatPageRow> = {
  path: '/api/stat/pages',
  testIds: { trend: 'trend-page', table: 'table-pages' },
  title: 'statPage.table.pages',
  exportName: 'visited-pages',
  figures: [
    { key: 'views', label: 'statPage.col.views', format: 'count', defaultSort: true },
    { key: 'visitors', label: 'statPage.col.visitors', format: 'count' },
    { key: 'exits', label: 'statPage.col.exits', format: 'count' },
    { key: 'exit_rate', label: 'statPage.col.exitRate', format: 'percent' },
    { key: 'duration_s', label: 'statPage.col.duration', format: 'duration' },
    { key: 'avg_visit_s', label: 'statPage.col.avgVisit', format: 'duration' },
    { key: 'avg_visitor_s', label: 'statPage.col.avgVisitor', format: 'duration' },
    { key: 'share', label: 'statPage.col.share', format: 'percent' },
  ],
  trend: [
    { key: 'views', label: 'statPage.col.views' },
    { key: 'visitors', label: 'statPage.col.visitors' },
    { key: 'exits', label: 'statPage.col.exits' },
  ],
};

export default function PageResPage() {
  return <PageReport spec={SPEC} />;
}
