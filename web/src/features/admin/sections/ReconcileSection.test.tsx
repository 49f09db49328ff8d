import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../lib/test-utils';
import { ReconcileSection } from './ReconcileSection';

const ACCOUNT = { _id: '0b6e1a53-6a43-4a4c-9c38-6f1f6c1b2d01', name: 'HDFC current 1234', mapping: null };
const IMPORT_ID = '5d3b0d7e-3a0e-4c55-8f0b-0d3c1d2e3f40';
const IMPORT = {
  _id: IMPORT_ID,
  accountId: ACCOUNT._id,
  accountName: ACCOUNT.name,
  fileName: 'hdfc-november.csv',
  creditLines: 6,
  newLines: 6,
  firstDate: '2026-11-20',
  lastDate: '2026-11-23',
  importedBy: 'Asha Rao',
  createdAt: '2026-11-23T10:00:00.000Z',
};
const LINE_IDS = Array.from({ length: 6 }, (_, i) => `9f0c6a1e-0000-4000-8000-00000000000${i + 1}`);
const line = (i: number, credit: number, utr: string | null, narration: string) => ({
  _id: LINE_IDS[i],
  row: i + 2,
  date: `2026-11-2${i % 4}`,
  narration,
  reference: null,
  credit,
  utr,
  usedFor: null as string | null,
});
const claim = (id: string, over: Partial<Record<string, unknown>> = {}) => ({
  _id: id,
  playerName: 'Ravi Kumar',
  userId: 'u-1',
  amount: 500,
  utr: '412345678901',
  reference: null,
  status: 'pending',
  createdAt: '2026-11-22T08:00:00.000Z',
  awaitingSecondApproval: false,
  ...over,
});
const row = (kind: string, l: ReturnType<typeof line> | null, deposits: unknown[], over: Record<string, unknown> = {}) => ({
  kind,
  line: l,
  deposits,
  suggestions: [],
  by: kind === 'matched' ? 'utr' : null,
  approvable: false,
  ...over,
});
const ZERO = { matched: 0, 'amount-differs': 0, unclaimed: 0, 'claimed-twice': 0, 'already-approved': 0, 'rejected-claim': 0, 'no-credit': 0 };

/** A statement with one row of every kind; `matched` exact matches come first. */
function everyKind(now = Date.now()) {
  const rows = [
    row('matched', line(0, 500, '412345678901', 'UPI/412345678901/RAVI KUMAR/okaxis'), [claim('d-1')], { approvable: true }),
    row('matched', line(1, 1000, '412345678902', 'UPI/412345678902/MEENA/ybl'), [claim('d-2', { playerName: 'Meena', amount: 1000, utr: '412345678902' })], {
      approvable: true,
    }),
    row('amount-differs', line(2, 100, '412345678903', 'UPI/412345678903/SURESH'), [
      claim('d-3', { playerName: 'Suresh', amount: 1000, utr: '412345678903', awaitingSecondApproval: true }),
    ]),
    row('unclaimed', line(3, 750, '412345678904', 'UPI/412345678904/UNKNOWN'), [], {
      suggestions: [claim('d-9', { playerName: 'Kiran', amount: 750, utr: '999999999999' })],
    }),
    row('claimed-twice', line(4, 200, '412345678905', 'IMPS 412345678905 TRANSFER'), [
      claim('d-4', { playerName: 'Anil', amount: 200, utr: '412345678905' }),
      claim('d-5', { playerName: 'Sunil', amount: 200, utr: '412345678905' }),
    ]),
    row('already-approved', { ...line(5, 300, '412345678906', 'UPI/412345678906/GITA'), usedFor: 'd-6' }, [
      claim('d-6', { playerName: 'Gita', amount: 300, utr: '412345678906', status: 'approved' }),
    ]),
    row('rejected-claim', { ...line(0, 400, '412345678907', 'UPI/412345678907/HARI'), _id: '9f0c6a1e-0000-4000-8000-000000000007' }, [
      claim('d-7', { playerName: 'Hari', amount: 400, utr: '412345678907', status: 'rejected' }),
    ]),
    row('no-credit', null, [
      claim('d-8', { playerName: 'Lata', amount: 2500, utr: '412345678908', createdAt: new Date(now - 30 * 3_600_000 - 60_000).toISOString() }),
    ]),
  ];
  const counts = { ...ZERO };
  for (const r of rows) counts[r.kind as keyof typeof ZERO] += 1;
  return { import: IMPORT, rows, counts, autoApproved: 0, noCreditAfterHours: 24 };
}

const statement = (name = 'hdfc-november.csv') => new File(['Date,Narration,Credit\n'], name, { type: 'text/csv' });
const fileInput = () => screen.getByLabelText('Statement file (CSV or XLSX)');

function reconcileApi(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}, accounts: unknown[] = [ACCOUNT]) {
  return mockApi({
    'GET /api/v1/admin/reconcile/accounts': () => ({ body: { success: true, data: accounts } }),
    'GET /api/v1/admin/reconcile/imports': () => ({ body: { success: true, data: { imports: [], page: 1, totalPages: 1, total: 0 } } }),
    ...extra,
  });
}

describe('ReconcileSection', () => {
  beforeEach(() => {
    signIn({ role: 'admin', accessPages: ['reconcile'] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('imports a statement and shows every kind of row with its words, the chips filtering the table', async () => {
    const result = { ...everyKind(), autoApproved: 2 };
    const api = reconcileApi({
      [`POST /api/v1/admin/reconcile/accounts/${ACCOUNT._id}/import`]: () => ({ status: 201, body: { success: true, data: result } }),
    });
    const user = userEvent.setup();
    renderApp(<ReconcileSection />);
    expect(await screen.findByText('No statements imported yet.')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Bank account' })).toHaveValue(ACCOUNT._id);
    expect(screen.getByText(/Up to \d+(\.\d)? MB\./)).toBeInTheDocument();
    await user.upload(fileInput(), statement());
    await user.click(screen.getByRole('button', { name: 'Import statement' }));

    const table = await screen.findByRole('table', { name: 'Statement credits and the deposits that claim them' });
    const form = api.find('POST', `/api/v1/admin/reconcile/accounts/${ACCOUNT._id}/import`)[0].body as FormData;
    expect((form.get('statement') as File).name).toBe('hdfc-november.csv');
    expect(form.get('mapping')).toBeNull();
    expect(await screen.findByText('Statement imported: 6 credit lines')).toBeInTheDocument();
    expect(screen.getByText('2 deposits were approved on import: the UTR and amount agreed exactly.')).toBeInTheDocument();

    for (const words of [
      'Matched: the UTR and amount agree',
      'Amount differs: the player claimed ₹1,000.00, the bank shows ₹100.00',
      'No deposit claims this UTR',
      'Claimed by two deposits',
      'Approved already',
      'The only claim was rejected',
      'No credit yet: pending for more than 30 hours',
    ])
      expect(within(table).getAllByText(words).length).toBeGreaterThan(0);
    // Each kind is a badge in words, not a colour only.
    expect(within(table).getAllByText('Matched', { selector: '.reconcile-badge' })).toHaveLength(2);
    expect(within(table).getByText('No credit yet', { selector: '.reconcile-badge' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Approve', 'Date', 'Narration', 'Credit', 'Result', 'Deposits']);
    // The UTR inside the narration is marked; the deposit waiting for a second admin says so; a suggestion is a hint only.
    expect(within(table).getByText('412345678904', { selector: 'mark' })).toBeInTheDocument();
    expect(within(table).getByText('Needs a second admin')).toBeInTheDocument();
    expect(within(table).getByText(/Same amount, made shortly before: Kiran \(₹750\.00/)).toBeInTheDocument();
    expect(within(table).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(table).getByRole('checkbox', { name: 'Approve line 2, ₹500.00' })).toBeChecked();

    const chips = screen.getByRole('group', { name: 'Show rows of one kind' });
    expect(within(chips).getByRole('button', { name: 'Matched 2' })).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Unclaimed 1' }));
    const filtered = screen.getByRole('table', { name: 'Unclaimed: 1 row' });
    expect(within(filtered).getAllByRole('row')).toHaveLength(2);
    await user.click(within(chips).getByRole('button', { name: 'Unclaimed 1' }));
    expect(screen.getByRole('table', { name: 'Statement credits and the deposits that claim them' })).toBeInTheDocument();
  });

  it('asks which column is which when the layout is unknown, and sends the same file again with the mapping', async () => {
    let tries = 0;
    const api = reconcileApi({
      [`POST /api/v1/admin/reconcile/accounts/${ACCOUNT._id}/import`]: () => {
        tries += 1;
        if (tries === 1)
          return {
            status: 422,
            body: {
              success: false,
              code: 'MAPPING_NEEDED',
              message: 'Say which columns hold the date, the narration and the credit amount: this layout is not one we know.',
              data: { headers: ['Txn Date', 'Remarks', 'Ref No', 'Amount', 'Dr / Cr', 'Balance'], guess: { date: 'Txn Date', narration: 'Remarks' } },
            },
          };
        return { status: 201, body: { success: true, data: everyKind() } };
      },
    });
    const user = userEvent.setup();
    renderApp(<ReconcileSection />);
    await screen.findByRole('combobox', { name: 'Bank account' });
    await user.upload(fileInput(), statement('kotak.csv'));
    await user.click(screen.getByRole('button', { name: 'Import statement' }));

    const mapping = await screen.findByRole('form', { name: 'Which columns are which?' });
    expect(mapping).toHaveTextContent('Say which columns hold the date, the narration and the credit amount');
    expect(within(mapping).getByRole('combobox', { name: 'Date' })).toHaveValue('Txn Date');
    expect(within(mapping).getByRole('combobox', { name: 'Narration or remarks' })).toHaveValue('Remarks');
    expect(
      within(within(mapping).getByRole('combobox', { name: 'Credit amount' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a column', 'Txn Date', 'Remarks', 'Ref No', 'Amount', 'Dr / Cr', 'Balance']);
    await user.click(within(mapping).getByRole('button', { name: 'Import with these columns' }));
    expect(within(mapping).getByRole('alert')).toHaveTextContent('Choose the column with the credit amount');
    expect(tries).toBe(1);

    await user.selectOptions(within(mapping).getByRole('combobox', { name: 'Credit amount' }), 'Amount');
    await user.selectOptions(within(mapping).getByRole('combobox', { name: 'Reference or UTR (optional)' }), 'Ref No');
    await user.selectOptions(within(mapping).getByRole('combobox', { name: 'Dr/Cr column (optional)' }), 'Dr / Cr');
    await user.click(within(mapping).getByRole('button', { name: 'Import with these columns' }));

    expect(await screen.findByRole('table', { name: 'Statement credits and the deposits that claim them' })).toBeInTheDocument();
    const sent = api.find('POST', `/api/v1/admin/reconcile/accounts/${ACCOUNT._id}/import`);
    expect(sent).toHaveLength(2);
    const again = sent[1].body as FormData;
    expect((again.get('statement') as File).name).toBe('kotak.csv');
    expect(JSON.parse(String(again.get('mapping')))).toEqual({
      date: 'Txn Date',
      narration: 'Remarks',
      reference: 'Ref No',
      credit: 'Amount',
      creditDebitColumn: 'Dr / Cr',
    });
    expect(screen.queryByRole('form', { name: 'Which columns are which?' })).not.toBeInTheDocument();
  });

  it('approves the matched lines after a confirmation naming their count and total, then shows each outcome and the fresh table', async () => {
    const first = everyKind();
    const after = everyKind();
    after.rows[0] = { ...after.rows[0], kind: 'already-approved', approvable: false, deposits: [claim('d-1', { status: 'approved' })] };
    after.rows[1] = {
      ...after.rows[1],
      approvable: false,
      deposits: [claim('d-2', { playerName: 'Meena', amount: 1000, utr: '412345678902', awaitingSecondApproval: true })],
    };
    after.counts = { ...first.counts, matched: 1, 'already-approved': 2 };
    const api = reconcileApi({
      'GET /api/v1/admin/reconcile/imports': () => ({ body: { success: true, data: { imports: [IMPORT], page: 1, totalPages: 1, total: 1 } } }),
      [`GET /api/v1/admin/reconcile/imports/${IMPORT_ID}`]: () => ({ body: { success: true, data: first } }),
      [`POST /api/v1/admin/reconcile/imports/${IMPORT_ID}/approve`]: () => ({
        body: {
          success: true,
          message: '1 of 2 approved',
          data: {
            results: [
              { lineId: LINE_IDS[0], depositId: 'd-1', outcome: 'approved', message: 'Approved' },
              { lineId: LINE_IDS[1], depositId: 'd-2', outcome: 'awaiting-second', message: 'Waiting for a second admin' },
            ],
            result: after,
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp(<ReconcileSection />);
    // A recent import opens its table, recomputed by the server.
    await user.click(await screen.findByRole('button', { name: /hdfc-november\.csv/ }));
    const approve = await screen.findByRole('button', { name: 'Approve 2 matched' });
    expect(screen.getByText(/₹1,500\.00 in all/)).toBeInTheDocument();
    // Unticking one leaves one; ticking it again brings it back.
    await user.click(screen.getByRole('checkbox', { name: 'Approve line 3, ₹1,000.00' }));
    expect(screen.getByRole('button', { name: 'Approve 1 matched' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Approve line 3, ₹1,000.00' }));
    await user.click(approve);

    const dialog = screen.getByRole('dialog', { name: 'Approve matched deposits' });
    expect(dialog).toHaveTextContent('Approve 2 matched deposits, ₹1,500.00 in all?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.find('POST', `/api/v1/admin/reconcile/imports/${IMPORT_ID}/approve`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Approve 2 matched' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Approve matched deposits' })).getByRole('button', { name: 'Approve 2' }));

    expect(await screen.findByText('1 approved, 1 needs a second admin')).toBeInTheDocument();
    expect(api.find('POST', `/api/v1/admin/reconcile/imports/${IMPORT_ID}/approve`)[0].body).toEqual({ lineIds: [LINE_IDS[0], LINE_IDS[1]] });
    const table = screen.getByRole('table', { name: 'Statement credits and the deposits that claim them' });
    const ravi = within(table).getByText('Ravi Kumar').closest('tr')!;
    expect(within(ravi).getByRole('status')).toHaveTextContent('✓ Approved');
    expect(within(ravi).getByText('Approved', { selector: '.reconcile-badge' })).toBeInTheDocument();
    expect(within(ravi).getByText('Approved already')).toBeInTheDocument();
    const meena = within(table).getByText('Meena').closest('tr')!;
    expect(within(meena).getByRole('status')).toHaveTextContent('First approval recorded: needs a second admin');
    expect(within(meena).getByText('Needs a second admin')).toBeInTheDocument();
    // Nothing is left to approve: the fresh table has no exact match waiting.
    expect(screen.getByText('No line matches a pending deposit exactly: nothing to approve here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /matched$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s words when it refuses a statement, and checks the file before sending it', async () => {
    const api = reconcileApi({
      [`POST /api/v1/admin/reconcile/accounts/${ACCOUNT._id}/import`]: () => ({
        status: 400,
        body: { success: false, code: 'UNREADABLE_STATEMENT', message: 'This file has no rows we can read as a statement.' },
      }),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp(<ReconcileSection />);
    await screen.findByRole('combobox', { name: 'Bank account' });
    await user.upload(fileInput(), new File(['x'], 'statement.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV or XLSX file, as the bank exports it.');
    await user.upload(fileInput(), statement('empty.csv'));
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file has no rows we can read as a statement.');
    expect(api.find('POST', `/api/v1/admin/reconcile/accounts/${ACCOUNT._id}/import`)).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('without accounts says to add one, checks the name, and chooses the new account', async () => {
    let accounts: unknown[] = [];
    const api = mockApi({
      'GET /api/v1/admin/reconcile/accounts': () => ({ body: { success: true, data: accounts } }),
      'GET /api/v1/admin/reconcile/imports': () => ({ body: { success: true, data: { imports: [], page: 1, totalPages: 1, total: 0 } } }),
      'POST /api/v1/admin/reconcile/accounts': () => {
        accounts = [ACCOUNT];
        return { status: 201, body: { success: true, message: 'Bank account added', data: ACCOUNT } };
      },
    });
    const user = userEvent.setup();
    renderApp(<ReconcileSection />);
    expect(await screen.findByText('No bank accounts yet. Add the account players pay into, then import its statements here.')).toBeInTheDocument();
    expect(screen.getByText('Add a bank account first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name the bank account, e.g. "HDFC current account 1234".');
    expect(api.find('POST', '/api/v1/admin/reconcile/accounts')).toHaveLength(0);
    await user.type(screen.getByLabelText('Bank account name'), '  HDFC current 1234 ');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByRole('combobox', { name: 'Bank account' })).toHaveValue(ACCOUNT._id);
    expect(api.find('POST', '/api/v1/admin/reconcile/accounts')[0].body).toEqual({ name: 'HDFC current 1234' });
    expect(screen.getByLabelText('Statement file (CSV or XLSX)')).toBeEnabled();
  });

  it('says so when a statement has no credits', async () => {
    const empty = {
      import: { ...IMPORT, creditLines: 0, newLines: 0, firstDate: null, lastDate: null },
      rows: [],
      counts: ZERO,
      autoApproved: 0,
      noCreditAfterHours: 24,
    };
    reconcileApi({
      'GET /api/v1/admin/reconcile/imports': () => ({ body: { success: true, data: { imports: [empty.import], page: 1, totalPages: 1, total: 1 } } }),
      [`GET /api/v1/admin/reconcile/imports/${IMPORT_ID}`]: () => ({ body: { success: true, data: empty } }),
    });
    const user = userEvent.setup();
    renderApp(<ReconcileSection />);
    await user.click(await screen.findByRole('button', { name: /hdfc-november\.csv/ }));
    expect(await screen.findByText('This statement has no credits: nothing in it can pay a deposit.')).toBeInTheDocument();
    expect(screen.getByText('No credits to match, and no deposit is waiting for one.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });
});
