/** uni-stat: the devices' retention (the shared report over devices). */
import Retention from '../../../../components/stat/subject/Retention';

export default function DeviceRetentionPage() {
  return <Retention subject="device" />;
}
