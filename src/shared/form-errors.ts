/**
 * Server errors on form pages (spec section 8 / API contract): the server's errorMessage is
 * shown on the field it names (`field` in the error body); a business error without a field
 * is shown above the form; failed requests get the 'request service failed' modal.
 */
import type { FormInstance } from 'antd';
import { requestErrorOf, requestErrorText, showRequestError } from '../services/request-layer';
import { noticeModal, toast } from './feedback';
import { t } from './i18n';
import { SPEC } from './spec';

/**
 * @param fields the form's field names; `aliases` maps server field names to them
 * @param prefix put before a business error's text (spec section 8: "username/password login
 *   failed" with the server message appended)
 * @returns the text for a form-level message, or null when shown elsewhere
 */
export function applyServerError(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  aliases: Record<string, string> = {},
  prefix?: string,
): string | null {
  const info = requestErrorOf(error);
  if (info.kind === 'login-expired' || info.kind === 'aborted') return null;
  const own = requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS);
  const text = prefix && info.kind === 'business' ? t('login.failedWith', { what: prefix, message: own }) : own;
  if (info.kind === 'business') {
    const field = info.field ? (aliases[info.field] ?? info.field) : undefined;
    if (field && fields.includes(field)) {
      form.setFields([{ name: field, errors: [text] }]);
      form.scrollToField?.(field);
      form.focusField?.(field);
      return null;
    }
    return text;
  }
  showRequestError(error, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
  return null;
}
