/** uni-stat: the users' activity (the shared report over users). */
import Activity from '../../../../components/stat/subject/Activity';

export default function UserActivityPage() {
  return <Activity subject="user" />;
}
