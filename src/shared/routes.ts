/**
 * Looking up the console route of a path in config/routes.ts (paths there are exact, with a
 * catch-all '/*' for anything else).
 */
import { routes, type ConsoleRoute, type Frame } from '../../config/routes';

export function matchConsoleRoute(pathname: string, list: ConsoleRoute[] = routes): ConsoleRoute | undefined {
  const path = pathname.split('?')[0] || '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return list.find((r) => r.path === trimmed) ?? list.find((r) => r.path === '/*');
}

export function frameOf(route: ConsoleRoute | undefined): Frame {
  return route?.frame ?? 'full';
}
