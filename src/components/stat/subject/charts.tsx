/**
 * The device and user reports' charts (@ant-design/charts, loaded with these pages only): lines
 * and columns of named series, and a ring of shares. Colours come from the antd theme tokens, the
 * legends are HTML lists under the canvas (readable and translated).
 */
import { Column, Line, Pie, usePartialDay } from '../LazyCharts';
import { Flex, theme as antdTheme } from 'antd';
import { useMemo } from 'react';
import { chartAxes, chartPalette, ChartLegend } from '../../charts/theme';

const HEIGHT = 260;

/** one point of a series: x is a day, an hour or a bucket's label */
export interface Point {
  x: string;
  series: string;
  value: number;
}

/** lines (or columns) of named series over x; `series` fixes the order and the colours; `partialDay`: today, marked as not over */
export function SeriesChart({
  points,
  series,
  label,
  testId,
  kind = 'line',
  partialDay,
}: {
  points: Point[];
  series: string[];
  label: string;
  testId: string;
  kind?: 'line' | 'column';
  partialDay?: string | null;
}) {
  const { token } = antdTheme.useToken();
  const palette = chartPalette(token);
  const shortDays = points.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(points[0].x);
  const partial = usePartialDay(partialDay, points.length ? [points[points.length - 1].x] : []);
  const config = useMemo(
    () => ({
      data: points,
      xField: 'x',
      yField: 'value',
      colorField: 'series',
      height: HEIGHT,
      autoFit: true,
      axis: chartAxes(token, { dayLabels: shortDays }),
      scale: { color: { domain: series, range: palette.slice(0, series.length) } },
      legend: false as const,
      annotations: partial.annotations,
      ...(kind === 'column' ? { group: true } : { point: points.length / Math.max(series.length, 1) <= 31 ? { style: { r: 2.5 } } : undefined }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [points, token, series.join('\n'), kind, partial.annotations?.[0].data[0]],
  );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {kind === 'column' ? <Column {...config} /> : <Line {...config} />}
      <ChartLegend label={label} items={series.map((s, i) => ({ name: s, color: palette[i % palette.length] }))} />
      {partial.note}
    </Flex>
  );
}

/** a ring of shares with each slice's figure in the legend */
export function ShareRing({ slices, label, testId }: { slices: { name: string; value: number }[]; label: string; testId: string }) {
  const { token } = antdTheme.useToken();
  const palette = chartPalette(token);
  const names = slices.map((s) => s.name);
  const config = useMemo(
    () => ({
      data: slices,
      angleField: 'value',
      colorField: 'name',
      innerRadius: 0.6,
      height: HEIGHT,
      autoFit: true,
      label: false as const,
      legend: false as const,
      scale: { color: { domain: names, range: palette.slice(0, names.length) } },
      style: { stroke: token.colorBgContainer, lineWidth: 1 },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [slices, token],
  );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Pie {...config} />
      <ChartLegend label={label} items={slices.map((s, i) => ({ name: s.name, color: palette[i % palette.length], value: s.value.toLocaleString() }))} />
    </Flex>
  );
}
