/**
 * "Keep me signed in" on every form that signs in (spec sections 3 and 9: persistence 'session'
 * by default). Unticked, the login lasts as long as this tab; ticked, it is kept in
 * localStorage. The box starts as this browser last left it (unticked the first time): the
 * choice is remembered in localStorage, apart from the login itself, so it outlives a sign-out.
 */
import { Checkbox, Form } from 'antd';
import { defaultStore, type Persistence } from '../../../shared/session';
import { useT } from '../../../shared/i18n';

const KEEP_FIELD = 'keepSignedIn';
/** where this browser's choice is remembered (no credential: just the box's last state) */
export const KEEP_SIGNED_IN_KEY = 'uni_id_keep_signed_in';

export const persistenceOfChoice = (keep: boolean | undefined): Persistence => (keep ? 'local' : 'session');

/** the box as this browser last left it */
export const rememberedKeepSignedIn = (): boolean => defaultStore().getItem(KEEP_SIGNED_IN_KEY) === '1';

export function rememberKeepSignedIn(keep: boolean) {
  defaultStore().setItem(KEEP_SIGNED_IN_KEY, keep ? '1' : '0');
}

/** the checkbox as a form field (`keepSignedIn`), starting as this browser last left it */
export function KeepSignedInField({ initial }: { initial?: boolean } = {}) {
  const t = useT();
  return (
    <Form.Item
      name={KEEP_FIELD}
      valuePropName="checked"
      initialValue={initial ?? rememberedKeepSignedIn()}
      getValueFromEvent={(e: { target: { checked: boolean } }) => {
        rememberKeepSignedIn(e.target.checked);
        return e.target.checked;
      }}
      style={{ marginBottom: 16 }}
    >
      <Checkbox>{t('login.keepSignedIn')}</Checkbox>
    </Form.Item>
  );
}

/** the checkbox on its own (pages whose sign-in is a button, not a form) */
export function KeepSignedInBox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return (
    <Checkbox
      checked={checked}
      onChange={(e) => {
        rememberKeepSignedIn(e.target.checked);
        onChange(e.target.checked);
      }}
    >
      {t('login.keepSignedIn')}
    </Checkbox>
  );
}
