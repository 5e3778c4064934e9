import MenuForm from './MenuForm';

export default function MenuAdd() {
  return <MenuForm mode="add" />;
}
