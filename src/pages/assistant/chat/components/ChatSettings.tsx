/**
 * The conversation's settings in the page header: the model picker and a popover with the
 * optional system prompt.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ChatModelInfo } from '../../../../services/chat';
import { useT } from '../../../../shared/i18n';

export function ModelPicker({
  models,
  value,
  onChange,
  disabled,
}: {
  models: ChatModelInfo[];
  value: string | null;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <Select
      className="chat-model-picker"
      aria-label={t('chat.model')}
      style={{ minWidth: 180, maxWidth: 280 }}
      value={value ?? undefined}
      placeholder={t('chat.model')}
      disabled={disabled}
      onChange={onChange}
      options={models.map((m) => ({ value: m.id, label: m.name }))}
      popupMatchSelectWidth={false}
    />
  );
}

export function SystemPromptButton({ value, onSave }: { value: string | null; onSave: (text: string | null) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value ?? '');
  useEffect(() => {
    if (open) setText(value ?? '');
  }, [open, value]);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('chat.systemPrompt')}
      content={
        <Flex vertical gap={8} style={{ width: 'min(420px, 80vw)' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('chat.systemPromptHint')}
          </Typography.Text>
          <Input.TextArea
            aria-label={t('chat.systemPrompt')}
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={4000}
            value={text}
            placeholder={t('chat.systemPromptPlaceholder')}
            onChange={(e) => setText(e.target.value)}
          />
          <Flex gap={8} justify="flex-end">
            <Button size="small" onClick={() => setOpen(false)}>
              {t('chat.cancel')}
            </Button>
            <Button
              size="small"
              type="primary"
              onClick={() => {
                setOpen(false);
                onSave(text.trim() ? text : null);
              }}
            >
              {t('chat.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Button icon={<SettingOutlined />} aria-label={t('chat.settings')} type={value ? 'primary' : 'default'} ghost={!!value}>
        {t('chat.settings')}
      </Button>
    </Popover>
  );
}
