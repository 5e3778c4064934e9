/** uni-stat: the users' stickiness (the shared report over users). */
import Stickiness from '../../../../components/stat/subject/Stickiness';

export default function UserStickinessPage() {
  return <Stickiness subject="user" />;
}
