import TagForm from './TagForm';

export default function TagAdd() {
  return <TagForm mode="add" />;
}
