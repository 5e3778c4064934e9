/** uni-stat: the devices' overview (the shared report over devices). */
import Overview from '../../../../components/stat/subject/Overview';

export default function DeviceOverviewPage() {
  return <Overview subject="device" />;
}
