import { GAME_TYPES } from '../../../../../contracts/accounts';
import { Button } from '../../../components/ui/Button';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { GAMES } from '../../../lib/games';
import { notify } from '../../../lib/toast';
import { useVisibleGames } from '../../../lib/useVisibleGames';
import { useSetGameVisibility } from '../site.api';
import { SectionHead } from './SectionHead';

/** Game Visibility Manager: each game, whether players see it, and the switch; a row flips only once the server agrees. */
export function GamesSection() {
  const visible = useVisibleGames();
  const change = useSetGameVisibility();

  let body;
  if (visible.isPending) body = <Loading />;
  else if (visible.isError) body = <ErrorText>{errorMessage(visible.error, 'Failed to load the games')}</ErrorText>;
  else
    body = (
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col">Visibility</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {GAME_TYPES.map((gameType) => {
            const isVisible = visible.data.includes(gameType);
            const name = GAMES[gameType]?.title ?? gameType;
            const busy = change.isPending && change.variables?.gameType === gameType;
            return (
              <tr key={gameType}>
                <td>{name}</td>
                <td>
                  <span className={`admin-badge admin-badge--${isVisible ? 'on' : 'off'}`}>{isVisible ? 'Enabled' : 'Disabled'}</span>
                </td>
                <td>
                  <Button
                    variant={isVisible ? 'danger' : 'primary'}
                    busy={busy}
                    aria-label={`${isVisible ? 'Disable' : 'Enable'} ${name}`}
                    onClick={() =>
                      change.mutate(
                        { gameType, isVisible: !isVisible },
                        {
                          onSuccess: () => notify.success(`${name} ${isVisible ? 'disabled' : 'enabled'}`),
                          onError: (err) => notify.error(errorMessage(err, 'The change could not be saved')),
                        },
                      )
                    }
                  >
                    {isVisible ? 'Disable' : 'Enable'}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );

  return (
    <section className="admin-section">
      <SectionHead title="Game Visibility Manager" />
      <div className="card admin-panel">{body}</div>
    </section>
  );
}
