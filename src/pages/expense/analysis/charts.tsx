/**
 * The cost analysis' charts (@ant-design/charts: a chunk of its own, which the page loads while
 * its figures show; nothing else of the page waits for it): spending by day
 * (line), credits added by day stacked by kind (column), spending by model or feature (pie). They
 * take their colours and text from the antd theme tokens, and their legends are HTML lists under
 * the canvas (readable, translatable, and with the figures).
 */
import { Column, Line, Pie } from '@ant-design/charts';
import { Empty, Flex, theme as antdTheme } from 'antd';
import { useMemo } from 'react';
import { CHART_HEIGHT as HEIGHT, type Slice } from '../../../components/analysis/slices';
import { chartAxes, chartPalette, ChartLegend } from '../../../components/charts/theme';

/** credits spent each day: one line in the theme's primary colour */
export function SpendingLine({ days, seriesName }: { days: Array<{ day: string; spent: number }>; seriesName: string }) {
  const { token } = antdTheme.useToken();
  const config = useMemo(
    () => ({
      data: days,
      xField: 'day',
      yField: 'spent',
      height: HEIGHT,
      autoFit: true,
      axis: chartAxes(token, { dayLabels: true }),
      style: { stroke: token.colorPrimary, lineWidth: 2 },
      point: days.length <= 31 ? { style: { fill: token.colorPrimary, r: 2.5 } } : undefined,
      legend: false as const,
      tooltip: { items: [{ channel: 'y', name: seriesName }] },
    }),
    [days, token, seriesName],
  );
  return (
    <Flex vertical gap={8} data-testid="chart-spent">
      <Line {...config} />
      <ChartLegend label={seriesName} items={[{ name: seriesName, color: token.colorPrimary }]} />
    </Flex>
  );
}

/** credits added each day, one stacked series per kind */
export function AddedColumns({ rows, kinds, label }: { rows: Array<{ day: string; kind: string; credits: number }>; kinds: Slice[]; label: string }) {
  const { token } = antdTheme.useToken();
  const palette = chartPalette(token);
  const names = kinds.map((k) => k.name);
  const config = useMemo(
    () => ({
      data: rows,
      xField: 'day',
      yField: 'credits',
      colorField: 'kind',
      stack: true,
      height: HEIGHT,
      autoFit: true,
      axis: chartAxes(token, { dayLabels: true }),
      scale: { color: { domain: names, range: palette.slice(0, names.length) } },
      legend: false as const,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, token, names.join('\n')],
  );
  return (
    <Flex vertical gap={8} data-testid="chart-added">
      <Column {...config} />
      <ChartLegend label={label} items={kinds.map((k, i) => ({ name: k.name, color: palette[i % palette.length], value: k.value }))} />
    </Flex>
  );
}

/** a ring of shares, its legend with each slice's credits */
export function SharePie({ slices, label, testId }: { slices: Slice[]; label: string; testId: string }) {
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
  if (!slices.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Pie {...config} />
      <ChartLegend label={label} items={slices.map((s, i) => ({ name: s.name, color: palette[i % palette.length], value: s.value }))} />
    </Flex>
  );
}
