/** The console home's unread messages figure (a grid column of the home's row), linking to the inbox. */
import { BellOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Card, Col, Statistic, theme as antdTheme } from 'antd';
import { useT } from '../../shared/i18n';
import '../../pages/site-message/messages';
import { MY_MESSAGE_PAGE } from './MessageBell';
import { useUnread } from './unread';

export default function UnreadCard() {
  const t = useT();
  const { token } = antdTheme.useToken();
  const unread = useUnread();
  return (
    <Col xs={24} md={10} lg={8}>
      <Link to={MY_MESSAGE_PAGE} aria-label={t('route.myMessage')} data-testid="home-unread-messages">
        <Card hoverable>
          <Statistic
            title={t('msg.home.unread')}
            value={unread ?? '-'}
            prefix={<BellOutlined />}
            valueStyle={{ color: unread ? token.colorPrimary : undefined }}
          />
        </Card>
      </Link>
    </Col>
  );
}
