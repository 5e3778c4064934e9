/** New welfare campaign. */
import WelfareForm from './WelfareForm';

export default function WelfareAdd() {
  return <WelfareForm mode="add" />;
}
