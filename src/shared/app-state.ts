/** The initial state (umi initialState plugin), as src/app.tsx getInitialState builds it. */
import type { UserInfo } from '../services/api';
import type { ThemeName } from './theme';
import type { TokenPayload } from './session';

export interface InitialState {
  appName: string;
  appid: string;
  theme: ThemeName;
  /** the signed-in user's info (GET /api/auth/me), null when signed out or not loaded */
  currentUser: UserInfo | null;
  /** the decoded token while it is valid */
  tokenPayload: TokenPayload | null;
}
