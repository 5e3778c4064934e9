/**
 * What the chat column shows above the input: the thread, or while there is none, its loading
 * state or error, an assistant's welcome with its starter questions, the no-model notice, or the
 * plain welcome.
 */
import { Welcome } from '@ant-design/x';
import { Alert, Button, Flex, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { ChatAssistant } from '../../../../services/chat';
import { useT } from '../../../../shared/i18n';
import { AssistantWelcome } from './Assistants';
import NoModel from './NoModel';

export default function ChatBody(props: {
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** the thread, when the conversation has messages */
  thread: ReactNode | null;
  assistant: ChatAssistant | null;
  noModel: boolean;
  /** an answer is streaming, or the models are loading: starter questions wait */
  busy: boolean;
  onAsk: (text: string) => void;
}) {
  const t = useT();
  const centred = (child: ReactNode, padding = 16) => (
    <Flex justify="center" align="center" style={{ height: '100%', padding, overflow: 'auto' }}>
      {child}
    </Flex>
  );
  if (props.loading) return <Skeleton active paragraph={{ rows: 6 }} style={{ padding: 16 }} />;
  if (props.error)
    return (
      <Alert
        type="error"
        showIcon
        message={t('chat.loadFailed')}
        description={props.error}
        action={
          <Button size="small" onClick={props.onRetry}>
            {t('common.retry')}
          </Button>
        }
        style={{ margin: 16 }}
      />
    );
  if (props.thread) return props.thread;
  if (props.assistant && !props.noModel) return centred(<AssistantWelcome assistant={props.assistant} disabled={props.busy} onAsk={props.onAsk} />);
  if (props.noModel) return centred(<NoModel />, 0);
  return centred(<Welcome variant="borderless" icon={null} title={t('chat.welcomeTitle')} description={t('chat.welcomeDescription')} />);
}
