import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';

function Harness({ total, start = 1 }: { total: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pager page={page} totalPages={total} onChange={setPage} />;
}

describe('Pager', () => {
  it('disables Prev on page 1 and Next on the last page, and moves one page at a time', async () => {
    const user = userEvent.setup();
    render(<Harness total={3} />);
    const prev = screen.getByRole('button', { name: 'Prev' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(prev).toBeEnabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next).toBeDisabled();

    await user.click(prev);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('disables both buttons when there is one page (or none)', () => {
    render(<Pager page={1} totalPages={0} onChange={vi.fn()} />);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('never asks for a page outside 1 and the last', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Pager page={5} totalPages={3} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});
