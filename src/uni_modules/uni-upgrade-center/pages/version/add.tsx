/** Add a version: the add rules live (strictly above the current stable version, a package fitting the platform and type). */
import VersionForm from '../../components/VersionForm';

export default function VersionAdd() {
  return <VersionForm mode="add" />;
}
