/** uni-stat: the devices' trend (the shared report over devices). */
import Trend from '../../../../components/stat/subject/Trend';

export default function DeviceTrendPage() {
  return <Trend subject="device" />;
}
