/**
 * A page that fails to load or render shows a notice with a retry instead of a blank screen;
 * the frame around it stays usable, and moving to another page clears it. Spec section 4: a
 * failed page load (its code chunk) fires the preload-error event, which the error log
 * records; a render error goes to the log as such.
 * A page whose code failed to load retries by reloading: React keeps a failed lazy import.
 */
import { theme } from 'antd';
import { Component, type ReactNode } from 'react';
import { firePreloadError, isChunkLoadError, logError } from '../shared/error-log';
import { useT } from '../shared/i18n';

/** plain elements: this sits in the first bundle, which antd's Result would make 25 KB larger */
function Failed({ chunk, onRetry }: { chunk: boolean; onRetry: () => void }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <div role="alert" style={{ padding: '48px 16px', textAlign: 'center', color: token.colorText, fontFamily: token.fontFamily }}>
      <p style={{ fontSize: 16, margin: '0 0 16px' }}>{t(chunk ? 'common.pageLoadFailed' : 'common.pageFailed')}</p>
      <button
        type="button"
        onClick={onRetry}
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
        {t(chunk ? 'common.reload' : 'common.retryLoad')}
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
    if (isChunkLoadError(error)) firePreloadError(error);
    else logError('render', error);
    console.error(error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return <Failed chunk={chunk} onRetry={chunk ? () => window.location.reload() : () => this.setState({ error: null })} />;
  }
}
