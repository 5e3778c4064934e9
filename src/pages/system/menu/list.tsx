/**
 * Menus (opendb-admin-menus) as a tree: name, id, icon, url, order, permissions, enabled.
 * "Add child" only on folder rows (empty url), after Edit and Delete so those line up on every
 * row; deleting a menu deletes its whole subtree, and the confirmation says how many menus go;
 * the two built-in roots cannot be deleted.
 * "Update built-in menus" adds the missing built-ins (never overwrites) and says how many.
 * Every change reloads the left menu.
 */
import { CloudSyncOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Link, useIntl, useModel } from '@umijs/max';
import { Button, Flex, Grid, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { booleanColumn, CellText, dateColumn, tagsColumn, textColumn, type ResourceColumn } from '../../../components/admin/columns';
import { IconPreview } from '../../../components/admin/IconPicker';
import ResourceList, { type ListContext } from '../../../components/admin/ResourceList';
import { useCan } from '../../../components/admin/access';
import { BUILT_IN_ROOTS, RULES } from '../../../../shared/permissions';
import { withQuery } from '../../../services/query-string';
import { menuResource, updateBuiltInMenus, type MenuRow } from '../../../services/system';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { menuLabel } from '../../../shared/menu';
import { flatten, isFolder, subtreeIds } from './tree';

const isRoot = (id: string) => (BUILT_IN_ROOTS as readonly string[]).includes(id);

export function useMenuName() {
  const intl = useIntl();
  return (name: string) => menuLabel(name, intl.messages as Record<string, unknown>, (id) => intl.formatMessage({ id }));
}

export default function MenuList() {
  const t = useT();
  const can = useCan();
  const nav = useModel('menu');
  const menuName = useMenuName();
  const [syncing, setSyncing] = useState(false);
  const wide = Grid.useBreakpoint().md !== false;

  const columns = useMemo<ResourceColumn<MenuRow>[]>(
    () => [
      {
        title: t('system.menu.name'),
        dataIndex: 'name',
        key: 'name',
        minWidth: 190,
        render: (_, r) => (
          <Flex gap={6} align="center" style={{ minWidth: 0 }}>
            <IconPreview name={r.icon} />
            <CellText text={menuName(r.name)} />
            {isFolder(r) ? <Tag style={{ flex: 'none', marginInlineEnd: 0 }}>{t('system.menu.folder')}</Tag> : null}
          </Flex>
        ),
      },
      textColumn(t('system.menu.id'), 'menu_id', { code: true, width: 160 }),
      {
        title: t('system.menu.url'),
        dataIndex: 'url',
        key: 'url',
        minWidth: 180,
        render: (_, r) => (r.url ? <CellText text={r.url} /> : '-'),
      },
      textColumn(t('system.menu.sort'), 'sort', { sorter: true, width: 90, hidden: true }),
      tagsColumn(t('system.field.permission'), 'permission', {
        empty: <Typography.Text type="secondary">{t('system.menu.adminOnly')}</Typography.Text>,
        hidden: true,
      }),
      booleanColumn(t, t('system.menu.enable'), 'enable', { filter: true }),
      dateColumn(t, t('system.field.createDate'), 'create_date', { hidden: true }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );

  /** the confirmation's count: the menus chosen and everything under them */
  const deleteDetails = async (rows: MenuRow[], ctx: ListContext<MenuRow>) => {
    const q = ctx.query();
    const narrowed = !!q.keyword || !!Object.keys(q.filters ?? {}).length;
    // a search shows part of the tree: count in the whole of it
    const all = narrowed ? await menuResource.listAll() : flatten(ctx.rows());
    const total = subtreeIds(
      all,
      rows.map((r) => r.menu_id),
    ).size;
    const below = total - rows.length;
    return rows.length === 1
      ? below > 0
        ? t('system.menu.deleteSubtree', { count: below, total })
        : t('system.menu.deleteNoChildren')
      : t('system.menu.deleteManySubtree', { total });
  };

  const syncBuiltIns = async (ctx: ListContext<MenuRow>) => {
    setSyncing(true);
    try {
      const { added } = await updateBuiltInMenus();
      toast(added ? t('system.menu.builtInAdded', { count: added }) : t('system.menu.builtInNone'), 'success');
      ctx.reload();
      void nav.refresh();
    } catch {
      // shown by the request layer
    } finally {
      setSyncing(false);
    }
  };

  return (
    <ResourceList
      resource={menuResource}
      title="route.system.menu.list"
      tree={{ parentField: 'parent_id' }}
      columns={columns}
      searchPlaceholder={t('system.menu.search')}
      access={RULES.menus}
      addPath="/pages/system/menu/add"
      editPath={(r) => withQuery('/pages/system/menu/edit', { id: r.menu_id })}
      rowLabel={(r) => menuName(r.name)}
      canDeleteRow={(r) => (isRoot(r.menu_id) ? t('error.MENU_BUILT_IN') : true)}
      deleteDetails={deleteDetails}
      onChanged={() => void nav.refresh()}
      rowActionsLast
      rowActions={(r) =>
        isFolder(r) && can(RULES.menus.create)
          ? [
              <Link
                key="child"
                to={withQuery('/pages/system/menu/add', { parent_id: r.menu_id })}
                aria-label={`${t('system.menu.addChild')} ${menuName(r.name)}`}
              >
                <PlusSquareOutlined /> {t('system.menu.addChild')}
              </Link>,
            ]
          : []
      }
      toolbar={(ctx) =>
        can(RULES.menus.create)
          ? [
              <Button
                key="builtin"
                icon={<CloudSyncOutlined />}
                loading={syncing}
                onClick={() => void syncBuiltIns(ctx)}
                // below 768 px the icon alone (list-search.css), so the toolbar keeps to one row of buttons
                aria-label={t('system.menu.updateBuiltIn')}
                title={wide ? undefined : t('system.menu.updateBuiltIn')}
              >
                <span className="list-toolbar-label">{t('system.menu.updateBuiltIn')}</span>
              </Button>,
            ]
          : []
      }
    />
  );
}
