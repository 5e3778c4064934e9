/** A report row's "show days" button: points the page's day chart at that row (disabled for the row shown). */
import './i18n';
import { LineChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useT } from '../../../shared/i18n';

export default function DaysButton({ shown, onClick }: { shown: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <Button
      type="text"
      size="small"
      icon={<LineChartOutlined />}
      disabled={shown}
      aria-label={t('statPage.showDays')}
      title={t('statPage.showDays')}
      onClick={onClick}
    />
  );
}
