/** uni-stat: the devices' comparison (the shared report over devices). */
import Comparison from '../../../../components/stat/subject/Comparison';

export default function DeviceComparisonPage() {
  return <Comparison subject="device" />;
}
