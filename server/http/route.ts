import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { ok, okMessage } from '../../contracts/envelope.js';
import type { AccessPage } from '../../contracts/roles.js';
import { requireAdmin, requireUser } from '../plugins/auth.js';
import { requestKey } from '../plugins/idempotency.js';
import { rateLimited } from '../plugins/rate-limit.js';
import type { App, AuthUser } from '../types.js';
import { contextOf, type RequestCtx } from '../lib/context.js';

/**
 * The route kit: every call of the API is declared here the same way (docs/architecture.md, "Add
 * a call"). A route names its url, its guard, the schemas of its input and of its `data`, and a
 * handler that takes the input and one context and returns the data; the kit wraps it in the
 * `{ success: true, message, data }` envelope, for the schema (and so the OpenAPI document and the
 * serializer's check) and for the reply alike.
 */

/** Who may call: anybody, a signed-in player or admin, or an admin holding an access page. */
export type Guard = 'public' | 'user' | { admin: AccessPage };

/** An answer whose message (or extra top-level fields the original client reads) the handler decides. */
export class Said<D> {
  constructor(
    readonly message: string,
    readonly data: D,
    readonly extra: Record<string, unknown> = {},
  ) {}
}
/** `return said('Bet returned.', data)`: the data with a message decided by the handler. */
export const said = <D>(message: string, data: D, extra?: Record<string, unknown>) => new Said(message, data, extra);

type Schema = z.ZodType | undefined;
type Infer<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;
type UserOf<G extends Guard> = G extends 'public' ? AuthUser | null : AuthUser;

export interface Input<B extends Schema, Q extends Schema, P extends Schema> {
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
}

/** The request and reply, for the few calls that read a header or set a cookie. */
export interface Http {
  request: FastifyRequest;
  reply: FastifyReply;
}

interface Common<G extends Guard, B extends Schema, Q extends Schema, P extends Schema> {
  summary: string;
  guard?: G;
  body?: B;
  query?: Q;
  params?: P;
  /** 201 for a call that creates; 200 otherwise. */
  status?: 200 | 201;
  /** Per-IP rate limit (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS), for calls that guess, send or record. */
  rateLimit?: boolean;
  /** A repeated Idempotency-Key answers the first answer (plugins/idempotency.ts). */
  idempotent?: boolean;
  /** The session is checked by the route's own statement (plugins/auth.ts). */
  sessionInStatement?: boolean;
  /** Hooks run after the guard (such as a size check before an upload is read). */
  onRequest?: onRequestHookHandler[];
  tags?: string[];
  /** Left out of the OpenAPI document. */
  hide?: boolean;
}

/** A call answering `{ success, message, data }`. */
export interface DataRoute<G extends Guard, B extends Schema, Q extends Schema, P extends Schema, D extends z.ZodType> extends Common<G, B, Q, P> {
  data: D;
  /** The answer's message: fixed, or worked out from the data. A handler may also return `said(message, data)`. */
  message?: string | ((data: z.infer<D>) => string);
  handler: (input: Input<B, Q, P>, ctx: RequestCtx<UserOf<G>>, http: Http) => Promise<z.infer<D> | Said<z.infer<D>>>;
}

/** A call answering `{ success, message }` only. */
export interface MessageRoute<G extends Guard, B extends Schema, Q extends Schema, P extends Schema> extends Common<G, B, Q, P> {
  message: string;
  handler: (input: Input<B, Q, P>, ctx: RequestCtx<UserOf<G>>, http: Http) => Promise<void | Said<undefined>>;
}

/**
 * A call whose answer is not the envelope, as the original client reads it: a bare array, a file,
 * or an envelope with top-level fields beside `data` (the handler then returns `said(…, extra)`).
 */
export interface RawRoute<G extends Guard, B extends Schema, Q extends Schema, P extends Schema, A extends z.ZodType> extends Common<G, B, Q, P> {
  answer: A | null;
  /** Sent as the body's type, for a file. */
  contentType?: string;
  handler: (input: Input<B, Q, P>, ctx: RequestCtx<UserOf<G>>, http: Http) => Promise<z.input<A> | Said<unknown> | string | Buffer>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const guardHooks = (guard: Guard): onRequestHookHandler[] =>
  guard === 'public' ? [] : guard === 'user' ? [requireUser as onRequestHookHandler] : [requireAdmin(guard.admin) as onRequestHookHandler];

type Add<DG extends Guard> = <
  G extends Guard = DG,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
  D extends z.ZodType = z.ZodType,
>(
  url: string,
  def: Route<G, B, Q, P, D>,
) => void;

export interface RouteKit<DG extends Guard> {
  get: Add<DG>;
  post: Add<DG>;
  put: Add<DG>;
  patch: Add<DG>;
  delete: Add<DG>;
}

export type Route<G extends Guard, B extends Schema, Q extends Schema, P extends Schema, D extends z.ZodType> =
  DataRoute<G, B, Q, P, D> | MessageRoute<G, B, Q, P> | RawRoute<G, B, Q, P, D>;

/**
 * The routes of one plugin, with the defaults they share: `const r = routes(app, { tags, guard: 'user' })`,
 * then `r.post('/chicken-road/start', { … })`. The guard is set once here and changed only by a
 * route that says otherwise.
 */
export function routes<DG extends Guard>(app: App, defaults: { tags: string[]; guard: DG }): RouteKit<DG> {
  const add =
    (method: Method) =>
    <G extends Guard, B extends Schema, Q extends Schema, P extends Schema, D extends z.ZodType>(url: string, def: Route<G, B, Q, P, D>): void => {
      const guard: Guard = def.guard ?? defaults.guard;
      const status = def.status ?? 200;
      const raw = 'answer' in def;
      const answer = raw ? def.answer : 'data' in def ? ok(def.data) : okMessage;
      app.route({
        method,
        url,
        onRequest: [...guardHooks(guard), ...(def.onRequest ?? [])],
        config: {
          ...(def.rateLimit ? rateLimited(app) : {}),
          ...(def.idempotent ? { idempotent: true } : {}),
          ...(def.sessionInStatement ? { sessionInStatement: true } : {}),
        },
        schema: {
          tags: def.tags ?? defaults.tags,
          summary: def.summary,
          ...(def.hide ? { hide: true } : {}),
          ...(guard === 'public' ? {} : { security: [{ bearer: [] }] }),
          ...(def.body ? { body: def.body } : {}),
          ...(def.query ? { querystring: def.query } : {}),
          ...(def.params ? { params: def.params } : {}),
          ...(answer ? { response: { [status]: answer } } : {}),
          // A file's type, for the OpenAPI document.
          ...(raw && (def as RawRoute<G, B, Q, P, D>).contentType ? { produces: [(def as RawRoute<G, B, Q, P, D>).contentType!.split(';')[0]] } : {}),
        },
        handler: async (request, reply) => {
          const ctx: RequestCtx<AuthUser | null> = { ...contextOf(app, request.log), user: request.user, key: requestKey(request) };
          const input = { body: request.body, query: request.query, params: request.params } as Input<B, Q, P>;
          const out = await (def.handler as (i: typeof input, c: typeof ctx, h: Http) => Promise<unknown>)(input, ctx, { request, reply });
          reply.status(status);
          if (raw) {
            if ((def as RawRoute<G, B, Q, P, D>).contentType) reply.type((def as RawRoute<G, B, Q, P, D>).contentType!);
            return out instanceof Said ? { success: true, message: out.message, data: out.data, ...out.extra } : out;
          }
          if (out instanceof Said) return { success: true, message: out.message, ...(out.data === undefined ? {} : { data: out.data }), ...out.extra };
          if (!('data' in def)) return { success: true, message: def.message };
          const message = typeof def.message === 'function' ? def.message(out as z.infer<D>) : (def.message ?? '');
          return { success: true, message, data: out };
        },
      });
    };
  return { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') } as RouteKit<DG>;
}
