import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../lib/test-utils';
import { bootstrapSession, resetSessionBootstrap } from './useSessionBootstrap';

const ended = { status: 401, body: { success: false, message: 'Your session has ended. Please sign in again.' } };

describe('session start-up', () => {
  beforeEach(() => resetSessionBootstrap());
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes the saved user from /users/me with the session cookies', async () => {
    const saved = signIn({ fullName: 'Old Name' });
    const api = mockApi({ 'GET /api/v1/users/me': () => ({ body: { success: true, user: { ...saved, fullName: 'New Name' } } }) });
    await bootstrapSession();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/users/me']);
    expect(api.calls[0].credentials).toBe('include');
    expect(JSON.parse(localStorage.getItem('user')!).fullName).toBe('New Name');
  });

  it('drops a token an earlier version kept in local storage', async () => {
    const saved = signIn();
    localStorage.setItem('accessToken', 'a.b.c');
    mockApi({ 'GET /api/v1/users/me': () => ({ body: { success: true, user: saved } }) });
    await bootstrapSession();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('signs out when the session has ended and the refresh cookie is refused', async () => {
    signIn();
    const api = mockApi({ 'GET /api/v1/users/me': () => ended, 'POST /api/v1/users/refresh-token': () => ended });
    await bootstrapSession();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/users/me', 'POST /api/v1/users/refresh-token']);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('resumes an expired access cookie with the refresh cookie and asks again', async () => {
    const saved = signIn();
    let meCalls = 0;
    const api = mockApi({
      'GET /api/v1/users/me': () => (++meCalls === 1 ? ended : { body: { success: true, user: saved } }),
      'POST /api/v1/users/refresh-token': () => ({ body: { success: true, data: { accessToken: 'x.y.z' } } }),
    });
    await bootstrapSession();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/users/me', 'POST /api/v1/users/refresh-token', 'GET /api/v1/users/me']);
    expect(JSON.parse(localStorage.getItem('user')!)._id).toBe(saved._id);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('asks nothing of the server for a visitor who never signed in', async () => {
    const api = mockApi({});
    await bootstrapSession();
    expect(api.calls).toHaveLength(0);
  });

  it('runs once however often it is asked', async () => {
    signIn();
    const api = mockApi({ 'GET /api/v1/users/me': () => ({ body: { success: true, user: JSON.parse(localStorage.getItem('user')!) } }) });
    await Promise.all([bootstrapSession(), bootstrapSession()]);
    await bootstrapSession();
    expect(api.calls).toHaveLength(1);
  });
});
