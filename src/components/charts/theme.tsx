/**
 * One look for every chart (statistics, payments, errors, cost analysis): the series colours, the
 * axes and the legend, all from the theme's tokens so each theme and dark mode draw them right.
 */
import { Flex, Typography, theme as antdTheme, type GlobalToken } from 'antd';

/** the series colours, in order: the theme's primary first */
export function chartPalette(token: GlobalToken): string[] {
  return [token.colorPrimary, token.gold6, token.cyan6, token.purple6, token.magenta6, token.volcano6, token.lime6, token.geekblue6].filter(
    (c, i, all) => all.indexOf(c) === i,
  );
}

/** both axes: `dayLabels` shows YYYY-MM-DD as MM-DD, `percent` reads the y values as shares */
export function chartAxes(token: GlobalToken, { dayLabels = false, percent = false }: { dayLabels?: boolean; percent?: boolean } = {}) {
  const common = {
    labelFill: token.colorTextSecondary,
    labelFontSize: token.fontSizeSM,
    lineStroke: token.colorBorder,
    tickStroke: token.colorBorder,
    gridStroke: token.colorBorderSecondary,
    title: false,
  };
  return {
    x: { ...common, labelAutoHide: true, labelAutoRotate: false, ...(dayLabels ? { labelFormatter: (d: string) => d.slice(5) } : {}) },
    y: { ...common, grid: true, ...(percent ? { labelFormatter: (v: number) => `${Math.round(v * 10000) / 100}%` } : {}) },
  };
}

export interface LegendItem {
  name: string;
  color: string;
  /** a figure shown after the name (a share's value) */
  value?: string | number;
}

/** the series of a chart as a list: a swatch, the name and, when given, its figure */
export function ChartLegend({ items, label }: { items: LegendItem[]; label: string }) {
  const { token } = antdTheme.useToken();
  return (
    <Flex component="ul" wrap gap="4px 16px" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((it) => (
        <Flex component="li" key={it.name} gap={6} align="center" style={{ color: token.colorText, fontSize: token.fontSizeSM }}>
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: it.color, display: 'inline-block' }} />
          <span>{it.name}</span>
          {it.value !== undefined && (
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, fontVariantNumeric: 'tabular-nums' }}>
              {typeof it.value === 'number' ? it.value.toLocaleString() : it.value}
            </Typography.Text>
          )}
        </Flex>
      ))}
    </Flex>
  );
}
