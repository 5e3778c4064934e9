import { useSearchParams } from '@umijs/max';
import TagForm from './TagForm';

export default function TagEdit() {
  const [params] = useSearchParams();
  return <TagForm mode="edit" id={params.get('id')} />;
}
