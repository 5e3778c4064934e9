/**
 * Thumbs up or down under an answer: up (again: taken back), down with an optional comment on
 * what went wrong. Saved at once; the operators read it in the AI usage log, per model.
 */
import { DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { rateAnswer, type MessageRow } from '../../../../services/chat';
import { toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';

type Rating = 'up' | 'down' | null;

export default function AnswerFeedback({ message }: { message: MessageRow }) {
  const t = useT();
  const [rating, setRating] = useState<Rating>(message.feedback ?? null);
  const [comment, setComment] = useState(message.feedback_comment ?? '');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setRating(message.feedback ?? null);
    setComment(message.feedback_comment ?? '');
  }, [message.id, message.feedback, message.feedback_comment]);

  const save = async (next: Rating, text: string | null) => {
    setSaving(true);
    try {
      const saved = await rateAnswer(message.id, { rating: next, comment: text });
      setRating(saved.rating);
      setComment(saved.comment ?? '');
      setOpen(false);
      toast(t(saved.rating ? 'chat.feedback.thanks' : 'chat.feedback.removed'), 'success');
    } catch {
      // the request layer showed the error; the choice shown stays what was saved
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex align="center" gap={2} className="chat-feedback">
      <Tooltip title={t('chat.feedback.good')}>
        <Button
          size="small"
          type="text"
          aria-label={t('chat.feedback.good')}
          aria-pressed={rating === 'up'}
          icon={rating === 'up' ? <LikeFilled /> : <LikeOutlined />}
          disabled={saving}
          onClick={() => void save(rating === 'up' ? null : 'up', null)}
        />
      </Tooltip>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        title={t('chat.feedback.whatWentWrong')}
        content={
          <Flex vertical gap={8} style={{ width: 'min(320px, calc(100vw - 48px))' }}>
            <Input.TextArea
              aria-label={t('chat.feedback.whatWentWrong')}
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={1000}
              showCount
              placeholder={t('chat.feedback.commentPlaceholder')}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('chat.feedback.who')}
            </Typography.Text>
            <Flex gap={8} justify="flex-end" wrap>
              {rating === 'down' ? (
                <Button size="small" disabled={saving} onClick={() => void save(null, null)}>
                  {t('chat.feedback.takeBack')}
                </Button>
              ) : null}
              <Button size="small" type="primary" loading={saving} onClick={() => void save('down', comment)}>
                {t('chat.feedback.send')}
              </Button>
            </Flex>
          </Flex>
        }
      >
        <Tooltip title={t('chat.feedback.bad')}>
          <Button
            size="small"
            type="text"
            aria-label={t('chat.feedback.bad')}
            aria-pressed={rating === 'down'}
            icon={rating === 'down' ? <DislikeFilled /> : <DislikeOutlined />}
            disabled={saving}
          />
        </Tooltip>
      </Popover>
    </Flex>
  );
}
