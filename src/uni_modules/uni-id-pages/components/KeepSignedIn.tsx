/**
 * "Keep me signed in" on the login pages (spec sections 3 and 9: persistence 'session' by
 * default). Unticked, the login lasts as long as this tab; ticked, it is kept in localStorage.
 */
import { Checkbox, Form } from 'antd';
import type { Persistence } from '../../../shared/session';
import { useT } from '../../../shared/i18n';

const KEEP_FIELD = 'keepSignedIn';

export const persistenceOfChoice = (keep: boolean | undefined): Persistence => (keep ? 'local' : 'session');

/** the checkbox as a form field (`keepSignedIn`, unticked by default) */
export function KeepSignedInField() {
  const t = useT();
  return (
    <Form.Item name={KEEP_FIELD} valuePropName="checked" initialValue={false} style={{ marginBottom: 16 }}>
      <Checkbox>{t('login.keepSignedIn')}</Checkbox>
    </Form.Item>
  );
}

/** the checkbox on its own (pages whose sign-in is a button, not a form) */
export function KeepSignedInBox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return (
    <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)}>
      {t('login.keepSignedIn')}
    </Checkbox>
  );
}
