import AiModelForm from './AiModelForm';

export default function AiModelAdd() {
  return <AiModelForm mode="add" />;
}
