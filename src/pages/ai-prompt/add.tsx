/** A new store prompt (in the store at once). */
import StorePromptForm from './StorePromptForm';

export default function StorePromptAdd() {
  return <StorePromptForm mode="add" />;
}
