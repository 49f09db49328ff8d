import { ComingSoon } from '../../components/ui/Page';

export default function ChangePasswordPage() {
  return <ComingSoon title="Change Password" />;
}
