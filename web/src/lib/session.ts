/** What the spec's client keeps in local storage: `accessToken` and `user`. */
export interface SessionUser {
  _id: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  role: 'user' | 'admin';
  accessPages?: string[];
  createdAt: string;
}

const TOKEN_KEY = 'accessToken';
const USER_KEY = 'user';
const listeners = new Set<() => void>();

export const session = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  user(): SessionUser | null {
    try {
      return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
    } catch {
      return null;
    }
  },
  set(token: string | null, user?: SessionUser | null) {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
    if (user !== undefined) {
      if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
      else localStorage.removeItem(USER_KEY);
    }
    listeners.forEach((l) => l());
  },
  clear() {
    session.set(null, null);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab signing in or out changes local storage here too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === TOKEN_KEY || e.key === USER_KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** True when the JWT is missing, unreadable or past its `exp` claim. */
export function isExpired(token: string | null, skewSeconds = 10): boolean {
  if (!token) return true;
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now() + skewSeconds * 1000;
  } catch {
    return true;
  }
}

/** The spec's masked id: first two characters, five stars, last two characters reversed. */
export const maskId = (id: string) => `${id.slice(0, 2)}*****${id.slice(-2).split('').reverse().join('')}`;
