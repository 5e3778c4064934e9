/**
 * CSS demo (/pages/demo/css/css): the CSS custom properties the console's style sheets declare
 * (global.css: per theme on body[data-theme]), found in the loaded sheets with their values for
 * the theme in use; the same antd tokens as CSS variables, inside a ConfigProvider that turns
 * antd's cssVar on; and a typography specimen with the token sizes and fonts.
 */
import '../messages';
import { Card, ConfigProvider, Descriptions, Flex, Input, Space, Table, Typography, theme as antdTheme } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../../shared/i18n';
import { useTheme } from '../../../shared/theme';
import { copyWithToast } from '../copy';

interface CssVar {
  name: string;
  value: string;
  /** the selectors of the rules declaring it */
  where: string;
}

/** the custom properties declared by rules of the loaded style sheets whose selector passes `pick` */
function declaredVars(pick: (selector: string) => boolean): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        if (!pick(rule.selectorText)) continue;
        for (const prop of Array.from(rule.style)) {
          if (!prop.startsWith('--')) continue;
          if (!found.has(prop)) found.set(prop, new Set());
          found.get(prop)!.add(rule.selectorText);
        }
      } else if ('cssRules' in rule) {
        // @media and @layer hold rules of their own
        visit((rule as CSSGroupingRule).cssRules);
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      visit(sheet.cssRules);
    } catch {
      // a sheet of another origin cannot be read
    }
  }
  return found;
}

/** the variables with their computed values on `el` */
function readVars(el: Element, found: Map<string, Set<string>>): CssVar[] {
  const style = getComputedStyle(el);
  return [...found.entries()]
    .map(([name, where]) => ({ name, value: style.getPropertyValue(name).trim(), where: [...where].join(', ') }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function VarTable({ rows, testId, showWhere }: { rows: CssVar[]; testId: string; showWhere?: boolean }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? rows.filter((r) => r.name.includes(q) || r.value.toLowerCase().includes(q)) : rows;
  }, [rows, query]);
  const isColour = (v: string) => /^(#|rgba?\(|hsla?\()/i.test(v);
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      {rows.length > 12 ? (
        <Input.Search
          allowClear
          placeholder={t('demo.css.search')}
          aria-label={t('demo.css.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ maxWidth: 360 }}
        />
      ) : null}
      <Table<CssVar>
        size="small"
        rowKey="name"
        data-testid={testId}
        dataSource={shown}
        pagination={shown.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('demo.css.variable'),
            dataIndex: 'name',
            render: (v: string) => (
              <Typography.Link code onClick={() => void copyWithToast(`var(${v})`, t)}>
                {v}
              </Typography.Link>
            ),
          },
          {
            title: t('demo.css.value'),
            dataIndex: 'value',
            render: (v: string) => (
              <Space>
                {isColour(v) ? (
                  <span
                    style={{
                      display: 'inline-block',
                      width: 20,
                      height: 14,
                      borderRadius: 3,
                      background: v,
                      border: `1px solid ${token.colorBorderSecondary}`,
                    }}
                  />
                ) : null}
                <Typography.Text style={{ fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM }}>{v}</Typography.Text>
              </Space>
            ),
          },
          ...(showWhere
            ? [{ title: t('demo.css.declaredIn'), dataIndex: 'where', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> }]
            : []),
        ]}
      />
    </Flex>
  );
}

/** the console's own variables, read again when the theme changes */
function ConsoleVars() {
  const t = useT();
  const [theme] = useTheme();
  const [rows, setRows] = useState<CssVar[]>([]);
  useEffect(() => {
    // rules on the document, the body or its theme attribute apply to every page
    setRows(
      readVars(
        document.body,
        declaredVars((s) => /(^|,\s*)(:root|html|body)\b/.test(s)),
      ),
    );
  }, [theme]);
  return (
    <Card title={t('demo.css.console', { count: rows.length })}>
      <Typography.Paragraph type="secondary">{t('demo.css.consoleHint', { theme })}</Typography.Paragraph>
      <VarTable rows={rows} testId="console-vars" showWhere />
    </Card>
  );
}

const SCOPE = 'console-css-demo';

/** antd's tokens as CSS variables: only inside a ConfigProvider with cssVar on (the console's is off) */
function AntdVars() {
  const t = useT();
  const [theme] = useTheme();
  const scope = useRef<HTMLDivElement>(null);
  const [rows, setRows] = useState<CssVar[]>([]);
  useEffect(() => {
    // antd writes its style sheet in an effect of its own: read on the next frame
    const frame = requestAnimationFrame(() => {
      if (scope.current)
        setRows(
          readVars(
            scope.current,
            declaredVars((s) => s.includes(`.${SCOPE}`)),
          ),
        );
    });
    return () => cancelAnimationFrame(frame);
  }, [theme]);
  return (
    <Card title={t('demo.css.antd', { count: rows.length })}>
      <Typography.Paragraph type="secondary">{t('demo.css.antdHint')}</Typography.Paragraph>
      <pre style={{ fontSize: 12, margin: '0 0 12px', overflowX: 'auto' }}>{`<ConfigProvider theme={{ cssVar: { key: '${SCOPE}' } }}>…</ConfigProvider>`}</pre>
      <ConfigProvider theme={{ cssVar: { key: SCOPE } }}>
        <div ref={scope} className={SCOPE}>
          <VarTable rows={rows} testId="antd-vars" />
        </div>
      </ConfigProvider>
    </Card>
  );
}

function Typo() {
  const t = useT();
  const { token } = antdTheme.useToken();
  const row = (key: string, children: ReactNode) => ({ key, label: <Typography.Text code>{key}</Typography.Text>, children });
  return (
    <Card title={t('demo.css.typography')}>
      <div data-testid="typography">
        {([1, 2, 3, 4, 5] as const).map((level) => (
          <Flex key={level} align="baseline" gap={16} wrap="wrap">
            <Typography.Text type="secondary" style={{ width: 220, flex: 'none', fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM }}>
              {`Title level={${level}} · ${token[`fontSizeHeading${level}`]}px`}
            </Typography.Text>
            <Typography.Title level={level} style={{ margin: '4px 0' }}>
              {t('demo.css.specimen')}
            </Typography.Title>
          </Flex>
        ))}
      </div>
      <Space wrap size={[16, 8]} style={{ margin: '16px 0' }}>
        <Typography.Text>{t('demo.css.text.default')}</Typography.Text>
        <Typography.Text type="secondary">{t('demo.css.text.secondary')}</Typography.Text>
        <Typography.Text type="success">{t('demo.css.text.success')}</Typography.Text>
        <Typography.Text type="warning">{t('demo.css.text.warning')}</Typography.Text>
        <Typography.Text type="danger">{t('demo.css.text.danger')}</Typography.Text>
        {/* inactive text is exempt from the contrast minimum (WCAG 1.4.3): said so for assistive technology and the contrast check */}
        <Typography.Text disabled aria-disabled>
          {t('demo.css.text.disabled')}
        </Typography.Text>
        <Typography.Text mark>{t('demo.css.text.mark')}</Typography.Text>
        <Typography.Text code>{t('demo.css.text.code')}</Typography.Text>
        <Typography.Text keyboard>{t('demo.css.text.keyboard')}</Typography.Text>
        <Typography.Text underline>{t('demo.css.text.underline')}</Typography.Text>
        <Typography.Text delete>{t('demo.css.text.delete')}</Typography.Text>
        <Typography.Text strong>{t('demo.css.text.strong')}</Typography.Text>
        <Typography.Text italic>{t('demo.css.text.italic')}</Typography.Text>
        <Typography.Link>{t('demo.css.text.link')}</Typography.Link>
      </Space>
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { whiteSpace: 'nowrap', width: 180 } }}
        items={[
          ...(['fontSizeSM', 'fontSize', 'fontSizeLG', 'fontSizeXL'] as const).map((k) =>
            row(
              k,
              <span style={{ fontSize: token[k] }}>
                {token[k]}px · {t('demo.css.specimen')}
              </span>,
            ),
          ),
          row('lineHeight', String(token.lineHeight)),
          row('fontFamily', <span style={{ fontFamily: token.fontFamily }}>{token.fontFamily}</span>),
          row('fontFamilyCode', <span style={{ fontFamily: token.fontFamilyCode }}>{token.fontFamilyCode}</span>),
        ]}
      />
    </Card>
  );
}

export default function CssDemo() {
  const t = useT();
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('demo.css.intro')}
        </Typography.Paragraph>
      </div>
      <ConsoleVars />
      <Typo />
      <AntdVars />
    </Flex>
  );
}
