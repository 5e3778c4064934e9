/** A new article: the editor with a blank form (its local copy is kept under 'new'). */
import ArticleEditor from '../../../components/ArticleEditor';

export default function ArticleAdd() {
  return <ArticleEditor />;
}
