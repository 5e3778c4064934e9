/** uni-stat: the users' comparison (the shared report over users). */
import Comparison from '../../../../components/stat/subject/Comparison';

export default function UserComparisonPage() {
  return <Comparison subject="user" />;
}
