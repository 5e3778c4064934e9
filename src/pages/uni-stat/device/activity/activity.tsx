/** uni-stat: the devices' activity (the shared report over devices). */
import Activity from '../../../../components/stat/subject/Activity';

export default function DeviceActivityPage() {
  return <Activity subject="device" />;
}
