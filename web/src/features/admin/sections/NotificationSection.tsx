import { useId, useState, type FormEvent } from 'react';
import { NOTIFICATION_MAX } from '../../../../../contracts/site';
import { Button } from '../../../components/ui/Button';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useNotificationText, useSaveNotification } from '../site.api';
import { SectionHead } from './SectionHead';

/** The site-wide message every visitor sees on the home screen: a textarea and Save Message. */
export function NotificationSection() {
  const current = useNotificationText();
  let body;
  if (current.isPending) body = <Loading />;
  else if (current.isError) body = <ErrorText>{errorMessage(current.error, 'Failed to load the message')}</ErrorText>;
  else body = <NotificationForm initial={current.data ?? ''} />;

  return (
    <section className="admin-section">
      <SectionHead title="Notification" />
      <div className="card admin-panel">{body}</div>
    </section>
  );
}

/** Starts from the message players see now. */
function NotificationForm({ initial }: { initial: string }) {
  const save = useSaveNotification();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const id = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Message is required');
    setError(undefined);
    save.mutate(text.trim(), {
      onSuccess: () => notify.success('Message saved successfully'),
      onError: (err) => notify.error(`Error: ${errorMessage(err, 'the message could not be saved')}`),
    });
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
      <Button type="submit" busy={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Message'}
      </Button>
    </form>
  );
}
