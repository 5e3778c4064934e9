/** Edit a site message (?id=). */
import { useSearchParams } from '@umijs/max';
import MessageForm from './MessageForm';

export default function SiteMessageEdit() {
  const [params] = useSearchParams();
  return <MessageForm mode="edit" id={params.get('id')} />;
}
