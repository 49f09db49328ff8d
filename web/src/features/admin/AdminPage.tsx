import { Navigate } from 'react-router';
import { useSession } from '../../lib/useSession';
import { sectionsFor } from './admin.sections';
import { AdminShell } from './AdminShell';
import GameHistoryPage from './GameHistoryPage';
// The Devanagari font, for the Hindi versions admins write (the notification, QR code titles).
import '../../lib/devanagari.css';
import './admin.css';

/**
 * The back office; an admin sees only the pages they hold (spec §2). A regular user sees only
 * their Game History; a visitor who is not signed in goes home.
 */
export default function AdminPage() {
  const { user } = useSession();
  if (!user) return <Navigate to="/" replace />;
  if (user.role !== 'admin') return <GameHistoryPage userId={user._id} />;
  return <AdminShell sections={sectionsFor(user.accessPages)} />;
}
