import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyOtp, OtpInput } from './OtpInput';

function Harness({ initial = emptyOtp() }: { initial?: string[] }) {
  const [digits, setDigits] = useState(initial);
  return (
    <>
      <OtpInput label="Email code" digits={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Email code digit ${n} of 6` });
const values = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value);

describe('OtpInput', () => {
  it('draws six numeric boxes, the first offering the one-time code', () => {
    render(<Harness />);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(2)).toHaveAttribute('autocomplete', 'off');
    for (const n of [1, 2, 3, 4, 5, 6]) expect(box(n)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('group', { name: 'Email code' })).toBeInTheDocument();
  });

  it('moves to the next box as digits are typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('482');
    expect(values()).toEqual(['4', '8', '2', '', '', '']);
    expect(box(4)).toHaveFocus();
  });

  it('accepts only digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a-');
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(box(1)).toHaveFocus();
    await user.keyboard('7x9');
    expect(screen.getByTestId('code')).toHaveTextContent('79');
  });

  it('fills all six boxes from a paste, keeping only the digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste('12 34-56');
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(box(6)).toHaveFocus();
  });

  it('ignores a paste without digits', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '', '', '', '']} />);
    await user.click(box(3));
    await user.paste('abc');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
  });

  it('takes a whole code typed into one box (autofill) and spreads it', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(box(1));
    // What a one-time-code autofill does: the full code lands in the first box at once.
    fireEvent.change(box(1), { target: { value: '908172' } });
    expect(values()).toEqual(['9', '0', '8', '1', '7', '2']);
  });

  it('on backspace in an empty box clears the previous box and moves there', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '3', '', '', '']} />);
    await user.click(box(4));
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '', '', '', '', '']);
    expect(box(2)).toHaveFocus();
  });

  it('on backspace in a filled box clears that box and stays', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '3', '', '', '']} />);
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(box(3)).toHaveFocus();
  });

  it('replaces a digit when typing over a filled box', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '3', '', '', '']} />);
    await user.click(box(2));
    await user.keyboard('9');
    expect(values()).toEqual(['1', '9', '3', '', '', '']);
    expect(box(3)).toHaveFocus();
  });

  it('moves on after every digit, also one equal to the digit already in the box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('111111');
    expect(values()).toEqual(['1', '1', '1', '1', '1', '1']);
    await user.click(box(1));
    await user.keyboard('121212');
    expect(values()).toEqual(['1', '2', '1', '2', '1', '2']);
    expect(screen.getByTestId('code')).toHaveTextContent('121212');
  });

  it('moves on when the digit typed over a filled box is the same one', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['4', '4', '4', '', '', '']} />);
    await user.click(box(2));
    await user.keyboard('4');
    expect(values()).toEqual(['4', '4', '4', '', '', '']);
    expect(box(3)).toHaveFocus();
  });
});
