/**
 * The error pages' charts (@ant-design/charts, loaded by these pages only): occurrences per day
 * as columns, the rate per launch per day as a line, in the theme's colours, with HTML legends.
 */
import { Column, Line, usePartialDay } from '../LazyCharts';
import { Col, Flex, Row, theme as antdTheme } from 'antd';
import { useMemo } from 'react';
import { chartAxes, ChartLegend } from '../../charts/theme';

const HEIGHT = 240;

/** a percentage with two decimals (rates and shares are fractions) */
export const percent = (v: number) => `${(Math.round(v * 10000) / 100).toFixed(2)}%`;

/** per day: the count as columns (left), the rate as a line (right); `rate` omitted: columns only */
export function CountRateTrend({
  days,
  countName,
  rateName,
  testId,
  partialDay,
}: {
  days: Array<{ day: string; count: number; rate?: number }>;
  countName: string;
  rateName?: string;
  testId: string;
  /** today, when the days hold it: marked as not over */
  partialDay?: string | null;
}) {
  const { token } = antdTheme.useToken();
  const partial = usePartialDay(partialDay, days.length ? [days[days.length - 1].day] : []);
  const column = useMemo(
    () => ({
      data: days,
      xField: 'day',
      yField: 'count',
      height: HEIGHT,
      autoFit: true,
      axis: chartAxes(token, { dayLabels: true }),
      style: { fill: token.colorError, maxWidth: 28 },
      legend: false as const,
      tooltip: { items: [{ channel: 'y', name: countName }] },
      annotations: partial.annotations,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [days, token, countName, partial.annotations?.[0].data[0]],
  );
  const line = useMemo(
    () => ({
      data: days,
      xField: 'day',
      yField: 'rate',
      height: HEIGHT,
      autoFit: true,
      axis: chartAxes(token, { dayLabels: true, percent: true }),
      style: { stroke: token.colorPrimary, lineWidth: 2 },
      point: days.length <= 31 ? { style: { fill: token.colorPrimary, r: 2.5 } } : undefined,
      legend: false as const,
      tooltip: { items: [{ channel: 'y', name: rateName, valueFormatter: percent }] },
      annotations: partial.annotations,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [days, token, rateName, partial.annotations?.[0].data[0]],
  );
  return (
    <Row gutter={[16, 16]} data-testid={testId}>
      <Col xs={24} xl={rateName ? 12 : 24}>
        <Flex vertical gap={8}>
          <Column {...column} />
          <ChartLegend label={countName} items={[{ name: countName, color: token.colorError }]} />
        </Flex>
      </Col>
      {rateName ? (
        <Col xs={24} xl={12}>
          <Flex vertical gap={8}>
            <Line {...line} />
            <ChartLegend label={rateName} items={[{ name: rateName, color: token.colorPrimary }]} />
          </Flex>
        </Col>
      ) : null}
      {partial.note ? <Col span={24}>{partial.note}</Col> : null}
    </Row>
  );
}
