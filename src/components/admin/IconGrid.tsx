/**
 * The whole antd icon set, by name: the icon picker's grid and the preview of a name outside
 * the left menu's set. Loaded on demand (IconPicker lazy-loads this module), so the icon
 * library stays out of every other chunk.
 */
import './i18n';
// the icons only (the package index would also pull Icon, IconFont and the two-tone setters)
import * as AllIcons from '@ant-design/icons/es/icons';
import { Empty, Flex, Input, Segmented, Tooltip, theme as antdTheme } from 'antd';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useT } from '../../shared/i18n';

const THEMES = ['Outlined', 'Filled', 'TwoTone'] as const;
type IconTheme = (typeof THEMES)[number];

const ICONS = AllIcons as unknown as Record<string, ComponentType<{ style?: React.CSSProperties }>>;
const NAMES = Object.keys(ICONS).filter((n) => THEMES.some((th) => n.endsWith(th)) && /^[A-Z]/.test(n));

/** every name the picker offers (the icon demo lists the same set) */
export const ICON_NAMES: readonly string[] = NAMES;

/** an antd icon by name, or nothing for an unknown name */
export function NamedIcon({ name }: { name: string }) {
  const Icon = ICONS[name];
  return Icon && NAMES.includes(name) ? <Icon /> : null;
}

export interface IconGridProps {
  value?: string | null;
  onSelect: (name: string) => void;
  /** the grid's width and the list's height (default: a popover's) */
  width?: number | string;
  height?: number | string;
  /** a line under the search box, told how many icons show out of how many */
  count?: (shown: number, total: number) => ReactNode;
}

export default function IconGrid({ value, onSelect, width = 'min(520px, 86vw)', height = 320, count }: IconGridProps) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const [query, setQuery] = useState('');
  const [theme, setTheme] = useState<IconTheme>(() => THEMES.find((th) => value?.endsWith(th)) ?? 'Outlined');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return NAMES.filter((n) => n.endsWith(theme) && (!q || n.toLowerCase().includes(q)));
  }, [query, theme]);

  return (
    <Flex vertical gap={8} style={{ width }}>
      <Flex gap={8} wrap="wrap">
        <Input.Search
          autoFocus
          allowClear
          placeholder={t('system.icon.search')}
          aria-label={t('system.icon.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ flex: 1, minWidth: 180 }}
        />
        <Segmented
          value={theme}
          onChange={(v) => setTheme(v as IconTheme)}
          options={THEMES.map((th) => ({ value: th, label: t(`system.icon.theme.${th}`) }))}
        />
      </Flex>
      {count?.(shown.length, NAMES.filter((n) => n.endsWith(theme)).length)}
      <div role="listbox" aria-label={t('system.icon.choose')} style={{ maxHeight: height, overflow: 'auto' }}>
        {shown.length ? (
          <Flex wrap="wrap" gap={4}>
            {shown.map((name) => {
              const Icon = ICONS[name];
              const active = name === value;
              return (
                <Tooltip key={name} title={name} mouseEnterDelay={0.4}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={active}
                    aria-label={name}
                    onClick={() => onSelect(name)}
                    style={{
                      width: 44,
                      height: 44,
                      fontSize: 20,
                      cursor: 'pointer',
                      borderRadius: token.borderRadius,
                      border: `1px solid ${active ? token.colorPrimary : token.colorBorderSecondary}`,
                      background: active ? token.colorPrimaryBg : token.colorBgContainer,
                      color: token.colorText,
                    }}
                  >
                    <Icon />
                  </button>
                </Tooltip>
              );
            })}
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.icon.none')} />
        )}
      </div>
    </Flex>
  );
}
