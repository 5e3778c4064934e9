/** uni-stat: the users' overview (the shared report over users). */
import Overview from '../../../../components/stat/subject/Overview';

export default function UserOverviewPage() {
  return <Overview subject="user" />;
}
