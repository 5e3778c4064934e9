/**
 * What a link to the chat carries, taken from the URL once read: ?prompt= (a template's filled
 * text, with ?store= the store prompt it came from) waits in the input; ?assistant= starts a new
 * chat with that assistant (a store prompt just made into one).
 */
import { history, useLocation } from '@umijs/max';
import { useEffect, useRef } from 'react';
import { getAssistant, type ChatAssistant } from '../../../services/chat';

export function useChatLinks(on: { prompt: (text: string, storePromptId: string | null) => void; assistant: (a: ChatAssistant) => void }) {
  const location = useLocation();
  const handlers = useRef(on);
  handlers.current = on;
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const prompt = params.get('prompt');
    const store = params.get('store');
    const assistantId = params.get('assistant');
    if (prompt === null && !assistantId) return;
    for (const key of ['prompt', 'store', 'assistant']) params.delete(key);
    const rest = params.toString();
    history.replace({ pathname: location.pathname, search: rest ? `?${rest}` : '' });
    if (prompt !== null) handlers.current.prompt(prompt, store);
    if (assistantId)
      getAssistant(assistantId).then(
        (a) => handlers.current.assistant(a),
        () => undefined, // shown by the request layer
      );
  }, [location.search, location.pathname]);
}
