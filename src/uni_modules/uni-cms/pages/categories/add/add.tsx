/** A new article category. */
import CategoryForm from '../../../components/CategoryForm';

export default function CategoryAdd() {
  return <CategoryForm mode="add" />;
}
