import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Field } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Pager } from '../../../components/ui/Pager';
import { Empty, ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { formatDateTime } from '../../../lib/format';
import { formatDay } from '../admin.format';
import { useBlockUser, useReleaseWithdrawals, useSetUserPassword, useUpdateUser, useUsers, type ManagedUser } from '../backoffice.api';
import { SectionHead } from './SectionHead';
import { UserHistoryDialog } from './UserHistoryDialog';

/** Whether an admin's change of the player's password or contact holds their withdrawals now. */
const isHeld = (user: ManagedUser) => Boolean(user.withdrawalsHeldUntil && Date.parse(user.withdrawalsHeldUntil) > Date.now());

/** One row, with its actions; editing opens a dialog, so the row never widens past the screen. */
function UserRow({
  user,
  onView,
  onEdit,
  onPassword,
  onBlock,
  onRelease,
}: {
  user: ManagedUser;
  onView: () => void;
  onEdit: () => void;
  onPassword: () => void;
  onBlock: () => void;
  onRelease: () => void;
}) {
  const held = isHeld(user);
  return (
    <tr className={user.blocked ? 'admin-row--blocked' : undefined}>
      <td data-label="History">
        <Button variant="ghost" className="admin-mini" onClick={onView} aria-label={`View the history of ${user.fullName}`}>
          View
        </Button>
      </td>
      <td data-label="Name" className="admin-cell--wrap admin-cell--name">
        <span>
          {user.fullName}
          {user.role === 'admin' && <span className="admin-badge admin-badge--info">admin</span>}
          {user.blocked && <span className="admin-badge admin-badge--off">blocked</span>}
          {user.exclusion && (
            <span className="admin-badge admin-badge--off" title="Taken by the player; nobody can shorten it">
              {user.exclusion.kind === 'timeout' ? 'time-out' : 'self-excluded'} until {formatDay(user.exclusion.endsAt)}
            </span>
          )}
          {held && (
            <span className="admin-badge admin-badge--off" title="An admin set this player's password or contact; another admin may release the hold">
              withdrawals held until {formatDateTime(user.withdrawalsHeldUntil!)}
            </span>
          )}
        </span>
      </td>
      <td data-label="Email" className="admin-cell--wrap">
        {user.email}
      </td>
      <td data-label="Phone">{user.phoneNumber}</td>
      <td data-label="Created At">{formatDay(user.createdAt)}</td>
      <td data-label="Actions">
        <div className="admin-actions">
          {user.role === 'admin' ? (
            <span className="admin-muted">In Admin Controller</span>
          ) : (
            <>
              <Button variant="secondary" className="admin-mini" onClick={onEdit} aria-label={`Edit ${user.fullName}`}>
                Edit
              </Button>
              <Button variant="ghost" className="admin-mini" onClick={onPassword} aria-label={`Set a new password for ${user.fullName}`}>
                Password
              </Button>
              <Button
                variant={user.blocked ? 'secondary' : 'danger'}
                className="admin-mini"
                onClick={onBlock}
                aria-label={`${user.blocked ? 'Unblock' : 'Block'} ${user.fullName}`}
              >
                {user.blocked ? 'Unblock' : 'Block'}
              </Button>
              {held && (
                <Button variant="secondary" className="admin-mini" onClick={onRelease} aria-label={`Release the withdrawals of ${user.fullName}`}>
                  Release withdrawals
                </Button>
              )}
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

/** A player's name, e-mail and phone, edited in a dialog that fits a phone as well as a desktop. */
function EditUserDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const update = useUpdateUser();
  const [draft, setDraft] = useState({ fullName: user.fullName, email: user.email, phoneNumber: user.phoneNumber });
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  return (
    <Modal open title={`Edit ${user.fullName}`} onClose={onClose}>
      <form
        className="admin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            { id: user._id, ...draft },
            {
              onSuccess: (res) => {
                notify.success(res.message);
                onClose();
              },
              onError: (err) => notify.error(errorMessage(err, 'Failed to update user')),
            },
          );
        }}
      >
        <Field label="Name" autoComplete="off" value={draft.fullName} maxLength={100} onChange={set('fullName')} />
        <Field label="Email" type="email" autoComplete="off" value={draft.email} maxLength={254} onChange={set('email')} />
        <Field label="Phone" type="tel" autoComplete="off" value={draft.phoneNumber} maxLength={20} onChange={set('phoneNumber')} />
        <div className="admin-actions">
          <Button type="submit" busy={update.isPending}>
            Save
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function PasswordDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const set = useSetUserPassword();
  return (
    <Modal open title={`New password for ${user.fullName}`} onClose={onClose}>
      <form
        className="admin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          set.mutate(
            { id: user._id, password },
            {
              onSuccess: (res) => {
                notify.success(res.message);
                onClose();
              },
              onError: (err) => setError(errorMessage(err, 'Failed to set the password')),
            },
          );
        }}
      >
        <p className="admin-muted">
          The player is signed out everywhere and signs in with this password. Tell it to them over a channel you trust. They are told by e-mail and SMS, and
          their withdrawals wait until another admin releases them or the hold ends.
        </p>
        <Field label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} />
        <Button type="submit" block busy={set.isPending}>
          Set password
        </Button>
      </form>
    </Modal>
  );
}

/** All Users: search, server pages of 10, edit in a dialog, a new password, block and unblock, and each user's history. */
export function UsersSection() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const users = useUsers(page, q);
  const block = useBlockUser();
  const [viewing, setViewing] = useState<ManagedUser | null>(null);
  const [passwordFor, setPasswordFor] = useState<ManagedUser | null>(null);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [blocking, setBlocking] = useState<ManagedUser | null>(null);
  const [releasing, setReleasing] = useState<ManagedUser | null>(null);
  const release = useReleaseWithdrawals();
  const data = users.data;

  let body;
  if (users.isPending) body = <Loading text="Loading users..." />;
  else if (users.isError) body = <ErrorText>Failed to fetch users</ErrorText>;
  else if (!data?.users.length) body = <Empty>{q ? `No user matches "${q}".` : 'No users yet.'}</Empty>;
  else
    body = (
      <>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack" aria-busy={users.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">History</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Created At</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((u) => (
                <UserRow
                  key={u._id}
                  user={u}
                  onView={() => setViewing(u)}
                  onEdit={() => setEditing(u)}
                  onPassword={() => setPasswordFor(u)}
                  onBlock={() => setBlocking(u)}
                  onRelease={() => setReleasing(u)}
                />
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} totalPages={data.totalPages} onChange={setPage} busy={users.isFetching} />
      </>
    );

  return (
    <section className="admin-section">
      <SectionHead title="All Users">
        <form
          className="admin-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
            setQ(search.trim());
          }}
        >
          <input
            className="admin-inline-input"
            type="search"
            aria-label="Search by name, email, phone or id"
            placeholder="Name, email, phone or id"
            maxLength={100}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button type="submit" variant="secondary" className="admin-mini">
            Search
          </Button>
        </form>
      </SectionHead>
      {body}
      {viewing && <UserHistoryDialog user={viewing} onClose={() => setViewing(null)} />}
      {passwordFor && <PasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(blocking)}
        title={blocking?.blocked ? 'Unblock user' : 'Block user'}
        tone={blocking?.blocked ? 'primary' : 'danger'}
        confirmLabel={blocking?.blocked ? 'Unblock' : 'Block'}
        busy={block.isPending}
        onCancel={() => setBlocking(null)}
        onConfirm={() =>
          blocking &&
          block.mutate(
            { id: blocking._id, blocked: !blocking.blocked },
            {
              onSuccess: (res) => {
                notify.success(res.message);
                setBlocking(null);
              },
              onError: (err) => notify.error(errorMessage(err, 'The change could not be saved')),
            },
          )
        }
      >
        {blocking?.blocked
          ? `${blocking.fullName} will be able to sign in and play again.`
          : `${blocking?.fullName} will be signed out at once and cannot sign in or play until unblocked. Their balance stays as it is.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={Boolean(releasing)}
        title="Release withdrawals"
        tone="primary"
        confirmLabel="Release"
        busy={release.isPending}
        onCancel={() => setReleasing(null)}
        onConfirm={() =>
          releasing &&
          release.mutate(
            { id: releasing._id },
            {
              onSuccess: (res) => {
                notify.success(res.message);
                setReleasing(null);
              },
              onError: (err) => notify.error(errorMessage(err, 'The withdrawals could not be released')),
            },
          )
        }
      >
        {`Another admin changed the password or contact of ${releasing?.fullName ?? ''}. Release their withdrawals only once you have confirmed with the player, over a channel you trust, that they asked for it.`}
      </ConfirmDialog>
    </section>
  );
}
