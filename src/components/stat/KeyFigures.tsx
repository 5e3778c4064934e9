/**
 * Key figures with their change from the day (or period) before: a row of statistics, each with
 * an arrow and the percentage, worded for screen readers. The cards of a row are as tall as
 * each other and a row count that does not fill the grid is spread over balanced rows.
 */
import './i18n';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Typography, theme } from 'antd';
import { useT } from '../../shared/i18n';

export interface KeyFigure {
  key: string;
  label: string;
  value: number;
  /** the same figure the period before; null: nothing to compare with */
  previous?: number | null;
  /** how to show the value (durations, percentages) */
  format?: (v: number) => string;
}

export function changeOf(value: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

/** spans a grid of 24 divides evenly: the per-row counts a figure row can take */
const PER_ROW = [1, 2, 3, 4, 6, 8, 12, 24];

/**
 * the column span for `count` figures at most `max` to a row, spread over as few rows as evenly
 * as the grid allows (8 at most 6 a row: 4 + 4, not 6 + 2 with an empty end)
 */
export function figureSpan(count: number, max: number): number {
  const rows = Math.ceil(Math.max(count, 1) / max);
  const perRow = Math.ceil(Math.max(count, 1) / rows);
  return 24 / (PER_ROW.find((n) => n >= perRow) ?? 24);
}

export default function KeyFigures({ figures, loading }: { figures: KeyFigure[]; loading?: boolean }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]}>
      {figures.map((f) => {
        const pct = changeOf(f.value, f.previous);
        const hint =
          pct === null
            ? t('stat.change.none')
            : pct > 0
              ? t('stat.change.up', { pct })
              : pct < 0
                ? t('stat.change.down', { pct: -pct })
                : t('stat.change.same');
        return (
          <Col key={f.key} xs={12} md={figureSpan(figures.length, 4)} xl={figureSpan(figures.length, 6)}>
            {/* the row stretches its columns: a label on two lines leaves no card shorter than the others */}
            <Card size="small" data-testid={`figure-${f.key}`} style={{ height: '100%' }}>
              <Statistic loading={loading} title={f.label} value={f.format ? f.format(f.value) : f.value} groupSeparator="," />
              <Typography.Text type="secondary" style={{ fontSize: 12 }} aria-label={hint} title={hint}>
                {pct === null ? (
                  '-'
                ) : (
                  <span style={{ color: pct > 0 ? token.colorSuccess : pct < 0 ? token.colorError : undefined }}>
                    {pct > 0 ? <ArrowUpOutlined /> : pct < 0 ? <ArrowDownOutlined /> : null} {Math.abs(pct)}%
                  </span>
                )}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/** seconds as "12 s", "3 min 4 s", "2 h 5 min" */
export function formatDuration(seconds: number, t: (k: string, v?: Record<string, string | number>) => string): string {
  const s = Math.round(seconds);
  if (s < 60) return t('stat.unit.seconds', { n: s });
  if (s < 3600) return t('stat.unit.minutes', { m: Math.floor(s / 60), s: s % 60 });
  return t('stat.unit.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}
