import PermissionForm from './PermissionForm';

export default function PermissionAdd() {
  return <PermissionForm mode="add" />;
}
