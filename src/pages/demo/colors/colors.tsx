/**
 * Colors demo (/pages/demo/colors/colors): the antd colour tokens of both console themes, each
 * computed from the theme's own config (shared/theme antdTheme) by theme.getDesignToken, side by
 * side as swatches; a click copies a value. The theme in use is marked and follows the switch.
 */
import '../messages';
import { Button, Card, Col, Flex, Input, Row, Space, Table, Tag, Tooltip, Typography, theme as antdTheme } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../../shared/i18n';
import { antdTheme as themeConfig, THEMES, useTheme, type ThemeName } from '../../../shared/theme';
import { copyWithToast } from '../copy';

type Tokens = Record<string, unknown>;

const isColor = (v: unknown): v is string => typeof v === 'string' && /^(#|rgba?\(|hsla?\()/i.test(v);

/** the design tokens of every theme, as antd computes them from the theme's config */
function useThemeTokens(): Record<ThemeName, Tokens> {
  return useMemo(
    () => Object.fromEntries(THEMES.map((name) => [name, antdTheme.getDesignToken(themeConfig(name)) as unknown as Tokens])) as Record<ThemeName, Tokens>,
    [],
  );
}

function Swatch({ color, label }: { color: string; label: string }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  return (
    <Tooltip title={t('demo.colors.clickToCopy')}>
      <button
        type="button"
        aria-label={label}
        onClick={() => void copyWithToast(color, t)}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          padding: 0,
          border: 0,
          background: 'none',
          cursor: 'pointer',
          color: token.colorText,
          fontFamily: token.fontFamilyCode,
          fontSize: token.fontSizeSM,
        }}
      >
        <span style={{ width: 28, height: 20, borderRadius: 4, background: color, border: `1px solid ${token.colorBorderSecondary}`, flex: 'none' }} />
        {color}
      </button>
    </Tooltip>
  );
}

export default function ColorsDemo() {
  const t = useT();
  const [current, setTheme] = useTheme();
  const tokens = useThemeTokens();
  const [query, setQuery] = useState('');
  const names = useMemo(
    () =>
      Object.keys(tokens.default)
        .filter((k) => k.startsWith('color') && isColor(tokens.default[k]))
        .sort(),
    [tokens],
  );
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? names.filter((n) => n.toLowerCase().includes(q)) : names;
  }, [names, query]);

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('demo.colors.intro')}
        </Typography.Paragraph>
      </div>
      <Row gutter={[16, 16]}>
        {THEMES.map((name) => {
          const primary = tokens[name].colorPrimary as string;
          return (
            <Col key={name} xs={24} md={12}>
              <Card data-testid={`theme-${name}`} style={name === current ? { borderColor: primary } : undefined}>
                <Flex gap={16} align="center">
                  <div style={{ width: 64, height: 64, borderRadius: 12, background: primary, flex: 'none' }} />
                  <Flex vertical gap={4} style={{ minWidth: 0 }}>
                    <Space wrap>
                      <Typography.Text strong>{t(`theme.${name}`)}</Typography.Text>
                      <Typography.Text code>{name}</Typography.Text>
                      {name === current ? (
                        <Tag color="success" data-testid="current-theme">
                          {t('demo.colors.current')}
                        </Tag>
                      ) : (
                        <Button size="small" onClick={() => setTheme(name)}>
                          {t('demo.colors.use')}
                        </Button>
                      )}
                    </Space>
                    <span data-testid={`primary-${name}`}>
                      <Swatch color={primary} label={`${name} colorPrimary`} />
                    </span>
                  </Flex>
                </Flex>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card title={t('demo.colors.tokens', { count: names.length })}>
        <Input.Search
          allowClear
          placeholder={t('demo.colors.search')}
          aria-label={t('demo.colors.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ maxWidth: 360, marginBottom: 12 }}
        />
        <Table<{ name: string }>
          size="small"
          rowKey="name"
          dataSource={shown.map((name) => ({ name }))}
          pagination={false}
          scroll={{ x: 'max-content', y: 520 }}
          columns={[
            {
              title: t('demo.colors.token'),
              dataIndex: 'name',
              render: (v: string) => (
                <Typography.Text code copyable>
                  {v}
                </Typography.Text>
              ),
            },
            ...THEMES.map((name) => ({
              key: name,
              title: (
                <Space>
                  {t(`theme.${name}`)}
                  {name === current ? <Tag color="success">{t('demo.colors.current')}</Tag> : null}
                </Space>
              ),
              render: (_: unknown, row: { name: string }) => <Swatch color={tokens[name][row.name] as string} label={`${name} ${row.name}`} />,
            })),
          ]}
        />
      </Card>
    </Flex>
  );
}
