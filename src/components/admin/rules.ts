/**
 * Form rules of the admin pages: the server's own (route schemas in server/modules/system and
 * the account checks of shared/validation.ts), with the same limits and messages.
 */
import type { FormRule } from 'antd';
import type { Translate } from '../../shared/i18n';

/** ids of roles, permissions, tags, menus and apps (server: common.ts Id) */
export const ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;
export const ID_MAX = 64;

export function idRules(t: Translate, label: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('system.rule.required', { field: label }) },
    { max: ID_MAX, message: t('system.rule.max', { field: label, max: ID_MAX }) },
    { pattern: ID_PATTERN, message: t('system.rule.id', { field: label }) },
  ];
}

export function requiredText(t: Translate, label: string, max: number): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('system.rule.required', { field: label }) },
    { max, message: t('system.rule.max', { field: label, max }) },
  ];
}

export const maxText = (t: Translate, label: string, max: number): FormRule[] => [{ max, message: t('system.rule.max', { field: label, max }) }];

/** a rule from a shared check answering an error code (shown as error.<CODE>) or null */
export const checkRule =
  (check: (v: string) => string | null, t: Translate, opts: { optional?: boolean } = {}): FormRule =>
  () => ({
    validator: async (_: unknown, value: string | undefined | null) => {
      const v = (value ?? '').trim();
      if (opts.optional && !v) return;
      const code = check(v);
      if (code) throw new Error(t(`error.${code}`));
    },
  });

/** an integer within bounds (server: Type.Integer({ minimum, maximum })) */
export function integerRule(t: Translate, label: string, min: number, max: number): FormRule {
  return {
    validator: async (_: unknown, value: unknown) => {
      if (value === null || value === undefined || value === '') return;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) throw new Error(t('system.rule.integer', { field: label, min, max }));
    },
  };
}
