import { useSearchParams } from '@umijs/max';
import RoleForm from './RoleForm';

export default function RoleEdit() {
  const [params] = useSearchParams();
  return <RoleForm mode="edit" id={params.get('id')} />;
}
