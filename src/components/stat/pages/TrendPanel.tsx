/**
 * A report's day-by-day line chart in a StatPanel: one line per metric, colours from the antd
 * theme tokens (so the green theme draws green), an HTML legend with each metric's total.
 */
import './i18n';
import { Line, usePartialDay } from '../LazyCharts';
import { Flex, theme as antdTheme, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import StatPanel from '../StatPanel';
import { chartPalette } from '../../charts/theme';

const HEIGHT = 260;

export interface TrendMetric {
  key: string;
  label: string;
}

export interface TrendPanelProps {
  title: ReactNode;
  days?: Array<{ day: string } & Record<string, string | number>>;
  metrics: TrendMetric[];
  loading?: boolean;
  error?: Error;
  onRetry?: () => void;
  testId: string;
  /** today, when the days hold it: marked as not over */
  partialDay?: string | null;
}

export default function TrendPanel({ title, days, metrics, loading, error, onRetry, testId, partialDay }: TrendPanelProps) {
  const { token } = antdTheme.useToken();
  const partial = usePartialDay(partialDay, days?.length ? [days[days.length - 1].day] : []);
  const palette = chartPalette(token);
  const names = metrics.map((m) => m.label);
  const data = useMemo(() => (days ?? []).flatMap((d) => metrics.map((m) => ({ day: d.day, metric: m.label, value: Number(d[m.key]) || 0 }))), [days, metrics]);
  const totals = metrics.map((m) => (days ?? []).reduce((s, d) => s + (Number(d[m.key]) || 0), 0));
  const empty = !days?.length || totals.every((v) => v === 0);
  const common = {
    labelFill: token.colorTextSecondary,
    labelFontSize: token.fontSizeSM,
    lineStroke: token.colorBorder,
    tickStroke: token.colorBorder,
    gridStroke: token.colorBorderSecondary,
    title: false,
  };
  const config = useMemo(
    () => ({
      data,
      xField: 'day',
      yField: 'value',
      colorField: 'metric',
      height: HEIGHT,
      autoFit: true,
      axis: { x: { ...common, labelAutoHide: true, labelAutoRotate: false, labelFormatter: (d: string) => d.slice(5) }, y: { ...common, grid: true } },
      scale: { color: { domain: names, range: palette.slice(0, names.length) } },
      style: { lineWidth: 2 },
      legend: false as const,
      annotations: partial.annotations,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, token, names.join('\n'), partial.annotations?.[0].data[0]],
  );
  return (
    <StatPanel title={title} loading={loading} error={error} onRetry={onRetry} empty={!loading && !error && empty} testId={testId}>
      <Flex vertical gap={8}>
        <Line {...config} />
        <Flex
          component="ul"
          wrap
          gap="4px 16px"
          aria-label={typeof title === 'string' ? title : undefined}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {metrics.map((m, i) => (
            <Flex component="li" key={m.key} gap={6} align="center" style={{ color: token.colorText, fontSize: token.fontSizeSM }}>
              <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: palette[i % palette.length], display: 'inline-block' }} />
              <span>{m.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, fontVariantNumeric: 'tabular-nums' }}>
                {totals[i].toLocaleString()}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
        {partial.note}
      </Flex>
    </StatPanel>
  );
}
