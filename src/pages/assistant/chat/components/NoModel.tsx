/** The chat without a model to answer: an admin gets a link to the model page, anyone else is told to ask. */
import { Link, useAccess } from '@umijs/max';
import { Empty, Flex, Typography } from 'antd';
import { RULES } from '../../../../../shared/permissions';
import { useT } from '../../../../shared/i18n';

export default function NoModel() {
  const t = useT();
  const access = useAccess() as { canAccess?: (rule: string) => boolean };
  return (
    <Empty
      className="chat-no-model"
      description={
        <Flex vertical gap={4} align="center">
          <Typography.Text strong>{t('chat.noModel')}</Typography.Text>
          {access.canAccess?.(RULES.aiModels) ? (
            <Link to="/pages/ai-model/list">{t('chat.noModelAdmin')}</Link>
          ) : (
            <Typography.Text type="secondary">{t('chat.noModelHint')}</Typography.Text>
          )}
        </Flex>
      }
    />
  );
}
