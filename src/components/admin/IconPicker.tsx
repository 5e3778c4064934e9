/**
 * Menu icon field: the icon's antd name, typed or picked from the full icon set. The set is
 * a separate chunk (IconGrid) loaded when the picker opens, never with the login pages.
 * Names the left menu already knows preview from its own small set.
 */
import './i18n';
import { Button, Input, Popover, Space, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../shared/i18n';
import { MENU_ICON_NAMES, MenuIcon } from '../../shared/icons';

const IconGrid = lazy(() => import(/* webpackChunkName: "icon-grid" */ './IconGrid'));
const NamedIcon = lazy(() => import(/* webpackChunkName: "icon-grid" */ './IconGrid').then((m) => ({ default: m.NamedIcon })));

export function IconPreview({ name }: { name?: string | null }) {
  if (!name) return null;
  if (MENU_ICON_NAMES.includes(name)) return <MenuIcon name={name} />;
  return (
    <Suspense fallback={null}>
      <NamedIcon name={name} />
    </Suspense>
  );
}

export default function IconPicker({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={value ?? ''}
        disabled={disabled}
        allowClear
        maxLength={100}
        placeholder={t('system.icon.placeholder')}
        // the preview slot only once a name is there; an empty span (no gap) otherwise keeps the
        // input's DOM the same, so typing the first letter does not remount it and lose focus
        prefix={
          value ? (
            <span style={{ display: 'inline-flex', width: 16 }}>
              <IconPreview name={value} />
            </span>
          ) : (
            <span />
          )
        }
        styles={value ? undefined : { prefix: { marginInlineEnd: 0 } }}
        onChange={(e) => onChange?.(e.target.value || null)}
      />
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        destroyOnHidden
        content={
          <Suspense fallback={<Spin style={{ display: 'block', margin: 24 }} />}>
            <IconGrid
              value={value}
              onSelect={(name) => {
                onChange?.(name);
                setOpen(false);
              }}
            />
          </Suspense>
        }
      >
        <Button disabled={disabled}>{t('system.icon.choose')}</Button>
      </Popover>
    </Space.Compact>
  );
}
