import { ComingSoon } from '../../components/ui/Page';

export default function LoginPage() {
  return <ComingSoon title="Login" />;
}
