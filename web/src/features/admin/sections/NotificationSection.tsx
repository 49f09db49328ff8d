import { useId, useState, type FormEvent } from 'react';
import { NOTIFICATION_MAX } from '../../../../../contracts/site';
import { Button } from '../../../components/ui/Button';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useNotificationText, useSaveNotification } from '../site.api';
import { SectionHead } from './SectionHead';

/** The site-wide message every visitor sees on the home screen, and its Hindi version for Hindi readers: two textareas and Save Message. */
export function NotificationSection() {
  const current = useNotificationText();
  let body;
  if (current.isPending) body = <Loading />;
  else if (current.isError) body = <ErrorText>{errorMessage(current.error, 'Failed to load the message')}</ErrorText>;
  else body = <NotificationForm initial={current.data.message ?? ''} initialHi={current.data.messageHi ?? ''} />;

  return (
    <section className="admin-section">
      <SectionHead title="Notification" />
      <div className="card admin-panel">{body}</div>
    </section>
  );
}

/** Starts from the message players see now. */
function NotificationForm({ initial, initialHi }: { initial: string; initialHi: string }) {
  const save = useSaveNotification();
  const [text, setText] = useState(initial);
  const [hindi, setHindi] = useState(initialHi);
  const [error, setError] = useState<string>();
  const id = useId();
  const hindiId = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Message is required');
    setError(undefined);
    save.mutate(
      { message: text.trim(), messageHi: hindi.trim() },
      {
        onSuccess: () => notify.success('Message saved successfully'),
        onError: (err) => notify.error(`Error: ${errorMessage(err, 'the message could not be saved')}`),
      },
    );
  };

  return (
    <form className="admin-notice" onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="field__label">
        Message
      </label>
      <textarea
        id={id}
        className="admin-notice__text"
        rows={5}
        maxLength={NOTIFICATION_MAX}
        placeholder="What every player sees on the home screen"
        value={text}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor={hindiId} className="field__label">
        Message in Hindi (optional)
      </label>
      <textarea
        id={hindiId}
        className="admin-notice__text admin-hindi"
        lang="hi"
        rows={5}
        maxLength={NOTIFICATION_MAX}
        placeholder="हिन्दी में संदेश"
        value={hindi}
        aria-describedby={`${hindiId}-hint`}
        onChange={(e) => setHindi(e.target.value)}
      />
      <p id={`${hindiId}-hint`} className="field__hint">
        Players reading in Hindi see it; without it they see the English. Change the English and the Hindi together: a message saved without Hindi has none.
      </p>
      <Button type="submit" busy={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Message'}
      </Button>
    </form>
  );
}
