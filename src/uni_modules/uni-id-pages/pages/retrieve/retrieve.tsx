/** Retrieve by SMS (uni-id-pages retrieve): see components/RetrieveForm. `?mobile=` prefills the number. */
import RetrieveForm from '../../components/RetrieveForm';

export default function Retrieve() {
  return <RetrieveForm channel="mobile" />;
}
