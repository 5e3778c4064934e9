/** Write a site message. */
import MessageForm from './MessageForm';

export default function SiteMessageAdd() {
  return <MessageForm mode="add" />;
}
