import { Navigate } from 'react-router';
import { useSession } from '../../lib/useSession';
import { sectionsFor } from './admin.sections';
import { AdminShell } from './AdminShell';
import './admin.css';

/** The back office; the stored user must be an admin (spec §2), and sees only the pages they hold. */
export default function AdminPage() {
  const { user } = useSession();
  if (!user || user.role !== 'admin') return <Navigate to="/" replace />;
  return <AdminShell sections={sectionsFor(user.accessPages)} />;
}
