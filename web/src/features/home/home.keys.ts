import { sharedKeys } from '../../lib/sharedKeys';

/** Home's query keys, the one place they are written. */
export const homeKeys = {
  lastResults: ['home', 'last-results'] as const,
  notification: sharedKeys.notification,
  ranking: ['ranking'] as const,
};
