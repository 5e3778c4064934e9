import { useSearchParams } from '@umijs/max';
import UserForm from './UserForm';

export default function UserEdit() {
  const [params] = useSearchParams();
  return <UserForm mode="edit" id={params.get('id')} />;
}
