/** Batch "set tags": the chosen tags replace the tags of every selected user. */
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import ResourceSelect from '../../../components/admin/ResourceSelect';
import { setUserTags, tagResource } from '../../../services/system';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';

export default function SetTagsModal({ ids, open, onClose, onDone }: { ids: string[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const [tags, setTags] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const r = await setUserTags({ ids, tags });
      toast(t('system.user.tagsSet', { count: r.updated }), 'success');
      setTags([]);
      onDone();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('system.user.setTagsTitle', { count: ids.length })}
      okText={t('system.user.setTagsOk')}
      cancelText={t('system.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('system.user.setTagsOverwrite')} style={{ marginBottom: 16 }} />
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item label={t('system.field.tags')} htmlFor="set-tags-select">
          <ResourceSelect
            id="set-tags-select"
            resource={tagResource}
            mode="multiple"
            value={tags}
            onChange={(v) => setTags((v as string[]) ?? [])}
            placeholder={t('system.picker.tags')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
