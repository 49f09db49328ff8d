import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReconcileResult } from '../../../../contracts/reconcile.answers';
import type { StatementMapping } from '../../../../contracts/reconcile';
import { ApiError, answerFrom, apiAnswer } from '../../lib/api';
import { adminKeys } from './admin.api';

export type { ApproveResult, BankAccount, ClaimView, ReconcileResult, ReconcileRow, StatementImport } from '../../../../contracts/reconcile.answers';
export type { ReconcileKind, StatementMapping } from '../../../../contracts/reconcile';

const answers = () => import('../../../../contracts/reconcile.answers');
const base = '/api/v1/admin/reconcile';

/** The Bank statements page's query keys, the one place they are written. */
export const reconcileKeys = {
  accounts: ['admin', 'reconcile', 'accounts'] as const,
  allImports: ['admin', 'reconcile', 'imports'] as const,
  imports: (page: number) => ['admin', 'reconcile', 'imports', page] as const,
  result: (importId: string) => ['admin', 'reconcile', 'result', importId] as const,
};

/** The bank accounts statements are imported into. */
export const bankAccountsQuery = () =>
  queryOptions({
    queryKey: reconcileKeys.accounts,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(answers, (c) => c.bankAccountListAnswerSchema),
          `${base}/accounts`,
          { signal },
        )
      ).data,
  });

export const useBankAccounts = () => useQuery(bankAccountsQuery());

/** Statement imports, newest first, a page at a time. */
export const importsQuery = (page: number) =>
  queryOptions({
    queryKey: reconcileKeys.imports(page),
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(answers, (c) => c.importListAnswerSchema),
          `${base}/imports`,
          { query: { page }, signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useImports = (page: number) => useQuery(importsQuery(page));

/**
 * An import's lines matched against the deposits as they are now: asked for again whenever it is
 * opened, except just after the import or approval whose answer already is that table.
 */
export const importResultQuery = (importId: string) =>
  queryOptions({
    queryKey: reconcileKeys.result(importId),
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(answers, (c) => c.reconcileResultAnswerSchema),
          `${base}/imports/${encodeURIComponent(importId)}`,
          { signal },
        )
      ).data,
    staleTime: 5_000,
  });

export const useImportResult = (importId: string) => useQuery(importResultQuery(importId));

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string }) =>
      (
        await apiAnswer(
          answerFrom(answers, (c) => c.bankAccountAnswerSchema),
          `${base}/accounts`,
          { method: 'POST', body },
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconcileKeys.accounts }),
  });
}

/**
 * Sends a statement file (and, when the server asked for it, which columns are which). The
 * answer's table is kept as the import's, so opening it again shows it without another call.
 */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accountId, file, mapping }: { accountId: string; file: File; mapping?: StatementMapping }) => {
      const form = new FormData();
      // The mapping before the file, so a streaming multipart reader has it when the file arrives.
      if (mapping) form.append('mapping', JSON.stringify(mapping));
      form.append('statement', file);
      return (
        await apiAnswer(
          answerFrom(answers, (c) => c.reconcileResultAnswerSchema),
          `${base}/accounts/${encodeURIComponent(accountId)}/import`,
          { method: 'POST', body: form },
        )
      ).data;
    },
    onSuccess: (result) => {
      queryClient.setQueryData(reconcileKeys.result(result.import._id), result);
      void queryClient.invalidateQueries({ queryKey: reconcileKeys.allImports });
      // A new account's columns were saved with its first import.
      void queryClient.invalidateQueries({ queryKey: reconcileKeys.accounts });
      if (result.autoApproved > 0) invalidateDeposits(queryClient);
    },
  });
}

/** Approves the deposits the chosen lines match; the answer carries each line's outcome and the table as it is now. */
export function useApproveLines(importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lineIds: string[]) =>
      (
        await apiAnswer(
          answerFrom(answers, (c) => c.approveAnswerSchema),
          `${base}/imports/${encodeURIComponent(importId)}/approve`,
          { method: 'POST', body: { lineIds } },
        )
      ).data,
    onSuccess: ({ result }) => {
      queryClient.setQueryData<ReconcileResult>(reconcileKeys.result(importId), result);
      invalidateDeposits(queryClient);
    },
  });
}

/** Approved deposits leave the Deposite queue and enter the wallet history. */
function invalidateDeposits(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: adminKeys.requests('deposit') });
  void queryClient.invalidateQueries({ queryKey: adminKeys.allHistory });
}

/** What the server sends when it cannot tell a statement's columns apart: its headers and its best guess. */
export interface MappingNeeded {
  headers: string[];
  guess: Partial<StatementMapping>;
  message: string;
}

/** The 422 MAPPING_NEEDED refusal of an import, read; null for any other error. */
export function mappingNeeded(err: unknown): MappingNeeded | null {
  if (!(err instanceof ApiError) || err.code !== 'MAPPING_NEEDED') return null;
  const data = (err.body as { data?: { headers?: unknown; guess?: unknown } } | undefined)?.data;
  const headers = Array.isArray(data?.headers) ? data.headers.filter((h): h is string => typeof h === 'string') : [];
  if (!headers.length) return null;
  const raw = data?.guess && typeof data.guess === 'object' ? (data.guess as Record<string, unknown>) : {};
  // Only columns the file has: a guess naming another would preset nothing the select can show.
  const guess = Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string' && headers.includes(v))) as Partial<StatementMapping>;
  return { headers, guess, message: err.message };
}
