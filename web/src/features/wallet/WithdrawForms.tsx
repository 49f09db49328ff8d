import type { ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { SegmentedControl } from '../../components/ui/SegmentedControl';
import { useBalance, useSession } from '../../lib/useSession';
import { formatRupees, isAmountText } from '../../../../contracts/amounts';
import { useWithdraw } from './useWithdraw';
import {
  ethSchema,
  inrSchema,
  usdtSchema,
  USDT_DEFAULT_NETWORK,
  type EthInput,
  type EthOutput,
  type InrInput,
  type InrOutput,
  type UsdtInput,
  type UsdtOutput,
} from './withdraw.schemas';
import { t } from '../../lib/i18n';

const NETWORKS = [
  { value: 'TRC20', label: 'TRC20' },
  { value: 'ERC20', label: 'ERC20' },
] as const;

function SubmitButton({ pending }: { pending: boolean }) {
  return (
    <Button type="submit" block busy={pending}>
      {pending ? t('Submitting...') : t('Withdraw', { context: 'button' })}
    </Button>
  );
}

function AmountField({ error, ...rest }: { error?: string } & UseFormRegisterReturn) {
  return <Field label={t('Amount (₹)')} inputMode="decimal" placeholder={t('Enter amount')} autoComplete="off" error={error} {...rest} />;
}

/**
 * What the server would answer an amount above the balance, said under the amount as soon as it is
 * typed: the bank or wallet details are asked for only once the balance covers the amount.
 */
function useOverBalance(amount: string | undefined): string | undefined {
  const balance = useBalance();
  if (balance.data === undefined || !amount || !isAmountText(amount) || Number(amount.trim()) <= balance.data) return undefined;
  return t('Insufficient balance! You can withdraw up to {{amount}}.', { amount: formatRupees(balance.data) });
}

/** The fields after the amount, and the button: held back (disabled) while the amount is more than the balance. */
function Details({ held, children }: { held: boolean; children: ReactNode }) {
  return (
    <fieldset className="wallet-form__details" disabled={held}>
      {children}
    </fieldset>
  );
}

export function InrWithdrawForm() {
  const { user } = useSession();
  const defaults: InrInput = { amount: '', email: user?.email ?? '', phone: user?.phoneNumber ?? '', firstName: '', lastName: '', accountNumber: '', ifsc: '' };
  const { register, handleSubmit, reset, control, formState } = useForm<InrInput, unknown, InrOutput>({
    resolver: zodResolver(inrSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { send, pending } = useWithdraw('UPI', { goHome: true });
  const overBalance = useOverBalance(useWatch({ control, name: 'amount' }));
  const e = formState.errors;
  return (
    <form className="wallet-form" noValidate onSubmit={handleSubmit((v) => overBalance || send(v, () => reset(defaults)))}>
      <AmountField error={e.amount?.message ?? overBalance} {...register('amount')} />
      <Details held={Boolean(overBalance)}>
        <div className="wallet-form__row">
          <Field label={t('First Name')} autoComplete="given-name" error={e.firstName?.message} {...register('firstName')} />
          <Field label={t('Last Name')} autoComplete="family-name" error={e.lastName?.message} {...register('lastName')} />
        </div>
        <Field label={t('Email')} type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
        <Field label={t('Phone')} type="tel" inputMode="tel" autoComplete="tel" error={e.phone?.message} {...register('phone')} />
        <Field label={t('Account Number')} inputMode="numeric" autoComplete="off" error={e.accountNumber?.message} {...register('accountNumber')} />
        <Field label={t('IFSC')} autoComplete="off" autoCapitalize="characters" placeholder="SBIN0001234" error={e.ifsc?.message} {...register('ifsc')} />
        <SubmitButton pending={pending} />
      </Details>
    </form>
  );
}

export function UsdtWithdrawForm() {
  const { user } = useSession();
  const defaults: UsdtInput = { amount: '', network: USDT_DEFAULT_NETWORK, walletAddress: '', email: user?.email ?? '' };
  const { register, handleSubmit, reset, control, formState } = useForm<UsdtInput, unknown, UsdtOutput>({
    resolver: zodResolver(usdtSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { send, pending } = useWithdraw('USDT', { goHome: false });
  const overBalance = useOverBalance(useWatch({ control, name: 'amount' }));
  const e = formState.errors;
  return (
    <form className="wallet-form" noValidate onSubmit={handleSubmit((v) => overBalance || send(v, () => reset(defaults)))}>
      <AmountField error={e.amount?.message ?? overBalance} {...register('amount')} />
      <Details held={Boolean(overBalance)}>
        <div className="field">
          <span className="field__label">{t('Network')}</span>
          <Controller
            control={control}
            name="network"
            render={({ field }) => <SegmentedControl label={t('Network')} options={NETWORKS} value={field.value} onChange={(v) => v && field.onChange(v)} />}
          />
        </div>
        <Field label={t('Wallet Address')} autoComplete="off" spellCheck={false} error={e.walletAddress?.message} {...register('walletAddress')} />
        <Field label={t('Email')} type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
        <SubmitButton pending={pending} />
      </Details>
    </form>
  );
}

export function EthWithdrawForm() {
  const { user } = useSession();
  const defaults: EthInput = { amount: '', walletAddress: '', email: user?.email ?? '' };
  const { register, handleSubmit, reset, control, formState } = useForm<EthInput, unknown, EthOutput>({
    resolver: zodResolver(ethSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { send, pending } = useWithdraw('ETH', { goHome: false });
  const overBalance = useOverBalance(useWatch({ control, name: 'amount' }));
  const e = formState.errors;
  return (
    <form className="wallet-form" noValidate onSubmit={handleSubmit((v) => overBalance || send(v, () => reset(defaults)))}>
      <AmountField error={e.amount?.message ?? overBalance} {...register('amount')} />
      <Details held={Boolean(overBalance)}>
        <Field
          label={t('Wallet Address')}
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          error={e.walletAddress?.message}
          {...register('walletAddress')}
        />
        <Field label={t('Email')} type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
        <SubmitButton pending={pending} />
      </Details>
    </form>
  );
}
