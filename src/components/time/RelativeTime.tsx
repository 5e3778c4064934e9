/**
 * A time shown relative to now ("just now", "5 minutes ago") within the spec's thresholds and as
 * the date past them; the exact date in a tooltip and the <time> element; it moves on as time passes.
 */
import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { DATE_FORMAT, relativeTime } from '../../shared/format';
import { useT } from '../../shared/i18n';
import './i18n';

/** every relative time on a page moves on with one timer */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(fn: () => void) {
  listeners.add(fn);
  timer ??= setInterval(() => listeners.forEach((l) => l()), 15_000);
  return () => {
    listeners.delete(fn);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export default function RelativeTime({ value, empty = '-' }: { value: string | number | Date | null | undefined; empty?: string }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  const relative = value != null && value !== '' ? relativeTime(value, now) : null;
  // only a time still within the thresholds changes as time passes
  const moving = !!relative && relative.kind !== 'date';
  useEffect(() => (moving ? subscribe(() => setNow(Date.now())) : undefined), [moving]);
  if (!relative) return <>{empty}</>;
  const exact = dayjs(value!).format(DATE_FORMAT);
  const text = relative.kind === 'date' ? relative.text : 'n' in relative ? t(`time.${relative.kind}`, { n: relative.n }) : t(`time.${relative.kind}`);
  const el = <time dateTime={dayjs(value!).toISOString()}>{text}</time>;
  return relative.kind === 'date' ? el : <Tooltip title={exact}>{el}</Tooltip>;
}
