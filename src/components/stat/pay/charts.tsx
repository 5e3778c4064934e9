/**
 * The pay-order statistics charts (@ant-design/charts, loaded with these pages only): money by
 * day (lines), orders by day (columns), a funnel of stages. Colours and text come from the antd
 * theme tokens; legends are HTML lists under the canvas (readable and translated).
 */
import { Column, Funnel, Line, usePartialDay } from '../LazyCharts';
import { Flex, theme as antdTheme } from 'antd';
import { useMemo } from 'react';
import { chartAxes, chartPalette, ChartLegend } from '../../charts/theme';

const HEIGHT = 260;

export interface Series {
  key: string;
  name: string;
}

type DayRows = Array<Record<string, string | number>>;
const lastDay = (rows: DayRows) => (rows.length ? [String(rows[rows.length - 1].day)] : []);

/** several series by day: rows are { day, <series key>: value } (yuan, counts); `partialDay`: today, marked as not over */
export function DayLines({
  rows,
  series,
  label,
  testId,
  format,
  partialDay,
}: {
  rows: DayRows;
  series: Series[];
  label: string;
  testId: string;
  format?: (v: number) => string;
  partialDay?: string | null;
}) {
  const { token } = antdTheme.useToken();
  const partial = usePartialDay(partialDay, lastDay(rows));
  const palette = chartPalette(token);
  const names = series.map((s) => s.name);
  const data = useMemo(() => rows.flatMap((r) => series.map((s) => ({ day: r.day as string, series: s.name, value: Number(r[s.key]) }))), [rows, series]);
  const config = useMemo(
    () => ({
      data,
      xField: 'day',
      yField: 'value',
      colorField: 'series',
      height: HEIGHT,
      autoFit: true,
      axis: { ...chartAxes(token, { dayLabels: true }), ...(format ? { y: { ...chartAxes(token, { dayLabels: true }).y, labelFormatter: format } } : {}) },
      scale: { color: { domain: names, range: palette.slice(0, names.length) } },
      style: { lineWidth: 2 },
      point: rows.length <= 31 ? { style: { r: 2.5 } } : undefined,
      legend: false as const,
      tooltip: format ? { items: [{ channel: 'y', valueFormatter: format }] } : undefined,
      annotations: partial.annotations,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, token, names.join('\n'), partial.annotations?.[0].data[0]],
  );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Line {...config} />
      <ChartLegend label={label} items={series.map((s, i) => ({ name: s.name, color: palette[i % palette.length] }))} />
      {partial.note}
    </Flex>
  );
}

/** one count per day as columns in the theme's primary colour */
export function DayColumns({
  rows,
  field,
  name,
  testId,
  partialDay,
}: {
  rows: DayRows;
  field: string;
  name: string;
  testId: string;
  partialDay?: string | null;
}) {
  const { token } = antdTheme.useToken();
  const partial = usePartialDay(partialDay, lastDay(rows));
  const config = useMemo(
    () => ({
      data: rows,
      xField: 'day',
      yField: field,
      height: HEIGHT,
      autoFit: true,
      axis: chartAxes(token, { dayLabels: true }),
      style: { fill: token.colorPrimary },
      legend: false as const,
      tooltip: { items: [{ channel: 'y', name }] },
      annotations: partial.annotations,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, token, field, name, partial.annotations?.[0].data[0]],
  );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Column {...config} />
      <ChartLegend label={name} items={[{ name, color: token.colorPrimary }]} />
      {partial.note}
    </Flex>
  );
}

/** stages narrowing down, each labelled with its count */
export function StageFunnel({ stages, label, testId }: { stages: Array<{ stage: string; value: number }>; label: string; testId: string }) {
  const { token } = antdTheme.useToken();
  const palette = chartPalette(token);
  const names = stages.map((s) => s.stage);
  const config = useMemo(
    () => ({
      data: stages,
      xField: 'stage',
      yField: 'value',
      height: HEIGHT,
      autoFit: true,
      scale: { color: { domain: names, range: palette.slice(0, names.length) } },
      label: {
        text: (d: { stage: string; value: number }) => `${d.stage} ${d.value.toLocaleString()}`,
        position: 'inside',
        fill: token.colorTextLightSolid,
        fontSize: token.fontSizeSM,
      },
      legend: false as const,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stages, token],
  );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Funnel {...config} />
      <ChartLegend label={label} items={stages.map((s, i) => ({ name: s.stage, color: palette[i % palette.length] }))} />
    </Flex>
  );
}
