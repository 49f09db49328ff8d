import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIMIT_KINDS, LIMIT_PERIODS, type LimitView, type ResponsibleState } from '../../../../contracts/responsible';
import { mockApi, renderApp, signIn } from '../../lib/test-utils';
import { BreakBanner } from './BreakNotice';
import { daysText } from './BreakNotice';
import ResponsiblePage from './ResponsiblePage';

const limits = (over: Partial<LimitView>[] = []): LimitView[] =>
  LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => ({
      kind,
      period,
      amount: null,
      used: 0,
      resetsAt: '2026-11-24T18:30:00.000Z',
      pending: null,
      ...over.find((o) => o.kind === kind && o.period === period),
    })),
  );
const state = (over: Partial<ResponsibleState> = {}): ResponsibleState => ({ limits: limits(), exclusion: null, realityCheckMinutes: 60, ...over });
const ok = (data: unknown) => ({ body: { success: true, message: 'ok', data } });

describe('ResponsiblePage', () => {
  it('shows each limit with its use and a waiting raise, and saves only what changed', async () => {
    signIn();
    const api = mockApi({
      'GET /api/v1/responsible': () =>
        ok(state({ limits: limits([{ kind: 'loss', period: 'day', amount: 100, used: 40, pending: { amount: 500, from: '2026-11-24T10:00:00.000Z' } }]) })),
      'PUT /api/v1/responsible/limits': () => ok(limits()),
    });
    const user = userEvent.setup();
    renderApp(<ResponsiblePage />);
    const loss = await screen.findByRole('region', { name: 'Loss limit' });
    const day = within(loss).getByLabelText('Per day (₹)');
    expect(day).toHaveValue('100');
    expect(within(loss).getByText(/Used ₹40.00 of ₹100.00; resets .*\. Rises to ₹500.00 from 2026-11-24/)).toBeInTheDocument();
    await user.type(within(loss).getByLabelText('Per week (₹)'), '700');
    await user.clear(day);
    await user.click(within(loss).getByRole('button', { name: 'Save loss limit' }));
    await waitFor(() => expect(api.find('PUT', '/api/v1/responsible/limits')).toHaveLength(1));
    expect(api.find('PUT', '/api/v1/responsible/limits')[0].body).toEqual({
      limits: [
        { kind: 'loss', period: 'day', amount: null },
        { kind: 'loss', period: 'week', amount: 700 },
      ],
    });
    expect(await screen.findByText(/Limits saved/)).toBeInTheDocument();
  });

  it('refuses an amount it cannot read, next to the box', async () => {
    signIn();
    const api = mockApi({ 'GET /api/v1/responsible': () => ok(state()) });
    const user = userEvent.setup();
    renderApp(<ResponsiblePage />);
    const bet = await screen.findByRole('region', { name: 'Bet limit' });
    await user.type(within(bet).getByLabelText('Per month (₹)'), '12.345');
    await user.click(within(bet).getByRole('button', { name: 'Save bet limit' }));
    expect(await within(bet).findByText('Enter an amount in rupees, or leave it empty')).toBeInTheDocument();
    expect(api.find('PUT', '/api/v1/responsible/limits')).toHaveLength(0);
  });

  it('asks before a break starts, then sends it with an idempotency key', async () => {
    signIn();
    const api = mockApi({
      'GET /api/v1/responsible': () => ok(state()),
      'POST /api/v1/responsible/exclusion': () => ok({ kind: 'self-exclusion', startedAt: '2026-11-23T10:00:00.000Z', endsAt: '2027-05-24T10:00:00.000Z' }),
    });
    const user = userEvent.setup();
    renderApp(<ResponsiblePage />);
    const section = await screen.findByRole('region', { name: 'Take a break' });
    await user.click(within(section).getByRole('button', { name: 'Self-exclusion' }));
    await user.selectOptions(within(section).getByLabelText('For'), '365');
    await user.click(within(section).getByRole('button', { name: 'Exclude myself' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude yourself?' });
    expect(within(dialog).getByText(/For 1 year, until about .* This cannot be undone or shortened\./)).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/responsible/exclusion')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Exclude myself' }));
    await waitFor(() => expect(api.find('POST', '/api/v1/responsible/exclusion')).toHaveLength(1));
    const call = api.find('POST', '/api/v1/responsible/exclusion')[0];
    expect(call.body).toEqual({ kind: 'self-exclusion', days: 365 });
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says once, in the banner every screen has, when the player is on a break', async () => {
    signIn();
    mockApi({
      'GET /api/v1/responsible': () => ok(state({ exclusion: { kind: 'timeout', startedAt: '2026-11-23T10:00:00.000Z', endsAt: '2026-11-30T10:00:00.000Z' } })),
    });
    renderApp(
      <>
        <BreakBanner />
        <ResponsiblePage />
      </>,
    );
    await screen.findByRole('link', { name: 'Bets (CSV)' });
    expect(screen.getAllByText(/^You are on a time-out until 2026-11-30 .*\. You can still withdraw your balance and see your history\.$/)).toHaveLength(1);
  });

  it('links statements for the chosen period', async () => {
    signIn();
    mockApi({ 'GET /api/v1/responsible': () => ok(state()) });
    renderApp(<ResponsiblePage />);
    const link = await screen.findByRole('link', { name: 'Bets (CSV)' });
    expect(link.getAttribute('href')).toMatch(/^\/api\/v1\/bets\/statement\.csv\?from=\d{4}-\d\d-01&to=\d{4}-\d\d-\d\d$/);
  });

  it('names break lengths as a person does', () => {
    expect([1, 3, 7, 14, 42, 182, 365, 1826].map(daysText)).toEqual(['1 day', '3 days', '1 week', '2 weeks', '6 weeks', '6 months', '1 year', '5 years']);
  });
});
