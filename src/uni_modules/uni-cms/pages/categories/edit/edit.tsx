/** Edit the article category of ?id=. */
import { useSearchParams } from '@umijs/max';
import CategoryForm from '../../../components/CategoryForm';

export default function CategoryEdit() {
  const [params] = useSearchParams();
  return <CategoryForm mode="edit" id={params.get('id')} />;
}
