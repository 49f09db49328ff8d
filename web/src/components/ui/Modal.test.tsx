import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';

/** A page with a <main> like AppLayout's, a button that opens a dialog, and a dialog that may remove that button. */
function Screen({ removeOpenerOnClose = false }: { removeOpenerOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  const close = () => {
    setOpen(false);
    if (removeOpenerOnClose) setOpenerShown(false);
  };
  return (
    <main id="main" tabIndex={-1}>
      <button type="button">Before</button>
      {openerShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <Modal open={open} title="Details" onClose={close}>
        <button type="button" onClick={close}>
          Done
        </button>
      </Modal>
    </main>
  );
}

describe('Modal', () => {
  it('gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('moves focus to <main> when the opener is gone', async () => {
    const user = userEvent.setup();
    render(<Screen removeOpenerOnClose />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });
});
