/**
 * The statistics pages' charts, loaded after the page: @ant-design/charts (G2, about 650 kB) is a
 * chunk of its own, fetched when the first chart mounts, so a page's figures and tables show
 * without waiting for it; each chart keeps its place with a placeholder of its height meanwhile.
 * The partial-day mark of the trends is here too: a dashed line at today, its label and a note.
 */
import type { ColumnConfig, FunnelConfig, LineConfig, PieConfig } from '@ant-design/charts';
import { theme, Typography } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { useT } from '../../shared/i18n';
import './i18n';

const load = () => import(/* webpackChunkName: "stat-charts" */ '@ant-design/charts');

/** fetches the charts' code ahead (idle time after a stats page has shown its content) */
export const preloadCharts = () => void load().catch(() => undefined);

/** where a chart will be, while its code loads */
function ChartPlaceholder({ height }: { height: number }) {
  const { token } = theme.useToken();
  return <div aria-busy="true" data-chart-loading style={{ height, borderRadius: token.borderRadius, background: token.colorFillQuaternary }} />;
}

function lazyChart<P extends { height?: number }>(pick: (m: Awaited<ReturnType<typeof load>>) => ComponentType<P>) {
  const Chart = lazy(() => load().then((m) => ({ default: pick(m) }))) as unknown as ComponentType<P>;
  return function LazyChart(props: P) {
    return (
      <Suspense fallback={<ChartPlaceholder height={props.height ?? 260} />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const Line = lazyChart<LineConfig>((m) => m.Line as ComponentType<LineConfig>);
export const Column = lazyChart<ColumnConfig>((m) => m.Column as ComponentType<ColumnConfig>);
export const Pie = lazyChart<PieConfig>((m) => m.Pie as ComponentType<PieConfig>);
export const Funnel = lazyChart<FunnelConfig>((m) => m.Funnel as ComponentType<FunnelConfig>);

/**
 * A chart's mark of today while it is not over: a dashed vertical line at its x with a label, and
 * a note under the chart, so a last point lower than the others reads as a day still running,
 * not a drop. `xs`: the chart's x values (a day's mark only where the chart has that day).
 */
export function usePartialDay(partialDay: string | null | undefined, xs: string[]) {
  const t = useT();
  const { token } = theme.useToken();
  const day = partialDay && xs.includes(partialDay) ? partialDay : null;
  if (!day) return { annotations: undefined, note: null };
  return {
    annotations: [
      {
        type: 'lineX',
        data: [day],
        style: { stroke: token.colorTextTertiary, lineDash: [4, 4], lineWidth: 1 },
        label: { text: t('stat.partialDay.mark'), position: 'top-left', textAlign: 'end', dx: -4, fill: token.colorTextSecondary, fontSize: token.fontSizeSM },
        tooltip: false,
      },
    ],
    note: (
      <Typography.Text type="secondary" data-testid="partial-day-note" style={{ fontSize: token.fontSizeSM }}>
        {t('stat.partialDay.note', { day })}
      </Typography.Text>
    ),
  };
}
