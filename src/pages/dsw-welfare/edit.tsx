/** Edit a welfare campaign (?id=). */
import { useSearchParams } from '@umijs/max';
import WelfareForm from './WelfareForm';

export default function WelfareEdit() {
  const [params] = useSearchParams();
  return <WelfareForm mode="edit" id={params.get('id')} />;
}
