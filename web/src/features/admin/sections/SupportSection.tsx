import { useState, type FormEvent } from 'react';
import { supportTelegramSchema, supportWhatsappSchema, type SupportContacts } from '../../../../../contracts/site';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useSaveSupportContacts, useSupportContacts } from '../site.api';
import { SectionHead } from './SectionHead';

/** Help & Support's WhatsApp number and Telegram username: a contact left empty is not offered to players. */
export function SupportSection() {
  const current = useSupportContacts();
  let body;
  if (current.isPending) body = <Loading />;
  else if (current.isError) body = <ErrorText>{errorMessage(current.error, 'Failed to load the support contacts')}</ErrorText>;
  else body = <SupportForm initial={current.data} />;
  return (
    <section className="admin-section">
      <SectionHead title="Support" />
      <div className="card admin-panel">{body}</div>
    </section>
  );
}

function SupportForm({ initial }: { initial: SupportContacts }) {
  const save = useSaveSupportContacts();
  const [form, setForm] = useState({ whatsapp: initial.whatsapp, telegram: initial.telegram });
  const [errors, setErrors] = useState<{ whatsapp?: string; telegram?: string }>({});
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const whatsapp = supportWhatsappSchema.safeParse(form.whatsapp);
    const telegram = supportTelegramSchema.safeParse(form.telegram);
    setErrors({ whatsapp: whatsapp.error?.issues[0]?.message, telegram: telegram.error?.issues[0]?.message });
    if (!whatsapp.success || !telegram.success) return;
    save.mutate(
      { whatsapp: whatsapp.data, telegram: telegram.data },
      {
        onSuccess: (saved) => {
          setForm({ whatsapp: saved.whatsapp, telegram: saved.telegram });
          notify.success('Support contacts saved');
        },
        onError: (err) => notify.error(errorMessage(err, 'The support contacts could not be saved')),
      },
    );
  };
  return (
    <form className="admin-form" noValidate onSubmit={onSubmit}>
      <p className="admin-muted">
        {initial.fromSettings
          ? 'Shown now: the server settings SUPPORT_WHATSAPP and SUPPORT_TELEGRAM. Saving here replaces them.'
          : 'Players reach support through these. Leave one empty to not offer it; with both empty, Help & Support is hidden.'}
      </p>
      <Field
        label="WhatsApp number"
        type="tel"
        inputMode="tel"
        placeholder="+919876543210"
        value={form.whatsapp}
        maxLength={20}
        error={errors.whatsapp}
        onChange={(e) => setForm((f) => ({ ...f, whatsapp: e.target.value }))}
      />
      <Field
        label="Telegram username"
        placeholder="@rupeearcade"
        value={form.telegram}
        maxLength={40}
        error={errors.telegram}
        onChange={(e) => setForm((f) => ({ ...f, telegram: e.target.value }))}
      />
      <Button type="submit" busy={save.isPending}>
        Save Contacts
      </Button>
    </form>
  );
}
