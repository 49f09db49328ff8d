import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageQuerySchema } from '../../../contracts/paging.js';
import { STATEMENT_MAX_BYTES, statementMappingSchema, type StatementMapping } from '../../../contracts/reconcile.js';
import {
  approveAnswerSchema,
  approveLinesSchema,
  bankAccountAnswerSchema,
  bankAccountListAnswerSchema,
  importListAnswerSchema,
  newBankAccountSchema,
  reconcileResultAnswerSchema,
} from '../../../contracts/reconcile.answers.js';
import { routes } from '../../http/route.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { tooLargeError } from './statement.errors.js';
import { approveLines, createAccount, importStatement, listAccounts, listImports, reconcile } from './reconcile.service.js';
import { bankAccountView, importView, resultView } from './reconcile.view.js';

const idParams = z.object({ id: z.uuid('That is not a statement import.') });

/** A declared length past the limit is refused before the body is read. */
async function refuseOversized(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > STATEMENT_MAX_BYTES + 64 * 1024) throw tooLargeError();
}

/** Bank statements (page reconcile): accounts, imports, the matching table and one-action approval. */
export async function reconcileRoutes(app: App): Promise<void> {
  await app.register(multipart, { limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 4096 } });
  const r = routes(app, { tags: ['reconcile'], guard: { admin: 'reconcile' } });

  r.get('/admin/reconcile/accounts', {
    summary: 'The bank accounts statements are imported into, with their saved column mappings',
    data: bankAccountListAnswerSchema.shape.data,
    message: 'Bank accounts',
    handler: async (_input, ctx) => (await listAccounts(ctx)).map(bankAccountView),
  });

  r.post('/admin/reconcile/accounts', {
    summary: 'Add a bank account (audited)',
    status: 201,
    body: newBankAccountSchema,
    data: bankAccountAnswerSchema.shape.data,
    message: 'Bank account added',
    handler: async ({ body }, ctx) => bankAccountView(await createAccount(ctx, { name: body.name })),
  });

  r.post('/admin/reconcile/accounts/:id/import', {
    summary:
      'Import a bank statement (multipart: file "statement", CSV or XLSX; optional "mapping", JSON naming the date, narration, reference and credit columns). Answers the matching table; a layout it cannot read answers 422 MAPPING_NEEDED with the headers and a guess. Nothing is stored from a refused file',
    onRequest: [refuseOversized],
    status: 201,
    params: z.object({ id: z.uuid('That is not a bank account.') }),
    data: reconcileResultAnswerSchema.shape.data,
    message: 'Statement imported',
    handler: async ({ params }, ctx, { request }) => {
      const upload = await readUpload(request);
      return resultView(await importStatement(ctx, { accountId: params.id, ...upload }));
    },
  });

  r.get('/admin/reconcile/imports', {
    summary: 'Statement imports, newest first',
    query: pageQuerySchema,
    data: importListAnswerSchema.shape.data,
    message: 'Statement imports',
    handler: async ({ query }, ctx) => {
      const { rows, ...paging } = await listImports(ctx, { page: query.page });
      return { imports: rows.map(importView), ...paging };
    },
  });

  r.get('/admin/reconcile/imports/:id', {
    summary: "An import's lines matched against the deposits as they are now",
    params: idParams,
    data: reconcileResultAnswerSchema.shape.data,
    message: 'Statement',
    handler: async ({ params }, ctx) => resultView({ ...(await reconcile(ctx, { importId: params.id })), autoApproved: 0 }),
  });

  r.post('/admin/reconcile/imports/:id/approve', {
    summary: 'Approve the deposits that the chosen lines match exactly, each through the deposit approval (limits, two admins, audit naming the line)',
    params: idParams,
    body: approveLinesSchema,
    data: approveAnswerSchema.shape.data,
    message: ({ results }) => `${results.filter((line) => line.outcome === 'approved').length} of ${results.length} approved`,
    handler: async ({ params, body }, ctx) => {
      const results = await approveLines(ctx, { importId: params.id, lineIds: body.lineIds });
      return { results, result: resultView({ ...(await reconcile(ctx, { importId: params.id })), autoApproved: 0 }) };
    },
  });
}

/** Reads the form: the file in "statement" and an optional mapping. Limit breaches become clear 4xx answers. */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer; mapping?: StatementMapping }> {
  if (!request.isMultipart()) throw badRequest('Send the statement as a multipart form with the file in the "statement" field.', 'NOT_MULTIPART');
  let bytes: Buffer | null = null;
  let fileName = 'statement';
  let mapping: StatementMapping | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'statement') {
          part.file.resume();
          throw badRequest('Put the statement file in the "statement" field.', 'UNEXPECTED_FIELD');
        }
        fileName = part.filename || fileName;
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'mapping') {
        let raw: unknown;
        try {
          raw = JSON.parse(String(part.value ?? ''));
        } catch {
          throw badRequest('The column mapping could not be read.', 'BAD_MAPPING');
        }
        const parsed = statementMappingSchema.safeParse(raw);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The column mapping is not complete.', 'BAD_MAPPING');
        mapping = parsed.data;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeError();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('TOO_MANY_PARTS', 413, 'Send one statement file and, if needed, its column mapping.');
    }
    throw badRequest('The upload could not be read. Please try again.', 'BAD_UPLOAD');
  }
  if (!bytes || bytes.length === 0) throw badRequest('Choose a statement file (CSV or XLSX).', 'FILE_REQUIRED');
  return { fileName, bytes, mapping };
}
