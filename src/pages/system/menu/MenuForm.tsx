/**
 * Add / edit a menu: menu_id fixed once created; name (built-in names are translation keys),
 * icon picker, url ('/' or http, empty = folder), order, parent folder, permissions (empty =
 * admins only), enabled. `?parent_id=` (from "add child") preselects the parent. Saving
 * reloads the left menu.
 */
import { ProForm, ProFormDependency, ProFormDigit, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useModel, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Tag, TreeSelect, Typography } from 'antd';
import { useMemo } from 'react';
import IconPicker from '../../../components/admin/IconPicker';
import ResourceForm, { type FormMode } from '../../../components/admin/ResourceForm';
import { buildTree } from '../../../components/admin/ResourceList';
import ResourceSelect from '../../../components/admin/ResourceSelect';
import { idRules, integerRule, maxText, requiredText } from '../../../components/admin/rules';
import { menuRuleOf } from '../../../../config/routes';
import { ADMIN_ROLE, BUILT_IN_ROOTS, RULES } from '../../../../shared/permissions';
import { menuResource, permissionResource, type MenuRow } from '../../../services/system';
import { useT } from '../../../shared/i18n';
import { useMenuName } from './list';
import { isFolder, subtreeIds } from './tree';

interface Values extends Record<string, unknown> {
  menu_id: string;
  name: string;
  icon?: string | null;
  url?: string | null;
  sort?: number;
  parent_id?: string | null;
  permission?: string[];
  enable: boolean;
}

interface ParentNode {
  value: string;
  title: string;
  disabled?: boolean;
  children?: ParentNode[];
}

/** the folders a menu may sit under (not the menu itself nor anything below it) */
function useParentTree(self: string | null, label: (name: string) => string) {
  const all = useRequest(() => menuResource.listAll({}, { skipErrorHandler: true }), { onError: () => undefined });
  return useMemo(() => {
    const rows = all.data ?? [];
    const excluded = self ? subtreeIds(rows, [self]) : new Set<string>();
    const folders = rows.filter((r) => isFolder(r) && !excluded.has(r.menu_id));
    const toNode = (r: MenuRow & { children?: MenuRow[] }): ParentNode => ({
      value: r.menu_id,
      title: `${label(r.name)} (${r.menu_id})`,
      children: r.children?.map(toNode),
    });
    return {
      tree: buildTree(folders as unknown as Record<string, unknown>[], 'menu_id', 'parent_id').map((r) => toNode(r as never)),
      loading: all.loading,
      failed: !!all.error,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [all.data, all.loading, all.error, self]);
}

const URL_OK = (v: string) => !v || v.startsWith('/') || /^https?:\/\//i.test(v);

export default function MenuForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  const nav = useModel('menu');
  const [params] = useSearchParams();
  const menuName = useMenuName();
  const parents = useParentTree(mode === 'edit' ? (id ?? null) : null, menuName);
  return (
    <ResourceForm<typeof menuResource, Values>
      resource={menuResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.system.menu.add', edit: 'route.system.menu.edit' }}
      listPath="/pages/system/menu/list"
      access={RULES.menus}
      immutable={['menu_id']}
      initialValues={{ parent_id: params.get('parent_id') || undefined, sort: 0, enable: true, permission: [] }}
      toValues={(r) => ({ ...r, parent_id: r.parent_id || undefined, icon: r.icon || undefined, url: r.url || undefined })}
      toBody={(v) => ({
        menu_id: v.menu_id?.trim(),
        name: v.name.trim(),
        icon: v.icon?.trim() || null,
        url: v.url?.trim() || null,
        sort: v.sort ?? 0,
        parent_id: v.parent_id || null,
        permission: v.permission ?? [],
        enable: v.enable,
      })}
      onSaved={() => void nav.refresh()}
    >
      {({ locked, row }) => {
        const isRoot = !!row && (BUILT_IN_ROOTS as readonly string[]).includes(row.menu_id);
        return (
          <>
            <ProFormText
              name="menu_id"
              label={t('system.menu.id')}
              disabled={locked('menu_id')}
              extra={locked('menu_id') ? t('system.form.fixedAfterCreate') : t('system.form.idHint')}
              rules={locked('menu_id') ? [] : idRules(t, t('system.menu.id'))}
              fieldProps={{ maxLength: 64, autoComplete: 'off', spellCheck: false }}
            />
            <ProFormText
              name="name"
              label={t('system.menu.name')}
              rules={requiredText(t, t('system.menu.name'), 64)}
              fieldProps={{ maxLength: 64 }}
              extra={
                <ProFormDependency name={['name']}>
                  {({ name }) =>
                    name && menuName(name) !== name ? (
                      <Typography.Text type="secondary">{t('system.menu.nameIsKey', { text: menuName(name) })}</Typography.Text>
                    ) : (
                      t('system.menu.nameHint')
                    )
                  }
                </ProFormDependency>
              }
            />
            <ProForm.Item name="icon" label={t('system.menu.icon')} rules={maxText(t, t('system.menu.icon'), 100)}>
              <IconPicker />
            </ProForm.Item>
            <ProFormText
              name="url"
              label={t('system.menu.url')}
              extra={t('system.menu.urlHint')}
              rules={[
                ...maxText(t, t('system.menu.url'), 1000),
                {
                  validator: async (_, v: string | null | undefined) => {
                    if (!URL_OK((v ?? '').trim())) throw new Error(t('error.MENU_URL_INVALID'));
                  },
                },
              ]}
              fieldProps={{ maxLength: 1000, spellCheck: false }}
            />
            <ProFormDigit
              name="sort"
              label={t('system.menu.sort')}
              extra={t('system.menu.sortHint')}
              rules={[integerRule(t, t('system.menu.sort'), -1_000_000, 1_000_000)]}
              fieldProps={{ precision: 0, min: -1_000_000, max: 1_000_000 }}
            />
            <ProForm.Item name="parent_id" label={t('system.menu.parent')} extra={isRoot ? t('system.menu.rootFixed') : t('system.menu.parentHint')}>
              <TreeSelect
                allowClear
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                disabled={isRoot}
                loading={parents.loading}
                notFoundContent={parents.failed ? t('system.picker.loadFailed') : undefined}
                placeholder={t('system.menu.noParent')}
                treeData={parents.tree}
              />
            </ProForm.Item>
            <ProFormDependency name={['url']}>
              {({ url }: { url?: string }) => {
                // a console page's entry is seen by whoever may open the page: one rule, the page's
                const page = menuRuleOf(url?.trim());
                return page ? (
                  <ProForm.Item label={t('system.field.permission')} extra={t('system.menu.permissionFromPage')}>
                    <span data-testid="menu-page-rule">
                      {!page.rule ? t('system.menu.everyone') : page.rule === ADMIN_ROLE ? t('system.menu.adminOnly') : <Tag>{page.rule}</Tag>}
                    </span>
                  </ProForm.Item>
                ) : (
                  <ProForm.Item name="permission" label={t('system.field.permission')} extra={t('system.menu.permissionHint')}>
                    <ResourceSelect resource={permissionResource} mode="multiple" placeholder={t('system.picker.permissions')} />
                  </ProForm.Item>
                );
              }}
            </ProFormDependency>
            <ProFormSwitch name="enable" label={t('system.menu.enable')} />
          </>
        );
      }}
    </ResourceForm>
  );
}
