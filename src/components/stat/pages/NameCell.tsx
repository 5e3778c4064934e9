/**
 * A channel's, scene's or event key's cell: its display name (the key under it and on hover), and for
 * MANAGE_UNI_STAT holders an inline rename (an empty name removes it; at most 64 characters).
 */
import './i18n';
import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { RULES } from '../../../../shared/permissions';
import { saveStatName, type StatNameKind } from '../../../services/stat-pages';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { useCan } from '../../admin/access';

/** the server's limit on a display name */
export const STAT_NAME_MAX = 64;

export interface NameCellProps {
  appId: string;
  kind: StatNameKind;
  /** the reported key */
  value: string;
  name: string;
  /** the name shown while the admin has given none (a scene's standard name) */
  defaultName?: string;
  /** how an empty key reads ('(no channel)') */
  emptyLabel?: string;
  onSaved: () => void;
}

export default function NameCell({ appId, kind, value, name, defaultName, emptyLabel, onSaved }: NameCellProps) {
  const t = useT();
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);
  const keyLabel = value || emptyLabel || '';
  const save = async () => {
    setSaving(true);
    try {
      await saveStatName({ app_id: appId, kind, key: value, name: draft.trim() });
      toast(t('statPage.rename.saved'), 'success');
      setEditing(false);
      onSaved();
    } catch {
      // the request layer has said why
    } finally {
      setSaving(false);
    }
  };
  if (editing)
    return (
      <Space.Compact>
        <Input
          size="small"
          autoFocus
          aria-label={t('statPage.rename', { key: keyLabel })}
          placeholder={t('statPage.rename.placeholder')}
          maxLength={STAT_NAME_MAX}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={save}
          onKeyDown={(e) => (e.key === 'Escape' ? setEditing(false) : undefined)}
          style={{ width: 200 }}
        />
        <Button size="small" type="primary" loading={saving} onClick={save}>
          {t('statPage.rename.save')}
        </Button>
        <Button size="small" onClick={() => setEditing(false)}>
          {t('statPage.rename.cancel')}
        </Button>
      </Space.Compact>
    );
  return (
    <Flex gap={4} align="center">
      <Flex vertical>
        <Typography.Text title={name || defaultName ? keyLabel : undefined}>{name || defaultName || keyLabel}</Typography.Text>
        {name || defaultName ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {keyLabel}
          </Typography.Text>
        ) : null}
      </Flex>
      {can(RULES.manageStats) ? (
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={t('statPage.rename', { key: keyLabel })}
          title={t('statPage.rename', { key: keyLabel })}
          onClick={() => {
            setDraft(name);
            setEditing(true);
          }}
        />
      ) : null}
    </Flex>
  );
}
