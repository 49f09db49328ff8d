import { useEffect, useState } from 'react';
import { refreshAccessToken } from '../../lib/api';
import { isExpired, session } from '../../lib/session';
import { fetchMe } from './auth.api';

export type SessionStatus = 'loading' | 'ready';

let started: Promise<void> | null = null;
let done = false;

/**
 * The spec's start-up (§4): a missing or expired token is dropped with its user; a valid one
 * refreshes the saved user from `GET /users/me`; without one the refresh cookie is tried, and a
 * failed refresh leaves the visitor signed out. A visitor who never signed in on this browser
 * (nothing saved) has no session to resume, so no refresh is asked for.
 */
export function bootstrapSession(): Promise<void> {
  started ??= (async () => {
    const token = session.token();
    if (token && !isExpired(token)) {
      await restoreUser();
      return;
    }
    const hadSession = Boolean(token || session.user());
    session.clear();
    if (!hadSession) return;
    const fresh = await refreshAccessToken();
    if (fresh) await restoreUser();
  })()
    .catch((err) => console.error('session start', err))
    .finally(() => {
      done = true;
    });
  return started;
}

async function restoreUser() {
  try {
    const { user } = await fetchMe();
    const token = session.token();
    if (user && token) session.set(token, user);
    else session.clear();
  } catch (err) {
    // The client has already tried a refresh on 401 and cleared the session if it failed.
    console.error('current user', err);
  }
}

/** For tests: forget that the start-up ran. */
export function resetSessionBootstrap() {
  started = null;
  done = false;
}

/**
 * Runs the start-up once. While it runs, a visitor who had a saved user waits ('loading'), so a
 * protected page does not bounce to /login before an expired token is refreshed; anyone else sees
 * the page at once.
 */
export function useSessionBootstrap(): SessionStatus {
  const [status, setStatus] = useState<SessionStatus>(() => (done || !session.user() || !isExpired(session.token()) ? 'ready' : 'loading'));
  useEffect(() => {
    let live = true;
    void bootstrapSession().then(() => live && setStatus('ready'));
    return () => {
      live = false;
    };
  }, []);
  return status;
}
