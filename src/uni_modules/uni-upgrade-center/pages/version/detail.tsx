/** A version's details (`?id=`): every field, the editable ones (title, notes, flags, stable, min version, stores) saved in place. */
import { useSearchParams } from '@umijs/max';
import VersionForm from '../../components/VersionForm';

export default function VersionDetail() {
  const [params] = useSearchParams();
  return <VersionForm mode="edit" id={params.get('id')} />;
}
