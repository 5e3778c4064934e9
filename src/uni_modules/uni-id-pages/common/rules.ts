/**
 * Form rules of the account pages, from the server's own checks (shared/validation.ts), so a
 * field fails in the browser with the same message the server would answer.
 */
import type { FormRule } from 'antd';
import { checkEmail, checkNickname, checkPassword, checkUsername } from '../../../../shared/validation';
import type { Translate } from '../../../shared/i18n';

/** a form rule from a shared check that answers an error code or null */
export const ruleOf =
  (check: (v: string) => string | null, t: Translate, optional = false): FormRule =>
  () => ({
    validator: async (_: unknown, value: string | undefined) => {
      const v = (value ?? '').trim();
      if (optional && !v) return;
      const code = check(v);
      if (code) throw new Error(t(`error.${code}`));
    },
  });

/** the second password must equal the field `of` */
export const sameAs = (of: string, t: Translate, requiredKey = 'register.password2.required'): FormRule[] => [
  { required: true, message: t(requiredKey) },
  ({ getFieldValue }) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (value && value !== getFieldValue(of)) throw new Error(t('error.PASSWORD_MISMATCH'));
    },
  }),
];

export function accountRules(t: Translate) {
  return {
    username: [{ required: true, whitespace: true, message: t('register.username.required') }, ruleOf(checkUsername, t)] as FormRule[],
    nickname: [ruleOf((v) => checkNickname(v), t, true)],
    password: [{ required: true, message: t('login.password.required') }, ruleOf(checkPassword, t)] as FormRule[],
    password2: sameAs('password', t),
    email: [{ required: true, whitespace: true, message: t('account.email.required') }, ruleOf(checkEmail, t)] as FormRule[],
    code: [
      { required: true, whitespace: true, message: t('account.code.required') },
      { pattern: /^\s*\d{6}\s*$/, message: t('account.code.required') },
    ] as FormRule[],
    captcha: [{ required: true, whitespace: true, message: t('error.CAPTCHA_REQUIRED') }] as FormRule[],
  };
}
