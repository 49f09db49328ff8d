import { Page } from '../../components/ui/Page';
import { REFER_TITLE, ReferEarnPanel } from './ReferEarn';

export default function ReferEarnPage() {
  return (
    <Page title={REFER_TITLE} narrow>
      <div className="auth-card auth-card--flat">
        <ReferEarnPanel />
      </div>
    </Page>
  );
}
