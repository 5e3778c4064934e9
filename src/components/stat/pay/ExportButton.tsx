/** The pay statistics lists' export button: downloads the xlsx of the list's current query, or shows why it failed. */
import '../i18n';
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { showRequestError } from '../../../services/request-layer';
import { type DownloadedFile, saveFile } from '../../../services/resource';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';

export default function ExportButton({ run, disabled }: { run: () => Promise<DownloadedFile>; disabled?: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      saveFile(await run());
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={go}>
      {t('stat.export')}
    </Button>
  );
}
