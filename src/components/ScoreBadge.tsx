/**
 * The credits balance in the top bar: the score kept in local storage (spec section 3), followed
 * live as the chat and the home page save a new one (SCORE_EVENT) or another tab does (storage).
 */
import { WalletOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Button, Tooltip } from 'antd';
import { useSyncExternalStore } from 'react';
import { useT } from '../shared/i18n';
import { readScore, SCORE_EVENT } from '../shared/session';

function subscribe(onChange: () => void) {
  window.addEventListener(SCORE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SCORE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export default function ScoreBadge() {
  const t = useT();
  const score = useSyncExternalStore(
    subscribe,
    () => readScore(),
    () => null,
  );
  if (score === null) return null;
  return (
    <Tooltip title={t('nav.balanceTitle')}>
      <Button type="text" size="small" icon={<WalletOutlined />} onClick={() => history.push('/')} data-testid="top-bar-score">
        {t('nav.balance', { score })}
      </Button>
    </Tooltip>
  );
}
