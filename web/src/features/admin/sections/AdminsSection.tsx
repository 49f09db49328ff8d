import { useId, useState } from 'react';
import { adminPhone, NO_ACCESS_PAGE } from '../../../../../contracts/backoffice';
import type { AccessPage } from '../../../../../contracts/roles';
import type { AccessPageInfo } from '../admin.sections';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Field } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Empty, ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useSession } from '../../../lib/useSession';
import { formatRupees } from '../../../../../contracts/amounts';
import { useAddAdmin, useAdmins, useConfirmContact, useDeleteAdmin, useUpdateAdmin, type AdminRow } from '../backoffice.api';
import { SectionHead } from './SectionHead';

/** The access pages in words, each with the sections it opens (from the back office's section list). */
export type AccessPageGuide = readonly AccessPageInfo[];

const opens = (info: AccessPageInfo) => (info.sections.length ? `Opens ${info.sections.join(', ')}` : 'Opens no section');

/** Checkboxes for the six pages; only those the signed-in admin holds can be changed. */
function PagePicker({
  value,
  onChange,
  held,
  label,
  guide,
}: {
  value: AccessPage[];
  onChange: (pages: AccessPage[]) => void;
  held: readonly string[];
  label: string;
  guide: AccessPageGuide;
}) {
  const id = useId();
  return (
    <fieldset className="admin-pages">
      <legend className="field__label">{label}</legend>
      {guide.map((info) => (
        <div key={info.page} className={held.includes(info.page) ? 'admin-pages__item' : 'admin-pages__item admin-pages__item--locked'}>
          <input
            id={`${id}-${info.page}`}
            type="checkbox"
            checked={value.includes(info.page)}
            disabled={!held.includes(info.page)}
            aria-describedby={`${id}-${info.page}-opens`}
            onChange={(e) => onChange(e.target.checked ? [...value, info.page] : value.filter((p) => p !== info.page))}
          />
          <span className="admin-pages__text">
            <label className="admin-pages__name" htmlFor={`${id}-${info.page}`}>
              {info.name}
            </label>
            <span className="admin-pages__opens" id={`${id}-${info.page}-opens`}>
              {opens(info)}
            </span>
          </span>
        </div>
      ))}
    </fieldset>
  );
}

/** An admin's pages, named, each with the sections it opens. */
function PageList({ pages, guide }: { pages: readonly string[]; guide: AccessPageGuide }) {
  const held = guide.filter((info) => pages.includes(info.page));
  if (!held.length) return <span className="admin-page-list">none</span>;
  return (
    <ul className="admin-page-list">
      {held.map((info) => (
        <li key={info.page}>
          <span className="admin-pages__name">{info.name}</span>
          <span className="admin-pages__opens">{opens(info)}</span>
        </li>
      ))}
    </ul>
  );
}

function AddAdminDialog({ onClose, guide }: { onClose: () => void; guide: AccessPageGuide }) {
  const { user } = useSession();
  const add = useAddAdmin();
  const [form, setForm] = useState({ name: '', email: '', phone: '', password: '' });
  const [pages, setPages] = useState<AccessPage[]>([]);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form | 'form' | 'pages', string>>>({});
  const submit = () => {
    const next: typeof errors = {};
    if (!pages.length) next.pages = NO_ACCESS_PAGE;
    if (!form.name.trim()) next.name = 'Name is required';
    if (!form.email.trim()) next.email = 'Email is required';
    if (!form.password) next.password = 'Password is required';
    const phone = adminPhone(form.phone);
    if (!phone.ok) next.phone = phone.message;
    setErrors(next);
    if (Object.keys(next).length || !phone.ok) return;
    add.mutate(
      { name: form.name.trim(), email: form.email.trim(), phone: phone.phone, password: form.password, accessPages: pages },
      {
        onSuccess: () => {
          notify.success('Admin created');
          onClose();
        },
        onError: (err) => {
          console.error('create admin', err);
          notify.error('Failed to create admin');
          setErrors({ form: errorMessage(err, 'Failed to create admin') });
        },
      },
    );
  };
  const field = (key: keyof typeof form, label: string, type = 'text', autoComplete = 'off') => (
    <Field
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={form[key]}
      error={errors[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
    />
  );
  return (
    <Modal open title="Add New Admin" onClose={onClose}>
      <form
        className="admin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {field('name', 'Name')}
        {field('email', 'Email', 'email')}
        {field('phone', 'Phone (10 digits)', 'tel')}
        {field('password', 'Password', 'password', 'new-password')}
        <PagePicker label="Access pages" value={pages} onChange={setPages} held={user?.accessPages ?? []} guide={guide} />
        {errors.pages && (
          <p className="field__error" role="alert">
            {errors.pages}
          </p>
        )}
        {errors.form && (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        )}
        <Button type="submit" block busy={add.isPending}>
          Add Admin
        </Button>
      </form>
    </Modal>
  );
}

type PendingContact = { email?: string; phoneNumber?: string };

/** Your own new e-mail or phone: the code sent to each confirms it; your other sessions end. */
function ConfirmContactDialog({ pending, onClose }: { pending: PendingContact; onClose: () => void }) {
  const confirm = useConfirmContact();
  const [codes, setCodes] = useState({ emailOTP: '', smsOTP: '' });
  const [error, setError] = useState('');
  const submit = () => {
    const wanted = [...(pending.email ? (['emailOTP'] as const) : []), ...(pending.phoneNumber ? (['smsOTP'] as const) : [])];
    if (wanted.some((k) => !/^\d{6}$/.test(codes[k].trim()))) return setError('Please enter 6-digit OTP code');
    confirm.mutate(Object.fromEntries(wanted.map((k) => [k, codes[k].trim()])), {
      onSuccess: (answer) => {
        notify.success(answer.message);
        onClose();
      },
      onError: (err) => setError(errorMessage(err, 'That code is not right.')),
    });
  };
  return (
    <Modal open title="Confirm your new contact" onClose={onClose}>
      <form
        className="admin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="admin-muted">
          We sent a code to {[pending.email, pending.phoneNumber].filter(Boolean).join(' and ')}. The change is made once you enter it; your other sessions will
          be signed out and the old address told.
        </p>
        {pending.email && (
          <Field
            label={`Code sent to ${pending.email}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={codes.emailOTP}
            onChange={(e) => setCodes({ ...codes, emailOTP: e.target.value })}
          />
        )}
        {pending.phoneNumber && (
          <Field
            label={`Code sent to ${pending.phoneNumber}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={codes.smsOTP}
            onChange={(e) => setCodes({ ...codes, smsOTP: e.target.value })}
          />
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" block busy={confirm.isPending}>
          Confirm
        </Button>
      </form>
    </Modal>
  );
}

function AdminLine({ admin, guide, onDelete }: { admin: AdminRow; guide: AccessPageGuide; onDelete: () => void }) {
  const { user } = useSession();
  const update = useUpdateAdmin();
  const me = admin._id === user?._id;
  // An admin holding a page you lack is out of your reach: the server refuses any change to them.
  const outOfReach = !me && admin.accessPages.some((p) => !(user?.accessPages ?? []).includes(p));
  const [pendingContact, setPendingContact] = useState<PendingContact | null>(null);
  const [draft, setDraft] = useState<(AdminRow & { limitText: string }) | null>(null);
  const save = () => {
    if (!draft) return;
    const phone = adminPhone(draft.phoneNumber);
    if (!phone.ok) return notify.error(phone.message);
    const limit = draft.limitText.trim() === '' ? null : Number(draft.limitText);
    if (limit !== null && (!Number.isFinite(limit) || limit < 0))
      return notify.error('The daily limit must be a number of rupees, or empty for the site default.');
    update.mutate(
      {
        _id: draft._id,
        fullName: draft.fullName,
        email: draft.email,
        phoneNumber: phone.phone,
        accessPages: draft.accessPages,
        ...(me ? {} : { dailyApprovalLimit: limit }),
      },
      {
        onSuccess: (answer) => {
          setDraft(null);
          if (answer.data.pendingContact) setPendingContact(answer.data.pendingContact);
          else notify.success(answer.message);
        },
        onError: (err) => {
          console.error('update admin', err);
          notify.error(`Failed to update admin: ${errorMessage(err, 'please try again')}`);
        },
      },
    );
  };
  const input = (key: 'fullName' | 'email' | 'phoneNumber', label: string) =>
    draft ? (
      <input
        className="admin-inline-input"
        aria-label={`${label} of ${admin.fullName}`}
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
    ) : (
      admin[key]
    );
  return (
    <tr>
      <td data-label="Name" className="admin-cell--wrap admin-cell--name">
        <span>
          {input('fullName', 'Name')}
          {me && <span className="admin-badge admin-badge--info">you</span>}
        </span>
        {admin.proposedChange && <ProposedChange change={admin.proposedChange} />}
      </td>
      <td data-label="Email">{input('email', 'Email')}</td>
      <td data-label="Phone">{input('phoneNumber', 'Phone')}</td>
      <td data-label="Access Pages">
        {draft ? (
          <PagePicker
            label={`Access pages of ${admin.fullName}`}
            value={draft.accessPages}
            onChange={(accessPages) => setDraft({ ...draft, accessPages })}
            held={user?.accessPages ?? []}
            guide={guide}
          />
        ) : (
          <PageList pages={admin.accessPages} guide={guide} />
        )}
      </td>
      <td data-label="Daily Limit">
        {draft && !me ? (
          <input
            className="admin-inline-input admin-inline-input--short"
            inputMode="decimal"
            aria-label={`Daily approval limit of ${admin.fullName} in rupees`}
            placeholder="Site default"
            value={draft.limitText}
            onChange={(e) => setDraft({ ...draft, limitText: e.target.value })}
          />
        ) : admin.dailyApprovalLimit == null ? (
          <span className="admin-muted">Site default</span>
        ) : (
          formatRupees(admin.dailyApprovalLimit)
        )}
      </td>
      <td data-label="Actions">
        <div className="admin-actions">
          {draft ? (
            <>
              <Button className="admin-mini" busy={update.isPending} onClick={save} aria-label={`Save ${admin.fullName}`}>
                Save
              </Button>
              <Button variant="ghost" className="admin-mini" onClick={() => setDraft(null)} disabled={update.isPending}>
                Cancel
              </Button>
            </>
          ) : outOfReach ? (
            <span className="admin-muted" title="Only an admin who holds every page of this admin can change them.">
              Holds pages you do not
            </span>
          ) : (
            <>
              <Button
                variant="secondary"
                className="admin-mini"
                onClick={() => setDraft({ ...admin, limitText: admin.dailyApprovalLimit == null ? '' : String(admin.dailyApprovalLimit) })}
                aria-label={`Edit ${admin.fullName}`}
              >
                Edit
              </Button>
              {!me && (
                <Button variant="danger" className="admin-mini" onClick={onDelete} aria-label={`Delete ${admin.fullName}`}>
                  Delete
                </Button>
              )}
            </>
          )}
        </div>
        {pendingContact && <ConfirmContactDialog pending={pendingContact} onClose={() => setPendingContact(null)} />}
      </td>
    </tr>
  );
}

/** Admin Controller: add an admin, and edit or delete the existing ones, each within the pages you hold. */
export function AdminsSection({ guide }: { guide: AccessPageGuide }) {
  const admins = useAdmins();
  const remove = useDeleteAdmin();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminRow | null>(null);

  let body;
  if (admins.isPending) body = <Loading />;
  else if (admins.isError) body = <ErrorText>Failed to fetch admins</ErrorText>;
  else if (!admins.data.length) body = <Empty>No admins found.</Empty>;
  else
    body = (
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--stack">
          <caption className="admin-table__caption">Existing Admins</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Phone</th>
              <th scope="col">Access Pages</th>
              <th scope="col">Daily Limit</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {admins.data.map((a) => (
              <AdminLine key={a._id} admin={a} guide={guide} onDelete={() => setDeleting(a)} />
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="admin-section">
      <SectionHead title="Admin Controller">
        <Button onClick={() => setAdding(true)}>Add New Admin</Button>
      </SectionHead>
      {body}
      {adding && <AddAdminDialog guide={guide} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete admin"
        tone="danger"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.email, {
            onSuccess: () => {
              notify.success('Admin deleted');
              setDeleting(null);
            },
            onError: (err) => {
              console.error('delete admin', err);
              notify.error(`Failed to delete admin: ${errorMessage(err, 'please try again')}`);
              setDeleting(null);
            },
          })
        }
      >
        {`Delete ${deleting?.fullName} (${deleting?.email})? They are signed out at once and can no longer sign in. Their past actions stay in the audit log.`}
      </ConfirmDialog>
    </section>
  );
}

/** A change one admin may not make alone, waiting for a second admin to make the same change. */
function ProposedChange({ change }: { change: NonNullable<AdminRow['proposedChange']> }) {
  const parts = [
    ...(change.dailyApprovalLimit !== undefined
      ? [`daily limit ${change.dailyApprovalLimit === null ? 'site default' : formatRupees(change.dailyApprovalLimit)}`]
      : []),
    ...(change.email !== undefined ? [`e-mail ${change.email}`] : []),
    ...(change.phoneNumber !== undefined ? [`phone ${change.phoneNumber}`] : []),
  ];
  return (
    <p className="admin-card__note" role="note">
      Waiting for a second admin: {parts.join(', ')} (proposed by {change.by.fullName ?? 'another admin'}). Making the same change confirms it.
    </p>
  );
}
