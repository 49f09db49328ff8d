import type { PublicUser } from '../../../contracts/accounts';

/**
 * Who is signed in on this browser, kept in local storage as `user` so every tab and a reload
 * know it. No credential is kept where a script can read it: the session itself is the httpOnly
 * cookie pair that sign-in sets (the answer's `accessToken` is for other clients, and ignored here).
 */
export type SessionUser = PublicUser;

const USER_KEY = 'user';
/** Where earlier versions kept the access token; removed on sight. */
const LEGACY_TOKEN_KEY = 'accessToken';
const listeners = new Set<() => void>();
/** Whether the player signed out in this tab (as opposed to never having signed in, or a lost session). */
let signedOutHere = false;

export const session = {
  user(): SessionUser | null {
    try {
      return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
    } catch {
      return null;
    }
  },
  set(user: SessionUser | null) {
    if (user) signedOutHere = false;
    localStorage.removeItem(LEGACY_TOKEN_KEY);
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
    listeners.forEach((l) => l());
  },
  clear() {
    session.set(null);
  },
  /** Forgets the user because they chose to sign out: a protected screen then sends them home, not to /login. */
  signOut() {
    signedOutHere = true;
    session.set(null);
  },
  signedOutHere(): boolean {
    return signedOutHere;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab signing in or out changes local storage here too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === USER_KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** The original app's masked id: first two characters, five stars, last two characters reversed. */
export const maskId = (id: string) => `${id.slice(0, 2)}*****${id.slice(-2).split('').reverse().join('')}`;
