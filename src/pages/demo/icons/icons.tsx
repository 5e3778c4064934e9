/**
 * Icon demo (/pages/demo/icons/icons): every icon a menu may name, i.e. the menu form's picker
 * (components/admin/IconGrid), searchable; a click copies the name. Below, the smaller set the
 * left menu draws itself (shared/icons), so a developer sees which names show there as they are.
 */
import '../messages';
import { Card, Flex, Tooltip, Typography, theme as antdTheme } from 'antd';
import IconGrid, { ICON_NAMES } from '../../../components/admin/IconGrid';
import { useT } from '../../../shared/i18n';
import { MENU_ICON_NAMES, MenuIcon } from '../../../shared/icons';
import { copyWithToast } from '../copy';

export default function IconsDemo() {
  const t = useT();
  const { token } = antdTheme.useToken();
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('demo.icons.intro', { total: ICON_NAMES.length })}
        </Typography.Paragraph>
      </div>
      <Card title={t('demo.icons.picker')}>
        <IconGrid
          width="100%"
          height="min(480px, 60vh)"
          onSelect={(name) => void copyWithToast(name, t)}
          count={(shown, total) => (
            <Typography.Text type="secondary" data-testid="icon-count">
              {t('demo.icons.count', { shown, total })}
            </Typography.Text>
          )}
        />
      </Card>
      <Card title={t('demo.icons.menuSet', { count: MENU_ICON_NAMES.length })}>
        <Typography.Paragraph type="secondary">{t('demo.icons.menuSetHint')}</Typography.Paragraph>
        <Flex wrap="wrap" gap={8} data-testid="menu-icons">
          {MENU_ICON_NAMES.map((name) => (
            <Tooltip key={name} title={t('demo.icons.clickToCopy')}>
              <button
                type="button"
                aria-label={name}
                onClick={() => void copyWithToast(name, t)}
                style={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 8,
                  padding: '6px 10px',
                  cursor: 'pointer',
                  borderRadius: token.borderRadius,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  background: token.colorBgContainer,
                  color: token.colorText,
                  fontSize: token.fontSizeSM,
                }}
              >
                <span style={{ fontSize: 18 }}>
                  <MenuIcon name={name} />
                </span>
                {name}
              </button>
            </Tooltip>
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}
