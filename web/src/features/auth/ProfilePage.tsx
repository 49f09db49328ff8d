import { ComingSoon } from '../../components/ui/Page';

export default function ProfilePage() {
  return <ComingSoon title="Profile" />;
}
