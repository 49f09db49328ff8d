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
import { AppError, badRequest } from '../../lib/errors.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { tooLargeError } from './statement.errors.js';
import { approveLines, createAccount, importStatement, listAccounts, listImports, reconcile } from './reconcile.service.js';
import { bankAccountView, importView, resultView } from './reconcile.view.js';

const idParams = z.object({ id: z.uuid('That is not a statement import.') });

/** Bank statements (page reconcile): accounts, imports, the matching table and one-action approval. */
export async function reconcileRoutes(app: App): Promise<void> {
  await app.register(multipart, { limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 4096 } });

  app.get('/admin/reconcile/accounts', {
    onRequest: [requireAdmin('reconcile')],
    schema: {
      tags: ['reconcile'],
      summary: 'The bank accounts statements are imported into, with their saved column mappings',
      response: { 200: bankAccountListAnswerSchema },
    },
    handler: async () => ({ success: true as const, message: 'Bank accounts', data: (await listAccounts(app.db)).map(bankAccountView) }),
  });

  app.post('/admin/reconcile/accounts', {
    onRequest: [requireAdmin('reconcile')],
    schema: { tags: ['reconcile'], summary: 'Add a bank account (audited)', body: newBankAccountSchema, response: { 201: bankAccountAnswerSchema } },
    handler: async (request, reply) => {
      const row = await createAccount(app.db, request.user!.id, request.body.name, app.clock.now());
      return reply.status(201).send({ success: true as const, message: 'Bank account added', data: bankAccountView(row) });
    },
  });

  app.post('/admin/reconcile/accounts/:id/import', {
    onRequest: [requireAdmin('reconcile'), refuseOversized],
    schema: {
      tags: ['reconcile'],
      summary:
        'Import a bank statement (multipart: file "statement", CSV or XLSX; optional "mapping", JSON naming the date, narration, reference and credit columns). Answers the matching table; a layout it cannot read answers 422 MAPPING_NEEDED with the headers and a guess. Nothing is stored from a refused file',
      consumes: ['multipart/form-data'],
      params: z.object({ id: z.uuid('That is not a bank account.') }),
      response: { 201: reconcileResultAnswerSchema },
    },
    handler: async (request, reply) => {
      const upload = await readUpload(request);
      const result = await importStatement(app.db, app.config, request.user!.id, { accountId: request.params.id, ...upload }, app.clock.now());
      return reply.status(201).send({ success: true as const, message: 'Statement imported', data: resultView(result) });
    },
  });

  app.get('/admin/reconcile/imports', {
    onRequest: [requireAdmin('reconcile')],
    schema: { tags: ['reconcile'], summary: 'Statement imports, newest first', querystring: pageQuerySchema, response: { 200: importListAnswerSchema } },
    handler: async (request) => {
      const { rows, ...paging } = await listImports(app.db, request.query.page);
      return { success: true as const, message: 'Statement imports', data: { imports: rows.map(importView), ...paging } };
    },
  });

  app.get('/admin/reconcile/imports/:id', {
    onRequest: [requireAdmin('reconcile')],
    schema: {
      tags: ['reconcile'],
      summary: "An import's lines matched against the deposits as they are now",
      params: idParams,
      response: { 200: reconcileResultAnswerSchema },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Statement',
      data: resultView({ ...(await reconcile(app.db, app.config, request.params.id, app.clock.now())), autoApproved: 0 }),
    }),
  });

  app.post('/admin/reconcile/imports/:id/approve', {
    onRequest: [requireAdmin('reconcile')],
    schema: {
      tags: ['reconcile'],
      summary: 'Approve the deposits that the chosen lines match exactly, each through the deposit approval (limits, two admins, audit naming the line)',
      params: idParams,
      body: approveLinesSchema,
      response: { 200: approveAnswerSchema },
    },
    handler: async (request) => {
      const now = app.clock.now();
      const results = await approveLines(app.db, app.config, request.user!.id, request.params.id, request.body.lineIds, now);
      const approved = results.filter((r) => r.outcome === 'approved').length;
      return {
        success: true as const,
        message: `${approved} of ${results.length} approved`,
        data: { results, result: resultView({ ...(await reconcile(app.db, app.config, request.params.id, now)), autoApproved: 0 }) },
      };
    },
  });

  /** A declared length past the limit is refused before the body is read. */
  async function refuseOversized(request: FastifyRequest): Promise<void> {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > STATEMENT_MAX_BYTES + 64 * 1024) throw tooLargeError();
  }
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
