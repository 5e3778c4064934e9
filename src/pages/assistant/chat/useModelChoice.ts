/**
 * The model picker's choice: shown at once, and the next question goes to it before the save
 * returns; a save that fails puts back the model it replaced (the request layer shows the error),
 * unless another choice came after it. Before the conversation exists, the choice waits for it.
 */
import { useRef, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import { updateConversation, type ConversationRow } from '../../../services/chat';

export function useModelChoice(o: {
  activeRef: MutableRefObject<string | null>;
  conversation: ConversationRow | null;
  setConversation: Dispatch<SetStateAction<ConversationRow | null>>;
  setDraftModel: (id: string) => void;
  /** after a save (the conversation list shows the change) */
  onSaved: () => void;
}) {
  const choice = useRef(0);
  return (id: string) => {
    const convId = o.activeRef.current;
    if (!convId) return o.setDraftModel(id);
    const previous = o.conversation?.id === convId ? o.conversation.model_id : null;
    const seq = ++choice.current;
    const latest = () => choice.current === seq && o.activeRef.current === convId;
    o.setConversation((c) => (c && c.id === convId ? { ...c, model_id: id } : c));
    updateConversation(convId, { model_id: id }).then(
      (row) => {
        if (latest()) o.setConversation(row);
        o.onSaved();
      },
      () => {
        if (latest() && previous !== null) o.setConversation((c) => (c && c.id === convId ? { ...c, model_id: previous } : c));
      },
    );
  };
}
