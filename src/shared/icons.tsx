/**
 * The icons a menu may name (menu rows store antd icon names such as 'SettingOutlined'). The
 * names the built-in menus use are drawn at once; any other name the picker offers loads the
 * icon library first (its own chunk, fetched only when a menu names such an icon), showing the
 * plain file or folder icon meanwhile and for a name that is no icon.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import * as MENU_ICON_SET from './menu-icon-set';

const ICONS: Record<string, ComponentType> = { ...MENU_ICON_SET };

export const MENU_ICON_NAMES = Object.keys(ICONS);

const LibraryIcon = lazy(() =>
  import(/* webpackChunkName: "icon-grid" */ '../components/admin/IconGrid').then((m) => ({
    default: ({ name, fallback }: { name: string; fallback: ComponentType }) => {
      const Plain = fallback;
      return m.ICON_NAMES.includes(name) ? <m.NamedIcon name={name} /> : <Plain />;
    },
  })),
);

export function MenuIcon({ name, folder }: { name?: string | null; folder?: boolean }) {
  const Plain = folder ? MENU_ICON_SET.FolderOutlined : MENU_ICON_SET.FileOutlined;
  const Icon = name ? ICONS[name] : undefined;
  if (Icon) return <Icon />;
  if (!name) return <Plain />;
  return (
    <Suspense fallback={<Plain />}>
      <LibraryIcon name={name} fallback={Plain} />
    </Suspense>
  );
}
