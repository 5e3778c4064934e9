/** uni-stat: the users' trend (the shared report over users). */
import Trend from '../../../../components/stat/subject/Trend';

export default function UserTrendPage() {
  return <Trend subject="user" />;
}
