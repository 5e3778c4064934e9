/** uni-stat: the users' retention (the shared report over users). */
import Retention from '../../../../components/stat/subject/Retention';

export default function UserRetentionPage() {
  return <Retention subject="user" />;
}
