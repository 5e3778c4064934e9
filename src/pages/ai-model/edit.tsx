import { useSearchParams } from '@umijs/max';
import AiModelForm from './AiModelForm';

export default function AiModelEdit() {
  const [params] = useSearchParams();
  return <AiModelForm mode="edit" id={params.get('id')} />;
}
