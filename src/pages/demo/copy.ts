/** Click-to-copy of the demo pages: the shared clipboard helper, and a toast saying what was copied. */
import { copyText } from '../../components/markdown/copy';
import { toast } from '../../shared/feedback';
import type { Translate } from '../../shared/i18n';

export async function copyWithToast(text: string, t: Translate) {
  if (await copyText(text)) toast(t('demo.copied', { text }), 'success');
  else toast(t('demo.copyFailed'), 'error');
}
