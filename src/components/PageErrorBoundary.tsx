/**
 * A page that fails to load or render (spec: a failed page load fires a preload-error event)
 * shows a notice with a reload button instead of a blank screen; the frame around it stays
 * usable, and moving to another page clears it.
 */
import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { useT } from '../shared/i18n';

function Failed({ chunk }: { chunk: boolean }) {
  const t = useT();
  return (
    <Result
      status="warning"
      title={t(chunk ? 'common.pageLoadFailed' : 'common.pageFailed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
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
