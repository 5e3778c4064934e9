/** Add / edit a user tag; tagid is fixed once created. */
import KeyedForm from '../../../components/admin/KeyedForm';
import type { FormMode } from '../../../components/admin/ResourceForm';
import { RULES } from '../../../../shared/permissions';
import { tagResource } from '../../../services/system';

export default function TagForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  return (
    <KeyedForm
      resource={tagResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.system.tag.add', edit: 'route.system.tag.edit' }}
      listPath="/pages/system/tag/list"
      access={RULES.tags}
      fields={{
        key: { name: 'tagid', label: 'system.tag.id' },
        name: { name: 'name', label: 'system.tag.name' },
        note: { name: 'description', label: 'system.field.description' },
      }}
    />
  );
}
