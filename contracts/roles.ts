/** The seven back-office pages an admin may hold (docs/security.md). */
export const ACCESS_PAGES = ['transaction', 'withdraw-requests', 'games', 'telegram', 'admin-management', 'qr-code', 'reconcile'] as const;
export type AccessPage = (typeof ACCESS_PAGES)[number];
export type Role = 'user' | 'admin';
