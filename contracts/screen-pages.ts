/**
 * Where the build writes the page of a screen loaded on demand (scripts/vite/screen-pages.ts) and
 * where the server looks for it when that screen is visited (server/app.ts): '/login' →
 * 'pages/login.html'. Only plain paths have one; any other page path is answered with index.html.
 */
export function screenPageFile(path: string): string | null {
  if (!/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/i.test(path)) return null;
  return `pages/${path.slice(1).replace(/\//g, '__')}.html`;
}

/** The session check a signed-in screen's page preloads. */
export const SESSION_CHECK = '/api/v1/users/me';

/**
 * The calls a screen asks for as soon as its code arrives, named in its page as fetch preloads, so
 * they start with the page instead of after the scripts have run: the games' public data, and for
 * the games, which a returning player opens straight from a bookmark, the session check (`me`)
 * that must answer before a signed-in screen shows. Each is the exact URL the app asks for (same
 * query, no extra headers), or the browser would ask twice; the end-to-end budgets test checks
 * that each is fetched once.
 */
export const SCREEN_DATA: Readonly<Record<string, readonly string[]>> = {
  '/color': [SESSION_CHECK, '/api/v1/color/state', '/api/v1/color/history?page=1'],
  '/chicken-road': [SESSION_CHECK],
};

/**
 * Whether the screen at `path` shows only to a signed-in player (its page preloads the session
 * check). A browser with no session cookie is sent index.html for it instead: the app sends it to
 * sign in, without fetching the screen's code or a session check that can only be refused.
 */
export const isSignedInScreen = (path: string): boolean => SCREEN_DATA[path]?.includes(SESSION_CHECK) ?? false;
