import RoleForm from './RoleForm';

export default function RoleAdd() {
  return <RoleForm mode="add" />;
}
