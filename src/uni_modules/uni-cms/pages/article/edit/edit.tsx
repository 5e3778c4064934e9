/** Edit the article of ?id= in the editor. */
import { useSearchParams } from '@umijs/max';
import ArticleEditor from '../../../components/ArticleEditor';

export default function ArticleEdit() {
  const [params] = useSearchParams();
  return <ArticleEditor id={params.get('id') ?? ''} />;
}
