/**
 * A page that fails to load or render (spec: a failed page load fires a preload-error event)
 * shows a notice with a reload button instead of a blank screen; the frame around it stays
 * usable, and moving to another page clears it.
 */
import { theme } from 'antd';
import { Component, type ReactNode } from 'react';
import { useT } from '../shared/i18n';

/** plain elements: this sits in the first bundle, which antd's Result would make 25 KB larger */
function Failed({ chunk }: { chunk: boolean }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <div role="alert" style={{ padding: '48px 16px', textAlign: 'center', color: token.colorText, fontFamily: token.fontFamily }}>
      <p style={{ fontSize: 16, margin: '0 0 16px' }}>{t(chunk ? 'common.pageLoadFailed' : 'common.pageFailed')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{
          padding: '6px 16px',
          border: 'none',
          borderRadius: token.borderRadius,
          background: token.colorPrimary,
          color: token.colorTextLightSolid,
          fontSize: token.fontSize,
          cursor: 'pointer',
        }}
      >
        {t('common.reload')}
      </button>
    </div>
  );
}

interface Props {
  /** the error clears when this changes (the path) */
  resetKey: string;
  children: ReactNode;
}

export default class PageErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('console:preload-error', { detail: error }));
    console.error(error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = /Loading (CSS )?chunk|ChunkLoadError|Failed to fetch dynamically imported module/i.test(`${error.name} ${error.message}`);
    return <Failed chunk={chunk} />;
  }
}
