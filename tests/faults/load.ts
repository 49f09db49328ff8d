/*
 * The fault suite's players: the mixed load over HTTP (sign-ups, deposits and approvals, Chicken
 * Road, colour bets, spins, withdrawals and decisions), every call counted against the outage
 * under way when it was sent, and every call answered with success remembered, to be found in
 * the database afterwards (verify.ts).
 */
import { ensurePaymentTarget } from '../helpers/payment-target.js';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const rand = (n: number) => Math.floor(Math.random() * n);

/** What a call that was answered with success said. */
export type Answered =
  | { kind: 'register'; userId: string }
  | { kind: 'deposit'; id: string; userId: string; amount: number }
  | { kind: 'approve'; id: string }
  | { kind: 'withdraw'; id: string; userId: string; amount: number }
  | { kind: 'decide-withdrawal'; id: string; status: 'approved' | 'rejected' }
  | { kind: 'chicken-start'; roundId: string; bet: number }
  | { kind: 'chicken-end'; roundId: string; state: 'won' | 'lost'; payout: number }
  | { kind: 'color-bet'; id: string; amount: number; selection: string }
  | { kind: 'spin'; id: string; amount: number };

/**
 * How a call ended: answered with success, refused (4xx), "try again" (503 with a message and
 * Retry-After), cut off (no answer from the server: the connection dropped, or the proxy's 502
 * for a server that died), or timed out (no answer within CALL_TIMEOUT_MS: a hang).
 */
export type Outcome = 'ok' | 'refused' | 'unavailable' | 'cut off' | 'timed out';
export const OUTCOMES: Outcome[] = ['ok', 'refused', 'unavailable', 'cut off', 'timed out'];
export const CALL_TIMEOUT_MS = 10_000;
/**
 * How long a call is sent again (retryUnanswered) before the load gives up on it: past the minute
 * after which the server takes over a key claimed by a call whose database went away under it.
 */
const RETRY_FOR_MS = 90_000;
/** 409s that ask to send the same call again, as a careful client does: the first is still running, or collided. */
const TRY_AGAIN_CODES = new Set(['IDEMPOTENCY_IN_PROGRESS', 'RETRY']);
const tryAgain = (res: { status: number; json: Record<string, unknown> } | null) =>
  !res || res.status === 503 || (res.status === 409 && TRY_AGAIN_CODES.has(String(res.json.code)));

/** A span of the run (an outage, or the calm between them): what the calls sent during it got. */
export class Span {
  readonly tally: Record<Outcome, number> = { ok: 0, refused: 0, unavailable: 0, 'cut off': 0, 'timed out': 0 };
  /** Answers no span may have: a 500, a 503 without Retry-After and a message, … */
  readonly wrong: string[] = [];
  /** Why calls were cut off, and how often. */
  readonly cutOffs = new Map<string, number>();
  constructor(readonly kind: string) {}
}

export class Load {
  readonly answered: Answered[] = [];
  /** The span calls are counted in now; the orchestrator moves it as outages start and end. */
  span = new Span('calm');
  stopping = false;
  adminToken = '';
  /**
   * Whether a call that got no answer, or 503, is sent again with the same Idempotency-Key until
   * it is answered (the failover suite: a retry across a failover must not act twice). Every
   * money and play call then carries a key.
   */
  retryUnanswered = false;
  /** Calls sent again, and those of them then answered. */
  readonly retries = { sent: 0, answered: 0, gaveUp: 0, stillRunning: 0 };
  /** Per player, the calls of each kind that ended with an answer (success or refusal), and whether any never did. */
  readonly ledgerOfCalls = new Map<string, { ok: Record<string, number>; unsettled: number }>();
  private keySeq = 0;
  private readonly pendingDeposits: string[] = [];
  private readonly pendingWithdrawals: string[] = [];
  private payNumber = Date.now();
  private phoneSeq = 0;

  /**
   * `base`: where players call (the proxy); `direct`: a server itself, for the development outbox
   * that answers only callers on the server's machine (not through a proxy).
   */
  constructor(
    private readonly base: () => string,
    private readonly direct: () => string,
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    key?: string,
    base = this.base(),
  ): Promise<{ status: number; json: Record<string, unknown> } | null> {
    const sent = this.span;
    // An outage's calls are those sent or answered during it.
    const counted = () => (sent.kind !== 'calm' ? sent : this.span);
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const text = await res.text();
      let json: Record<string, unknown> | null = null;
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // not ours: the proxy's own page
      }
      const span = counted();
      if (res.status < 300) span.tally.ok++;
      else if (res.status < 500) span.tally.refused++;
      else if ((res.status === 502 || res.status === 504) && !json) {
        // The proxy found no server to answer (it died under the call).
        span.tally['cut off']++;
        span.cutOffs.set(`proxy ${res.status}`, (span.cutOffs.get(`proxy ${res.status}`) ?? 0) + 1);
        return null;
      } else if (res.status === 503 && json?.message && res.headers.get('retry-after')) span.tally.unavailable++;
      else {
        span.wrong.push(`${method} ${path} answered ${res.status} ${res.headers.get('retry-after') ? '' : '(no Retry-After) '}${text.slice(0, 200)}`);
        return null;
      }
      return { status: res.status, json: json ?? {} };
    } catch (err) {
      const span = counted();
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      span.tally[timedOut ? 'timed out' : 'cut off']++;
      if (!timedOut) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        const why = cause?.code ?? cause?.message ?? String(err);
        span.cutOffs.set(why, (span.cutOffs.get(why) ?? 0) + 1);
      }
      return null;
    }
  }

  /** A fresh Idempotency-Key when calls are retried, none otherwise. */
  private key(prefix: string): string | undefined {
    return this.retryUnanswered ? `${prefix}-${Date.now().toString(36)}-${this.keySeq++}` : undefined;
  }

  /**
   * `call`, and with `retryUnanswered` the same call again (same key) while it gets no answer, 503
   * or a 409 that asks to try again (`tryAgain`), for up to RETRY_FOR_MS. Counts, per player, the calls that ended answered with success.
   */
  async send(method: string, path: string, body: unknown, token: string | undefined, key: string | undefined, player?: string, kind?: string) {
    let res = await this.call(method, path, body, token, key);
    const until = Date.now() + RETRY_FOR_MS;
    let retried = false;
    while (this.retryUnanswered && key && tryAgain(res) && Date.now() < until) {
      await sleep(300 + rand(400));
      retried = true;
      this.retries.sent++;
      if (res?.status === 409) this.retries.stillRunning++;
      res = await this.call(method, path, body, token, key);
    }
    if (retried && !tryAgain(res)) this.retries.answered++;
    if (player && kind) {
      const entry = this.ledgerOfCalls.get(player) ?? { ok: {}, unsettled: 0 };
      this.ledgerOfCalls.set(player, entry);
      if (!res || tryAgain(res)) {
        entry.unsettled++;
        if (retried) this.retries.gaveUp++;
      } else if (res.status < 300) entry.ok[kind] = (entry.ok[kind] ?? 0) + 1;
    }
    return res;
  }

  private async codeFor(to: string, channel: 'email' | 'sms'): Promise<string | null> {
    for (let i = 0; i < 40; i++) {
      const res = await this.call('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`, undefined, undefined, undefined, this.direct());
      const found = res?.status === 200 ? data<{ channel: string; code: string }[]>(res).find((m) => m.channel === channel && m.code) : undefined;
      if (found) return found.code;
      await sleep(150);
    }
    return null;
  }

  /** Registers, verifies and signs in a player through the API; null when an outage got in the way. */
  async newPlayer(tag: string): Promise<Player | null> {
    const email = `${tag}.${Date.now().toString(36)}${rand(1e6)}@faults.test`;
    const phoneNumber = `+9198${String(10_000_000 + ((Date.now() + this.phoneSeq++ * 7919) % 89_999_999)).slice(0, 8)}`;
    const password = 'Faults#Player-2024';
    const reg = await this.call('POST', '/api/v1/users/register', { fullName: 'Fault Player', email, phoneNumber, password, ref_by: null, ageConfirmed: true });
    if (!reg || reg.status >= 300) return null;
    const userId = reg.json.userId as string;
    this.answered.push({ kind: 'register', userId });
    const emailOTP = await this.codeFor(email, 'email');
    const smsOTP = await this.codeFor(phoneNumber, 'sms');
    if (!emailOTP || !smsOTP) return null;
    const ver = await this.call('POST', '/api/v1/otp/verify', { userId, emailOTP, smsOTP });
    if (!ver || ver.status >= 300) return null;
    const login = await this.call('POST', '/api/v1/users/login', { email, password });
    if (!login || login.status >= 300) return null;
    return { userId, token: data<{ accessToken: string }>(login).accessToken };
  }

  async adminLogin(admin: { email: string; password: string }): Promise<void> {
    for (;;) {
      const res = await this.call('POST', '/api/v1/users/login', admin);
      if (res?.status === 200) {
        this.adminToken = data<{ accessToken: string }>(res).accessToken;
        // Somewhere to pay by UPI: deposits of a method without a QR code are refused.
        await ensurePaymentTarget(this.direct(), this.adminToken);
        return;
      }
      await sleep(200);
    }
  }

  async deposit(p: Player) {
    const amount = 100 + rand(20) * 50;
    const pay = `FLT${this.payNumber++}`;
    const res = await this.send(
      'POST',
      '/api/v1/wallet/deposit',
      { userId: p.userId, amount, method: 'UPI', details: { payNumber: pay } },
      p.token,
      `dep-${pay}`,
      p.userId,
      'deposit',
    );
    if (res && res.status < 300) {
      const id = data<{ _id: string }>(res)._id;
      this.answered.push({ kind: 'deposit', id, userId: p.userId, amount });
      this.pendingDeposits.push(id);
    }
  }

  /** Approves every deposit waiting (at the start: everyone gets money to play with). */
  async approveAll() {
    while (this.pendingDeposits.length) await this.approveOne();
  }

  private async approveOne(): Promise<boolean> {
    const id = this.pendingDeposits.shift();
    if (!id) return false;
    const res = await this.send('PUT', '/api/v1/wallet/update-deposite-transaction-status', { id, status: 'approved' }, this.adminToken, `appr-${id}`);
    if (res && res.status < 300) this.answered.push({ kind: 'approve', id });
    else if (!res || res.status === 503) this.pendingDeposits.push(id);
    return true;
  }

  private async chickenRound(p: Player) {
    const bet = 10 + rand(5) * 10;
    let res = await this.send(
      'POST',
      '/api/v1/chicken-road/start',
      { betAmount: bet, difficulty: 'Easy' },
      p.token,
      this.key('start'),
      p.userId,
      'chicken-start',
    );
    if (!res) return;
    let roundId: string | undefined;
    let state: string | undefined;
    if (res.status < 300) {
      ({ roundId, state } = data<{ roundId: string; state: string }>(res));
      this.answered.push({ kind: 'chicken-start', roundId: roundId!, bet });
    } else {
      // A round left open (its start was answered, or not, before an outage): play it out.
      const active = await this.call('GET', '/api/v1/chicken-road/active', undefined, p.token);
      const open = active?.status === 200 ? data<{ roundId: string; state: string } | null>(active) : null;
      if (!open) return;
      ({ roundId, state } = open);
    }
    for (let steps = rand(4); state === 'playing' && steps > 0; steps--) {
      res = await this.send('POST', '/api/v1/chicken-road/go', { roundId }, p.token, this.key('go'));
      if (!res || res.status >= 300) return;
      const d = data<{ state: string; payout?: number }>(res);
      state = d.state;
      if (state !== 'playing') this.answered.push({ kind: 'chicken-end', roundId: roundId!, state: state as 'won' | 'lost', payout: d.payout ?? 0 });
    }
    if (state === 'playing') {
      res = await this.send('POST', '/api/v1/chicken-road/stop', { roundId }, p.token, this.key('stop'));
      if (res && res.status < 300) {
        const d = data<{ state: 'won' | 'lost'; payout: number }>(res);
        this.answered.push({ kind: 'chicken-end', roundId: roundId!, state: d.state, payout: d.payout });
      }
    }
  }

  private async colorBet(p: Player) {
    const state = await this.call('GET', '/api/v1/color/state');
    if (!state || state.status !== 200) return;
    const current = data<{ current: { period: string } | null }>(state).current;
    if (!current) return;
    const amount = 10 + rand(3) * 10;
    const selection = SELECTIONS[rand(SELECTIONS.length)];
    const res = await this.send('POST', '/api/v1/color/bet', { period: current.period, selection, amount }, p.token, this.key('bet'), p.userId, 'color-bet');
    if (res && res.status < 300) this.answered.push({ kind: 'color-bet', id: data<{ bet: { _id: string } }>(res).bet._id, amount, selection });
  }

  private async spin(p: Player) {
    const res = await this.send('POST', '/api/v1/spinner/spin', {}, p.token, this.key('spin'), p.userId, 'spin');
    if (res && res.status < 300) {
      const d = data<{ spinId: string; amount: number }>(res);
      this.answered.push({ kind: 'spin', id: d.spinId, amount: d.amount });
    }
  }

  private async withdraw(p: Player) {
    const amount = 100;
    const details = {
      email: 'fault@faults.test',
      phone: '+919876543210',
      firstName: 'Fault',
      lastName: 'Player',
      accountNumber: '998877665544',
      ifsc: 'HDFC0001234',
    };
    const res = await this.send(
      'POST',
      '/api/v1/wallet/withraw',
      { amount, method: 'UPI', details },
      p.token,
      `wd-${Date.now()}-${rand(1e9)}`,
      p.userId,
      'withdraw',
    );
    if (res && res.status < 300) {
      const id = data<{ _id: string }>(res)._id;
      this.answered.push({ kind: 'withdraw', id, userId: p.userId, amount });
      this.pendingWithdrawals.push(id);
    }
  }

  /** A player's evening: mostly games, now and then money in or out. */
  async playerLoop(p: Player) {
    while (!this.stopping) {
      const r = rand(100);
      if (r < 50) await this.chickenRound(p);
      else if (r < 75) await this.colorBet(p);
      else if (r < 85) await this.deposit(p);
      else if (r < 92) await this.withdraw(p);
      else await this.spin(p);
      await sleep(rand(40));
    }
  }

  /** The admin decides what waits: approves deposits, approves or rejects withdrawals. */
  async adminLoop() {
    while (!this.stopping) {
      const dep = await this.approveOne();
      const wd = this.pendingWithdrawals.shift();
      if (wd) {
        const status = rand(2) ? 'approved' : 'rejected';
        const res = await this.send('PUT', '/api/v1/wallet/transaction/status', { id: wd, status }, this.adminToken, `wd-dec-${wd}`);
        if (res && res.status < 300) this.answered.push({ kind: 'decide-withdrawal', id: wd, status });
        else if (!res || res.status === 503) this.pendingWithdrawals.push(wd);
      }
      await sleep(dep || wd ? 10 : 100);
    }
  }

  /** New players keep signing up throughout. */
  async signupLoop() {
    while (!this.stopping) {
      await this.newPlayer('late');
      await sleep(300);
    }
  }
}

export interface Player {
  userId: string;
  token: string;
}

const SELECTIONS = ['green', 'red', 'violet', 'big', 'small', '0', '5', '7'];
const data = <T>(res: { json: Record<string, unknown> }) => res.json.data as T;
