/**
 * App state (spec section 3): appName 'console', appid, theme and the route list.
 * navMenu and inited live in the 'menu' model; the signed-in user in the initial state.
 */
import { routes } from '../../config/routes';
import { APP_ID, APP_NAME } from '../shared/app-info';
import { useTheme } from '../shared/theme';

export default function useAppModel() {
  const [theme, setTheme] = useTheme();
  return { appName: APP_NAME, appid: APP_ID, theme, setTheme, routes };
}
