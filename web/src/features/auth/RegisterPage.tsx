import { ComingSoon } from '../../components/ui/Page';

export default function RegisterPage() {
  return <ComingSoon title="Register" />;
}
