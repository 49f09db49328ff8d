import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, useLayoutEffect } from 'react';
import { type Location, MemoryRouter, type RouteObject, useLocation, useRoutes } from 'react-router';
import { ToastLayer } from './ToastLayer';
import { vi } from 'vitest';
import { DIFFICULTIES, multiplierLadder } from '../../../contracts/chicken';
import type { SiteSettings } from '../../../contracts/site';
import type { SessionUser } from './session';

// Helpers for component tests only; nothing in the app imports this file.

/** Stores a signed-in user the way the login screen does (the session cookies are the browser's). */
export function signIn(overrides: Partial<SessionUser> = {}): SessionUser {
  const user: SessionUser = {
    _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    fullName: 'Asha Rao',
    email: 'asha@example.com',
    phoneNumber: '+919876543210',
    role: 'user',
    createdAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
  localStorage.setItem('user', JSON.stringify(user));
  return user;
}

/** The server's settings at their defaults, as `GET /site/settings` answers them (every mockApi serves it). */
export const SITE_SETTINGS: SiteSettings = {
  deposit: { min: 100, max: 5000 },
  withdraw: { min: 100, max: 100_000 },
  support: { whatsapp: 'https://wa.me/919876543210', telegram: 'https://t.me/rupeearcade' },
  chicken: {
    minBet: 10,
    maxBet: 10_000,
    maxWin: 1_000_000,
    rtp: 0.98,
    ladders: Object.fromEntries(DIFFICULTIES.map((d) => [d, multiplierLadder(d, 0.98)])) as SiteSettings['chicken']['ladders'],
  },
  color: { minBet: 10, maxBet: 10_000 },
  playMoney: false,
  ageConfirmation: true,
  helpLinks: [{ name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' }],
  demoBalance: 10_000,
};

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
  body: unknown;
}

type Reply = { status?: number; body: unknown } | Error;
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * A success answer as the server always sends it: with a message (tests may leave it out). The
 * rest of every answer is checked against the contract by the web's edge (lib/api.ts).
 */
const inEnvelope = (body: unknown) =>
  body && typeof body === 'object' && !Array.isArray(body) && (body as { success?: unknown }).success === true && !('message' in body)
    ? { ...body, message: 'OK' }
    : body;

/**
 * Replaces fetch with a table of `"METHOD /path"` handlers (the site settings are served unless
 * given); unknown calls answer 404. Every call is
 * recorded with its parsed JSON body (FormData bodies are kept as they are).
 */
export function mockApi(given: Record<string, Handler>) {
  const routes: Record<string, Handler> = {
    'GET /api/v1/site/settings': () => ({ body: { success: true, message: 'Site settings', data: SITE_SETTINGS } }),
    ...given,
  };
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const raw = init.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined);
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      credentials: init.credentials,
      body,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const reply: Reply = handler ? await handler(call) : { status: 404, body: { success: false, message: 'Not found' } };
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(inEnvelope(reply.body)), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

/** Where the memory router is, for tests to read: `router.state.location.pathname`. */
export interface TestRouter {
  state: { location: Location };
}

function Routes({ routes, onLocation }: { routes: RouteObject[]; onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onLocation(location);
  }, [location, onLocation]);
  return useRoutes(routes);
}

/** Renders an element (or a route table) inside a fresh query client, a memory router and the toasts. */
export function renderApp(ui: ReactElement | RouteObject[], { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const routes: RouteObject[] = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  // Filled in by the first render, before render() returns.
  const router = { state: {} } as TestRouter;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes
          routes={routes}
          onLocation={(location) => {
            router.state.location = location;
          }}
        />
      </MemoryRouter>
      <ToastLayer />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
