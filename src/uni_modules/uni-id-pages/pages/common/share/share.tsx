/**
 * A shared conversation (?t=<link token>): read-only, no top bar or left menu. Under uni-id-pages'
 * common pages because the login guard lets those through: a link to anyone opens signed out.
 * The page itself is the chat's (pages/assistant/chat/components/SharedView.tsx).
 */
import SharedView from '../../../../../pages/assistant/chat/components/SharedView';

export default function SharedConversationPage() {
  return <SharedView />;
}
