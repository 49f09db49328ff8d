import { ComingSoon } from '../../components/ui/Page';

export default function PaymentPage() {
  return <ComingSoon title="Payment" />;
}
