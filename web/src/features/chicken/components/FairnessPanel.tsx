import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { clientSeedSchema } from '../../../../../contracts/chicken';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { chickenApi, chickenKeys, useSeedPair, type RotatedSeedPair } from '../chicken.api';
import { t } from '../../../lib/i18n';
import { Tr } from '../../../lib/Tr';

const seedForm = z.object({ clientSeed: z.string().trim().min(1, t('Enter a client seed')).pipe(clientSeedSchema) });
type SeedForm = z.input<typeof seedForm>;

/** The player's seed pair: the committed server seed hash, their client seed, the nonce, rotation. */
export function FairnessPanel() {
  const queryClient = useQueryClient();
  const pair = useSeedPair();
  const [revealed, setRevealed] = useState<RotatedSeedPair | null>(null);
  const form = useForm<SeedForm>({ resolver: zodResolver(seedForm), values: { clientSeed: pair.data?.clientSeed ?? '' } });

  const save = useMutation({
    mutationFn: (clientSeed: string) => chickenApi.setClientSeed(clientSeed),
    onSuccess: (next) => {
      queryClient.setQueryData(chickenKeys.fairness, next);
      notify.success(t('Client seed saved.'));
    },
    onError: (err) => notify.error(errorMessage(err, t('Could not save the client seed.'))),
  });
  const rotate = useMutation({
    mutationFn: chickenApi.rotate,
    onSuccess: (next) => {
      setRevealed(next);
      queryClient.setQueryData(chickenKeys.fairness, { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: next.nonce });
      void queryClient.invalidateQueries({ queryKey: chickenKeys.allBets });
      notify.success(t('Seed pair rotated. The previous server seed is revealed.'));
    },
    onError: (err) => notify.error(errorMessage(err, t('Could not rotate the seed pair.'))),
  });

  if (pair.isLoading) return <Loading />;
  if (pair.error || !pair.data) return <ErrorText>{errorMessage(pair.error, t('Could not load your seed pair.'))}</ErrorText>;

  return (
    <div className="chicken-fair">
      <div className="chicken-fair__item">
        <span className="chicken-fair__label">{t('Server seed (SHA-256)')}</span>
        <code className="chicken-fair__code" data-testid="server-seed-hash">
          {pair.data.serverSeedHash}
        </code>
      </div>
      <form className="chicken-fair__seed" onSubmit={form.handleSubmit((v) => save.mutate(v.clientSeed.trim()))} noValidate>
        <Field
          label={t('Client seed')}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          error={form.formState.errors.clientSeed?.message}
          {...form.register('clientSeed')}
        />
        <Button type="submit" variant="secondary" busy={save.isPending} disabled={!form.formState.isDirty}>
          {t('Save')}
        </Button>
      </form>
      <div className="chicken-fair__item">
        <span className="chicken-fair__label">{t('Nonce (bets made with this pair)')}</span>
        <span className="chicken-fair__value" data-testid="nonce">
          {pair.data.nonce}
        </span>
      </div>
      <Button variant="ghost" block busy={rotate.isPending} onClick={() => rotate.mutate()}>
        {t('Rotate seed pair')}
      </Button>
      {revealed && (
        <div className="chicken-fair__revealed" role="status">
          <span className="chicken-fair__label">{t('Previous server seed')}</span>
          <code className="chicken-fair__code" data-testid="previous-server-seed">
            {revealed.previousServerSeed}
          </code>
          <p className="chicken-fair__note">
            <Tr
              text={
                revealed.previousNonce === 1
                  ? 'It hashes to {{hash}}…, the hash you were shown. Its {{count}} bet with client seed “{{seed}}” can now be checked from <bets>All Bets</bets>.'
                  : 'It hashes to {{hash}}…, the hash you were shown. Its {{count}} bets with client seed “{{seed}}” can now be checked from <bets>All Bets</bets>.'
              }
              values={{ hash: revealed.previousServerSeedHash.slice(0, 16), count: revealed.previousNonce, seed: revealed.previousClientSeed }}
              parts={{ bets: <Link to="/bets" /> }}
            />
          </p>
        </div>
      )}
    </div>
  );
}
