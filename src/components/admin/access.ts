/**
 * What the signed-in user may do on the admin pages: the same rule as the route table and the
 * server (src/access.ts), read from the loaded user info or, before it arrives, the token.
 * It only decides what is shown; the server checks every call itself.
 */
import { useModel } from '@umijs/max';
import { useCallback } from 'react';
import { checkAccess } from '../../access';
import type { InitialState } from '../../shared/app-state';
import { currentPayload } from '../../shared/session';

export type Can = (rule: string | null | undefined) => boolean;

export function useCan(): Can {
  const { initialState } = (useModel('@@initialState') ?? {}) as { initialState?: InitialState };
  const user = initialState?.currentUser ?? initialState?.tokenPayload ?? currentPayload();
  const key = user ? `${(user.role ?? []).join(',')}|${(user.permission ?? []).join(',')}` : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((rule) => checkAccess(rule, user), [key]);
}
