/**
 * The console reports its own use (launches, shows/hides, page views on route change, JS errors)
 * to its own receiver through the app SDK (sdk/stat), as app APP_ID with the signed-in user's id.
 * It reports the use of signed-in users: the sign-in pages load no SDK.
 */
import { version } from '../../package.json';
import type { Stat } from '../../sdk/stat';
import { APP_ID } from './app-info';
import { on } from './events';
import { decodeToken, readSession } from './session';

let started: Promise<Stat | null> | null = null;

/** starts reporting now when someone is signed in, else at the first sign-in */
export function reportConsoleUse(): void {
  if (readSession().token) void startConsoleStat();
  else on('login-success', () => void startConsoleStat());
}

/** the signed-in user's id, also while the access token waits for its refresh */
const currentUid = () => decodeToken(readSession().token)?.uid || null;

/**
 * Starts reporting once the page has loaded, so the SDK's chunk never delays the first screen.
 * Never in tests (jest sets NODE_ENV to 'test') or outside a browser.
 */
export function startConsoleStat(): Promise<Stat | null> {
  if (started) return started;
  if (typeof window === 'undefined' || process.env.NODE_ENV === 'test') return (started = Promise.resolve(null));
  started = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  })
    .then(() => import(/* webpackChunkName: "stat-sdk" */ '../../sdk/stat'))
    .then(({ createStat, webAdapters }) => {
      const stat = createStat({ ...webAdapters(), appid: APP_ID, endpoint: '/api/stat/report', platform: 'web', version, uid: currentUid() });
      const follow = () => stat.setUser(currentUid());
      on('login-success', follow);
      on('logout', follow);
      on('login-expired', follow);
      return stat;
    })
    .catch(() => null);
  return started;
}
