import { startTransition, useEffect, useState } from 'react';
import { session } from '../../lib/session';
import { fetchMe } from './auth.api';

export type SessionStatus = 'loading' | 'ready';

let started: Promise<void> | null = null;
let done = false;

/**
 * The start-up: a visitor with a saved user has their user refreshed from `GET /users/me` (an
 * expired access cookie is renewed with the refresh cookie on the way); an ended session leaves
 * them signed out. A visitor who never signed in on this browser has no session to resume.
 */
export function bootstrapSession(): Promise<void> {
  started ??= (async () => {
    session.set(session.user()); // drops a token an earlier version kept in local storage
    if (!session.user()) return;
    try {
      const { user } = await fetchMe();
      session.set(user ?? null);
    } catch (err) {
      // A 401 has already tried a refresh and signed out if it failed; anything else keeps the user.
      console.error('current user', err);
    }
  })()
    .catch((err) => console.error('session start', err))
    .finally(() => {
      done = true;
    });
  return started;
}

/** For tests: forget that the start-up ran. */
export function resetSessionBootstrap() {
  started = null;
  done = false;
}

/**
 * Runs the start-up once. While it runs, a visitor with a saved user waits ('loading'), so a
 * page never shows a signed-in view of a session that has ended; anyone else sees the page at once.
 */
export function useSessionBootstrap(): SessionStatus {
  const [status, setStatus] = useState<SessionStatus>(() => (done || !session.user() ? 'ready' : 'loading'));
  useEffect(() => {
    let live = true;
    // The screen then renders as a transition: in slices, not in one long task.
    void bootstrapSession().then(() => live && startTransition(() => setStatus('ready')));
    return () => {
      live = false;
    };
  }, []);
  return status;
}
