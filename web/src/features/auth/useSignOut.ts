import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { focusMain } from '../../lib/focus';
import { session } from '../../lib/session';
import { visibleGamesKey } from '../../lib/useVisibleGames';
import { logout } from './auth.api';

/**
 * Signs out: tells the server (which clears its cookies), forgets the user and their cached data,
 * and goes home. The control that was used (menu item, avatar, profile row) disappears with the session,
 * so focus moves to <main> instead of falling to <body>.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch (err) {
      console.error('logout', err);
    }
    // A protected screen still showing sends the player home too, not to /login (see Protected).
    session.signOut();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== visibleGamesKey[0] });
    navigate('/', { replace: true });
    focusMain();
  }, [queryClient, navigate]);
}
