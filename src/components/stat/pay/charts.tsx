/**
 * The pay-order statistics charts (@ant-design/charts, loaded with these pages only): money by
 * day (lines), orders by day (columns), a funnel of stages. Colours and text come from the antd
 * theme tokens; legends are HTML lists under the canvas (readable and translated).
 */
import { Column, Funnel, Line, usePartialDay } from '../LazyCharts';
import { Flex, theme as antdTheme } from 'antd';
import type { GlobalToken } from 'antd';
import { useMemo } from 'react';

const HEIGHT = 260;

/** the series colours of the current theme: its primary first */
export function paletteOf(token: GlobalToken): string[] {
  return [token.colorPrimary, token.colorWarning, token.cyan6, token.purple6, token.magenta6, token.geekblue6].filter((c, i, all) => all.indexOf(c) === i);
}

function axisOf(token: GlobalToken) {
  const common = {
    labelFill: token.colorTextSecondary,
    labelFontSize: token.fontSizeSM,
    lineStroke: token.colorBorder,
    tickStroke: token.colorBorder,
    gridStroke: token.colorBorderSecondary,
    title: false,
  };
  return {
    x: { ...common, labelAutoHide: true, labelAutoRotate: false, labelFormatter: (d: string) => d.slice(5) },
    y: { ...common, grid: true },
  };
}

function Legend({ items, label }: { items: Array<{ name: string; color: string }>; label: string }) {
  const { token } = antdTheme.useToken();
  return (
    <Flex component="ul" wrap gap="4px 16px" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((it) => (
        <Flex component="li" key={it.name} gap={6} align="center" style={{ color: token.colorText, fontSize: token.fontSizeSM }}>
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: it.color, display: 'inline-block' }} />
          <span>{it.name}</span>
        </Flex>
      ))}
    </Flex>
  );
}

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
  const palette = paletteOf(token);
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
      axis: { ...axisOf(token), ...(format ? { y: { ...axisOf(token).y, labelFormatter: format } } : {}) },
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
      <Legend label={label} items={series.map((s, i) => ({ name: s.name, color: palette[i % palette.length] }))} />
      {partial.note}
    </Flex>
  );
}

/** one count per day as columns in the theme's primary colour */
export function DayColumns({ rows, field, name, testId, partialDay }: { rows: DayRows; field: string; name: string; testId: string; partialDay?: string | null }) {
  const { token } = antdTheme.useToken();
  const partial = usePartialDay(partialDay, lastDay(rows));
  const config = useMemo(
    () => ({
      data: rows,
      xField: 'day',
      yField: field,
      height: HEIGHT,
      autoFit: true,
      axis: axisOf(token),
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
      <Legend label={name} items={[{ name, color: token.colorPrimary }]} />
      {partial.note}
    </Flex>
  );
}

/** stages narrowing down, each labelled with its count */
export function StageFunnel({ stages, label, testId }: { stages: Array<{ stage: string; value: number }>; label: string; testId: string }) {
  const { token } = antdTheme.useToken();
  const palette = paletteOf(token);
  const names = stages.map((s) => s.stage);
  const config = useMemo(
    () => ({
      data: stages,
      xField: 'stage',
      yField: 'value',
      height: HEIGHT,
      autoFit: true,
      scale: { color: { domain: names, range: palette.slice(0, names.length) } },
      label: { text: (d: { stage: string; value: number }) => `${d.stage} ${d.value.toLocaleString()}`, position: 'inside', fill: token.colorTextLightSolid, fontSize: token.fontSizeSM },
      legend: false as const,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stages, token],
  );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Funnel {...config} />
      <Legend label={label} items={stages.map((s, i) => ({ name: s.stage, color: palette[i % palette.length] }))} />
    </Flex>
  );
}
