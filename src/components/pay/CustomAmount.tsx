/**
 * The custom top-up amount: yuan with at most 2 decimals, within the server's minimum and maximum,
 * and the credits it buys at the rate shown as it is typed. The server checks the same rules.
 */
import './i18n';
import { Input, Typography } from 'antd';
import { formatCents, parseYuan } from '../../../shared/money';
import { creditsForCents } from '../../../shared/pay';
import type { PayOptions } from '../../services/pay';
import { useT, type Translate } from '../../shared/i18n';

export type CustomRules = PayOptions['custom'];

/** what is wrong with the text (null: fine), and the cents it names */
export function checkCustom(text: string, rules: CustomRules, t: Translate): { cents: number | null; error: string | null } {
  if (!text.trim()) return { cents: null, error: t('pay.custom.required') };
  const cents = parseYuan(text);
  if (cents === null || cents <= 0) return { cents: null, error: t('pay.custom.format') };
  if (cents < rules.min_cents || cents > rules.max_cents) {
    return { cents, error: t('pay.custom.range', { min: formatCents(rules.min_cents), max: formatCents(rules.max_cents) }) };
  }
  return { cents, error: null };
}

/** integer arithmetic, rounded down: the server's rule */

export default function CustomAmount({
  rules,
  value,
  onChange,
  error,
}: {
  rules: CustomRules;
  value: string;
  onChange: (v: string) => void;
  /** shown under the box (the local check once tried, or the server's answer) */
  error: string | null;
}) {
  const t = useT();
  const cents = parseYuan(value);
  return (
    <div>
      <Input
        prefix="¥"
        inputMode="decimal"
        aria-label={t('pay.custom.label')}
        placeholder={t('pay.custom.placeholder', { min: formatCents(rules.min_cents), max: formatCents(rules.max_cents) })}
        value={value}
        status={error ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
        style={{ maxWidth: 260 }}
      />
      {error ? (
        <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }} data-testid="pay-custom-error">
          {error}
        </Typography.Paragraph>
      ) : null}
      {/* the rate alone is on the "custom amount" card above: here only what a typed amount buys */}
      {cents !== null && cents > 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }} data-testid="pay-custom-preview">
          {t('pay.custom.preview', { credits: creditsForCents(cents, rules.credits_per_yuan), rate: rules.credits_per_yuan })}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}
