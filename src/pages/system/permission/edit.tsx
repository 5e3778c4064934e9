import { useSearchParams } from '@umijs/max';
import PermissionForm from './PermissionForm';

export default function PermissionEdit() {
  const [params] = useSearchParams();
  return <PermissionForm mode="edit" id={params.get('id')} />;
}
