import { ComingSoon } from '../../components/ui/Page';

export default function AdminPage() {
  return <ComingSoon title="Admin Panel" />;
}
