import { ComingSoon } from '../../components/ui/Page';

export default function PaymentSuccessPage() {
  return <ComingSoon title="PaymentSuccess" />;
}
