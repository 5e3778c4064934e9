/** An AI proposal of subtasks as the user edits it before accepting (tick, rename, add, drop), and a run's tokens, credits and times. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Typography } from 'antd';
import { useT } from '../../../shared/i18n';
import type { RunResult } from '../../../services/todos';
import { TODO_LIMITS } from '../../../../shared/todo-breakdown';
import './messages';

export interface ProposedItem {
  key: number;
  title: string;
  checked: boolean;
}

let nextKey = 1;
export const proposalOf = (titles: string[]): ProposedItem[] => titles.map((title) => ({ key: nextKey++, title, checked: true }));
/** the titles the user keeps: ticked and not blank */
export const acceptedTitles = (items: ProposedItem[]) => items.filter((i) => i.checked && i.title.trim()).map((i) => i.title.trim());

export function ProposalEditor({ items, onChange, disabled }: { items: ProposedItem[]; onChange: (items: ProposedItem[]) => void; disabled?: boolean }) {
  const t = useT();
  const patch = (key: number, p: Partial<ProposedItem>) => onChange(items.map((i) => (i.key === key ? { ...i, ...p } : i)));
  return (
    <Flex vertical gap={6} data-testid="proposal">
      {items.map((i, n) => (
        <Flex key={i.key} gap={8} align="center">
          <Checkbox
            checked={i.checked}
            disabled={disabled}
            onChange={(e) => patch(i.key, { checked: e.target.checked })}
            aria-label={t('todos.proposal.keep', { n: n + 1 })}
          />
          <Input
            size="small"
            value={i.title}
            maxLength={TODO_LIMITS.TITLE}
            disabled={disabled}
            aria-label={t('todos.proposal.item', { n: n + 1 })}
            onChange={(e) => patch(i.key, { title: e.target.value })}
          />
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t('todos.proposal.remove')}
            onClick={() => onChange(items.filter((x) => x.key !== i.key))}
          />
        </Flex>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled || items.length >= TODO_LIMITS.SUBTASKS}
        onClick={() => onChange([...items, ...proposalOf([''])])}
      >
        {t('todos.proposal.add')}
      </Button>
    </Flex>
  );
}

/** tokens, credits, first token and total time of a finished (or stopped) run */
export function RunStats({ run, promptTokens }: { run: RunResult | null; promptTokens?: number | null }) {
  const t = useT();
  if (!run) return promptTokens ? <Typography.Text type="secondary">{t('todos.run.promptTokens', { n: promptTokens })}</Typography.Text> : null;
  const seconds = (ms: number | null) => (ms === null ? '-' : (ms / 1000).toFixed(2));
  return (
    <Typography.Text type="secondary" data-testid="run-stats">
      {t('todos.run.stats', {
        input: run.input_tokens,
        output: run.output_tokens,
        credits: run.credits,
        first: seconds(run.first_token_ms),
        total: seconds(run.total_ms),
      })}
    </Typography.Text>
  );
}
