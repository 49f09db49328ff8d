import { ComingSoon } from '../../components/ui/Page';

export default function TelegramSubscriptionPage() {
  return <ComingSoon title="Telegram Subscription" />;
}
