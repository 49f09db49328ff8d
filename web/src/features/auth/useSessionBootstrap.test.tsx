import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../lib/test-utils';
import { bootstrapSession, resetSessionBootstrap } from './useSessionBootstrap';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const tokenExpiringIn = (seconds: number) => `${b64url({ alg: 'HS256' })}.${b64url({ sub: 'u', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;

describe('session start-up', () => {
  beforeEach(() => resetSessionBootstrap());
  afterEach(() => vi.unstubAllGlobals());

  it('with a valid token refreshes the saved user from /users/me', async () => {
    const saved = signIn({ fullName: 'Old Name' });
    const api = mockApi({ 'GET /api/v1/users/me': () => ({ body: { success: true, user: { ...saved, fullName: 'New Name' } } }) });
    await bootstrapSession();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/users/me']);
    expect(JSON.parse(localStorage.getItem('user')!).fullName).toBe('New Name');
  });

  it('drops an expired token and its user, then a failed refresh leaves the visitor signed out', async () => {
    const saved = signIn();
    localStorage.setItem('accessToken', tokenExpiringIn(-60));
    const api = mockApi({ 'POST /api/v1/users/refresh-token': () => ({ status: 401, body: { success: false, message: 'Your session has ended. Please sign in again.' } }) });
    await bootstrapSession();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/users/refresh-token']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(saved._id).toBeTruthy();
  });

  it('resumes an expired session with the refresh cookie', async () => {
    const saved = signIn();
    localStorage.setItem('accessToken', tokenExpiringIn(-60));
    const fresh = tokenExpiringIn(900);
    const api = mockApi({
      'POST /api/v1/users/refresh-token': () => ({ body: { success: true, data: { accessToken: fresh } } }),
      'GET /api/v1/users/me': () => ({ body: { success: true, user: saved } }),
    });
    await bootstrapSession();
    expect(localStorage.getItem('accessToken')).toBe(fresh);
    expect(JSON.parse(localStorage.getItem('user')!)._id).toBe(saved._id);
    expect(api.find('GET', '/api/v1/users/me')[0].headers.Authorization).toBe(`Bearer ${fresh}`);
  });

  it('asks nothing of the server for a visitor who never signed in', async () => {
    const api = mockApi({});
    await bootstrapSession();
    expect(api.calls).toHaveLength(0);
  });

  it('runs once however often it is asked', async () => {
    signIn();
    const api = mockApi({ 'GET /api/v1/users/me': () => ({ body: { user: JSON.parse(localStorage.getItem('user')!) } }) });
    await Promise.all([bootstrapSession(), bootstrapSession()]);
    await bootstrapSession();
    expect(api.calls).toHaveLength(1);
  });
});
