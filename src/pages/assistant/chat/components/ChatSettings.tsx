/**
 * The conversation's settings in the page header: the model picker and a popover with the
 * optional system prompt and sampling parameters.
 */
import { QuestionCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Popover, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { ChatModelInfo, ConversationRow as Conversation } from '../../../../services/chat';
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

/** what the settings popover edits: the system prompt and the sampling parameters (null: the model's own) */
export type ChatSettingsValue = Pick<Conversation, 'system_prompt' | 'temperature' | 'top_p' | 'max_tokens'>;
export const NO_SETTINGS: ChatSettingsValue = { system_prompt: null, temperature: null, top_p: null, max_tokens: null };
export const settingsOf = (c: Conversation): ChatSettingsValue => ({
  system_prompt: c.system_prompt,
  temperature: c.temperature,
  top_p: c.top_p,
  max_tokens: c.max_tokens,
});

/** the parameters' fields: key, input bounds and step (an empty field leaves the model its default) */
export const PARAMETERS = [
  { key: 'temperature', label: 'chat.param.temperature', hint: 'chat.param.temperatureHint', min: 0, max: 2, step: 0.1, precision: 2 },
  { key: 'top_p', label: 'chat.param.topP', hint: 'chat.param.topPHint', min: 0.01, max: 1, step: 0.05, precision: 2 },
  { key: 'max_tokens', label: 'chat.param.maxTokens', hint: 'chat.param.maxTokensHint', min: 1, max: undefined, step: 100, precision: 0 },
] as const;

/**
 * The conversation's settings: a system prompt the model follows throughout, and the sampling
 * parameters (temperature, top-p, the longest answer), each left empty for the model's default.
 * `maxOutput`: the picked model's longest answer (the bound of the last field).
 */
export function SettingsButton({ value, maxOutput, onSave }: { value: ChatSettingsValue; maxOutput?: number; onSave: (v: ChatSettingsValue) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ChatSettingsValue>(value);
  // the draft starts from the saved settings when the popover opens, and only then: a refetch of
  // the conversation while it is open (an answer ending) must not wipe what is being typed
  const openWith = (next: boolean) => {
    if (next && !open) setDraft(value);
    setOpen(next);
  };
  const changed = Object.values(value).some((v) => v !== null && v !== '');
  const save = () => {
    setOpen(false);
    onSave({ ...draft, system_prompt: draft.system_prompt?.trim() ? draft.system_prompt : null });
  };
  return (
    <Popover
      open={open}
      onOpenChange={openWith}
      trigger="click"
      placement="bottomRight"
      // on a phone the button sits mid-screen: the popover slides back inside the screen
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      title={t('chat.systemPrompt')}
      content={
        <Flex vertical gap={8} style={{ width: 'min(420px, calc(100vw - 48px))' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('chat.systemPromptHint')}
          </Typography.Text>
          <Input.TextArea
            aria-label={t('chat.systemPrompt')}
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={4000}
            value={draft.system_prompt ?? ''}
            placeholder={t('chat.systemPromptPlaceholder')}
            onChange={(e) => setDraft((d) => ({ ...d, system_prompt: e.target.value }))}
          />
          <Typography.Text strong>{t('chat.parameters')}</Typography.Text>
          {PARAMETERS.map((p) => (
            <Flex key={p.key} align="center" gap={8} wrap>
              <label htmlFor={`chat-param-${p.key}`} style={{ flex: '1 1 160px', minWidth: 0 }}>
                {t(p.label)}{' '}
                <Tooltip title={t(p.hint)}>
                  <QuestionCircleOutlined aria-label={t(p.hint)} style={{ color: 'var(--ant-color-text-tertiary)' }} />
                </Tooltip>
              </label>
              <InputNumber<number>
                id={`chat-param-${p.key}`}
                style={{ width: 150 }}
                min={p.min}
                max={p.max ?? maxOutput}
                step={p.step}
                precision={p.precision}
                placeholder={t('chat.param.modelDefault')}
                value={draft[p.key]}
                onChange={(v) => setDraft((d) => ({ ...d, [p.key]: v ?? null }))}
                onPressEnter={save}
              />
            </Flex>
          ))}
          <Flex gap={8} justify="space-between" wrap>
            <Button
              size="small"
              type="link"
              style={{ paddingInline: 0 }}
              onClick={() => setDraft((d) => ({ ...d, temperature: null, top_p: null, max_tokens: null }))}
            >
              {t('chat.param.reset')}
            </Button>
            <Flex gap={8}>
              <Button size="small" onClick={() => setOpen(false)}>
                {t('chat.cancel')}
              </Button>
              <Button size="small" type="primary" onClick={save}>
                {t('chat.save')}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      }
    >
      <Button icon={<SettingOutlined />} aria-label={t('chat.settings')} type={changed ? 'primary' : 'default'} ghost={changed}>
        {t('chat.settings')}
      </Button>
    </Popover>
  );
}
