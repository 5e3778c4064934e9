/** The conversation's Export menu: Markdown (the branch on screen) or JSON (every branch, the files named). */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { downloadExport, type ExportFormat } from '../../../../services/chat';
import { useT } from '../../../../shared/i18n';

export default function ExportButton({ conversationId, title }: { conversationId: string; title?: string | null }) {
  const t = useT();
  const onExport = async (format: ExportFormat) => {
    try {
      await downloadExport(conversationId, format, title || 'conversation');
    } catch {
      /* shown by the request layer */
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'markdown', label: t('chat.exportMarkdown') },
          { key: 'json', label: t('chat.exportJson') },
        ],
        onClick: ({ key }) => void onExport(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />}>{t('chat.export')}</Button>
    </Dropdown>
  );
}
