import { useSearchParams } from '@umijs/max';
import MenuForm from './MenuForm';

export default function MenuEdit() {
  const [params] = useSearchParams();
  return <MenuForm mode="edit" id={params.get('id')} />;
}
