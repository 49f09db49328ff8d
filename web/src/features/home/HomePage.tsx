import { ComingSoon } from '../../components/ui/Page';

export default function HomePage() {
  return <ComingSoon title="Home" />;
}
