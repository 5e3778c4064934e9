/** The top bar's bell: the unread message count as a badge, opening the inbox; asks again on every navigation. */
import { BellOutlined } from '@ant-design/icons';
import { history, useLocation } from '@umijs/max';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../shared/i18n';
import { clearUnread, useUnread } from './unread';

export const MY_MESSAGE_PAGE = '/pages/index/my-message';

export default function MessageBell({ tooltip = true }: { tooltip?: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  const unread = useUnread(pathname);
  // leaving the frame is signing out: the next user starts from their own count
  useEffect(() => clearUnread, []);
  const label = unread ? `${t('route.myMessage')} (${unread})` : t('route.myMessage');
  return (
    <Tooltip title={tooltip ? t('route.myMessage') : null}>
      <Button type="text" size="small" aria-label={label} onClick={() => history.push(MY_MESSAGE_PAGE)} data-testid="top-bar-messages">
        <Badge count={unread ?? 0} size="small" overflowCount={99} offset={[4, -2]}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
