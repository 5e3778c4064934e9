/**
 * Shown while a page's code loads (umi's global loading component). Plain CSS, so that it
 * adds nothing to the first bundle.
 */
export default function Loading() {
  return (
    <div className="console-loading" role="status" aria-busy="true">
      <span className="console-loading-dot" />
    </div>
  );
}
