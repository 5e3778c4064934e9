/** Edit a store prompt (?id=). */
import { useSearchParams } from '@umijs/max';
import StorePromptForm from './StorePromptForm';

export default function StorePromptEdit() {
  const [params] = useSearchParams();
  return <StorePromptForm mode="edit" id={params.get('id')} />;
}
