/** Retrieve by email (uni-id-pages retrieve-by-email): see components/RetrieveForm. */
import RetrieveForm from '../../components/RetrieveForm';

export default function RetrieveByEmail() {
  return <RetrieveForm channel="email" />;
}
