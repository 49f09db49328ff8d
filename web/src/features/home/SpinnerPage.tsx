import { ComingSoon } from '../../components/ui/Page';

export default function SpinnerPage() {
  return <ComingSoon title="Spinner" />;
}
