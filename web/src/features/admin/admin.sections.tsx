import { TelegramSection } from './sections/TelegramSection';
import type { ComponentType } from 'react';
import { ACCESS_PAGES, type AccessPage } from '../../../../contracts/roles';
import { AdminsSection } from './sections/AdminsSection';
import { AmountSection } from './sections/AmountSection';
import { AuditSection } from './sections/AuditSection';
import { ColourFairnessSection } from './sections/ColourFairnessSection';
import { GamesSection } from './sections/GamesSection';
import { MoneyRequestsSection } from './sections/MoneyRequestsSection';
import { NotificationSection } from './sections/NotificationSection';
import { OverviewSection } from './sections/OverviewSection';
import { QrCodeSection } from './sections/QrCodeSection';
import { ReconcileSection } from './sections/ReconcileSection';
import { SpinnerPricesSection } from './sections/SpinnerPricesSection';
import { SupportSection } from './sections/SupportSection';
import { TransactionSection } from './sections/TransactionSection';
import { UsersSection } from './sections/UsersSection';

/** One back-office section: shown to admins who hold its access page (docs/security.md). */
export interface AdminSection {
  id: string;
  label: string;
  page: AccessPage;
  component: ComponentType;
}

/** Every section in the original app's tab order; a new section is one more entry here. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'overview', label: 'Overview', page: 'transaction', component: OverviewSection },
  { id: 'all-users', label: 'All Users', page: 'transaction', component: UsersSection },
  { id: 'transaction', label: 'Transaction', page: 'transaction', component: TransactionSection },
  { id: 'games', label: 'Games', page: 'games', component: GamesSection },
  {
    id: 'withdrawals',
    label: 'Withdrawals',
    page: 'withdraw-requests',
    component: () => <MoneyRequestsSection kind="withdrawal" title="Withdrawal History" />,
  },
  { id: 'admin-controller', label: 'Admin Controller', page: 'admin-management', component: () => <AdminsSection guide={accessPageGuide()} /> },
  { id: 'deposite', label: 'Deposite', page: 'transaction', component: () => <MoneyRequestsSection kind="deposit" title="Deposite History" /> },
  { id: 'bank-statements', label: 'Bank statements', page: 'reconcile', component: ReconcileSection },
  { id: 'telegram-deposite', label: 'Telegram Deposite', page: 'telegram', component: TelegramDepositsSection },
  { id: 'telegram', label: 'Telegram', page: 'telegram', component: TelegramSection },
  { id: 'qrcode', label: 'QRCode', page: 'qr-code', component: () => <QrCodeSection kind="fiat" title="QRCode" /> },
  { id: 'qrcode-crypto', label: 'QRCode Crypto', page: 'qr-code', component: () => <QrCodeSection kind="crypto" title="QRCode Crypto" /> },
  { id: 'spinner-prices', label: 'Spinner Prices', page: 'games', component: SpinnerPricesSection },
  { id: 'refer-amount', label: 'Refer Amount', page: 'games', component: () => <AmountSection setting="refer" title="Refer Amount" /> },
  { id: 'notification', label: 'Notification', page: 'games', component: NotificationSection },
  { id: 'support', label: 'Support', page: 'games', component: SupportSection },
  { id: 'colour-fairness', label: 'Colour Fairness', page: 'games', component: ColourFairnessSection },
  { id: 'audit-log', label: 'Audit Log', page: 'admin-management', component: AuditSection },
];

/** What each access page is called when an admin's pages are chosen or listed. */
const ACCESS_PAGE_NAMES: Record<AccessPage, string> = {
  transaction: 'Money and players',
  'withdraw-requests': 'Withdrawals',
  games: 'Games and site',
  telegram: 'Telegram',
  'admin-management': 'Admins and audit',
  'qr-code': 'Payment QR codes',
  reconcile: 'Bank statements',
};

/** An access page in words, with the labels of the sections it opens. */
export interface AccessPageInfo {
  page: AccessPage;
  name: string;
  sections: string[];
}

/** Every access page with the sections it opens, read from the section list above. */
export const accessPageGuide = (sections: readonly AdminSection[] = ADMIN_SECTIONS): AccessPageInfo[] =>
  ACCESS_PAGES.map((page) => ({ page, name: ACCESS_PAGE_NAMES[page], sections: sections.filter((s) => s.page === page).map((s) => s.label) }));

/** Telegram Deposite: the players' subscription payments, then the price they pay. */
function TelegramDepositsSection() {
  return (
    <>
      <MoneyRequestsSection
        kind="deposit"
        title="Telegram Deposite"
        method="telegram"
        note="Players' payments for a Telegram channel subscription. Approve one in Telegram › Subscription payments, where its channel is chosen; reject it here or there."
      />
      <AmountSection setting="telegram" title="Telegram Amount" level={2} />
    </>
  );
}

/** The first screen for admins who hold the transaction page. */
export const DEFAULT_SECTION = 'overview';

/** The sections whose access page the admin holds, in tab order. */
export const sectionsFor = (accessPages: readonly string[] | undefined, sections: readonly AdminSection[] = ADMIN_SECTIONS) =>
  sections.filter((s) => accessPages?.includes(s.page));
