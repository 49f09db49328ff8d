/**
 * Where the build writes the page of a screen loaded on demand (scripts/vite/screen-pages.ts) and
 * where the server looks for it when that screen is visited (server/app.ts): '/login' →
 * 'pages/login.html'. Only plain paths have one; any other page path is answered with index.html.
 */
export function screenPageFile(path: string): string | null {
  if (!/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/i.test(path)) return null;
  return `pages/${path.slice(1).replace(/\//g, '__')}.html`;
}
