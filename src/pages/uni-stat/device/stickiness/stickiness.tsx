/** uni-stat: the devices' stickiness (the shared report over devices). */
import Stickiness from '../../../../components/stat/subject/Stickiness';

export default function DeviceStickinessPage() {
  return <Stickiness subject="device" />;
}
