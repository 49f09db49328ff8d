import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DIFFICULTIES, laneCount } from '../../../../../contracts/chicken';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { SEED_CHECK_GAMES, type SeedCheckRequest } from '../../../lib/fairness/links';
import { checkRound, checkSpin, type DrawCheck } from '../../../lib/fairness/seeds';
import { prizeLabel } from '../../../lib/prize';
import { MiniRoad } from './MiniRoad';
import { t } from '../../../lib/i18n';

const verifyForm = z.object({
  game: z.enum(SEED_CHECK_GAMES),
  segments: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, 'The wheel has 2 to 24 segments')
    .refine((v) => Number(v) >= 2 && Number(v) <= 24, 'The wheel has 2 to 24 segments'),
  serverSeed: z.string().trim().min(1, 'Enter the revealed server seed').max(128, 'A server seed is at most 128 characters'),
  clientSeed: z.string().trim().min(1, 'Enter the client seed').max(64, 'A client seed is at most 64 characters'),
  nonce: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'The nonce is a whole number from 0'),
  difficulty: z.enum(DIFFICULTIES),
  serverSeedHash: z
    .string()
    .trim()
    .regex(/^([0-9a-fA-F]{64})?$/, 'A SHA-256 hash is 64 hexadecimal characters'),
});
export type VerifyForm = z.infer<typeof verifyForm>;

/** Recomputes a round's traps or a spin's segment in the browser from its seeds, and checks the seed against its hash. */
export function VerifyView({ prefill }: { prefill: SeedCheckRequest }) {
  const [outcome, setOutcome] = useState<DrawCheck | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<VerifyForm>({
    resolver: zodResolver(verifyForm),
    defaultValues: {
      game: prefill.game,
      segments: prefill.segments ?? String(prefill.prizes?.length ?? 8),
      serverSeed: prefill.serverSeed ?? '',
      clientSeed: prefill.clientSeed ?? '',
      nonce: prefill.nonce ?? '0',
      difficulty: prefill.difficulty ?? 'Easy',
      serverSeedHash: prefill.serverSeedHash ?? '',
    },
  });
  const errors = form.formState.errors;
  const game = useWatch({ control: form.control, name: 'game' });

  const compute = useCallback(
    async (v: VerifyForm) => {
      try {
        const seeds = { serverSeed: v.serverSeed.trim(), clientSeed: v.clientSeed.trim(), nonce: Number(v.nonce) };
        const shown = v.serverSeedHash;
        setOutcome(
          v.game === 'spin'
            ? await checkSpin({ ...seeds, segments: Number(v.segments) }, { serverSeedHash: shown, segment: prefill.recordedSegment })
            : await checkRound({ ...seeds, difficulty: v.difficulty }, { serverSeedHash: shown, traps: prefill.recordedTraps }),
        );
        setFailure(null);
      } catch {
        setOutcome(null);
        setFailure(t('This browser cannot compute the round (Web Crypto is unavailable).'));
      }
    },
    [prefill.recordedTraps, prefill.recordedSegment],
  );

  // Arriving from a bet with its seed revealed: show the answer straight away.
  const autoRun = Boolean(prefill.serverSeed && prefill.clientSeed && prefill.nonce !== undefined);
  useEffect(() => {
    if (autoRun) void form.handleSubmit(compute)();
  }, [autoRun, compute, form]);

  const lanes = outcome?.game === 'round' ? laneCount(outcome.difficulty) : 0;
  const offRoad = outcome?.game === 'round' ? outcome.traps.filter((t) => t >= lanes) : [];
  const prize = (segment: number) => {
    const p = prefill.prizes?.[segment];
    return p === undefined ? '' : ` (${prizeLabel(p)})`;
  };
  return (
    <div className="chicken-verify">
      <form className="chicken-verify__form" onSubmit={form.handleSubmit(compute)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="verify-game">
            {t('What to verify')}
          </label>
          <div className="field__box">
            <select id="verify-game" className="field__input" {...form.register('game', { onChange: () => setOutcome(null) })}>
              <option value="round">{t('A Chicken Road round')}</option>
              <option value="spin">{t('A spin of the wheel')}</option>
            </select>
          </div>
        </div>
        <Field label={t('Server seed')} autoComplete="off" spellCheck={false} error={errors.serverSeed?.message} {...form.register('serverSeed')} />
        <Field label={t('Client seed')} autoComplete="off" spellCheck={false} error={errors.clientSeed?.message} {...form.register('clientSeed')} />
        <div className="chicken-verify__pair">
          <Field label={t('Nonce')} inputMode="numeric" autoComplete="off" error={errors.nonce?.message} {...form.register('nonce')} />
          {game === 'spin' ? (
            <Field label={t('Segments')} inputMode="numeric" autoComplete="off" error={errors.segments?.message} {...form.register('segments')} />
          ) : (
            <div className="field">
              <label className="field__label" htmlFor="verify-difficulty">
                {t('Difficulty')}
              </label>
              <div className="field__box">
                <select id="verify-difficulty" className="field__input" {...form.register('difficulty')}>
                  {DIFFICULTIES.map((d) => (
                    <option key={d} value={d}>
                      {t(d)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
        </div>
        <Field
          label={t('Server seed hash (optional)')}
          autoComplete="off"
          spellCheck={false}
          error={errors.serverSeedHash?.message}
          hint={t('The hash shown before the round; we check the seed against it.')}
          {...form.register('serverSeedHash')}
        />
        <Button type="submit" block busy={form.formState.isSubmitting}>
          {t('Verify')}
        </Button>
      </form>

      {failure && (
        <p className="state state--error" role="alert">
          {failure}
        </p>
      )}
      {outcome && (
        <div className="chicken-verify__result" role="status" aria-live="polite">
          {outcome.hashMatches !== null && (
            <p className={`chicken-check chicken-check--${outcome.hashMatches ? 'ok' : 'bad'}`} data-testid="hash-check">
              {outcome.hashMatches
                ? t('✓ SHA-256 of the server seed matches the recorded hash.')
                : t('✗ SHA-256 of the server seed does not match the recorded hash.')}
            </p>
          )}
          {outcome.game === 'spin' ? (
            <>
              {outcome.segmentMatches !== null && (
                <p className={`chicken-check chicken-check--${outcome.segmentMatches ? 'ok' : 'bad'}`} data-testid="segment-check">
                  {outcome.segmentMatches
                    ? t('✓ The wheel stopped on the recomputed segment.')
                    : t('✗ The wheel stopped on another segment than the recomputed one.')}
                </p>
              )}
              <p className="chicken-verify__line">
                {t('Segment:')}{' '}
                <strong data-testid="spin-segment">
                  {t('{{n}} of {{total}}', { n: outcome.segment + 1, total: outcome.segments })}
                  {prize(outcome.segment)}
                </strong>
              </p>
            </>
          ) : (
            <>
              {outcome.trapsMatch !== null && (
                <p className={`chicken-check chicken-check--${outcome.trapsMatch ? 'ok' : 'bad'}`} data-testid="traps-check">
                  {outcome.trapsMatch
                    ? t('✓ The recomputed traps are the ones the round used.')
                    : t('✗ The recomputed traps differ from the ones the round used.')}
                </p>
              )}
              <p className="chicken-verify__line">
                {t('Trap cells (0-based, in draw order):')} <strong data-testid="trap-cells">{outcome.traps.join(', ')}</strong>
              </p>
              <MiniRoad difficulty={outcome.difficulty} traps={outcome.traps} lanesCrossed={prefill.lanesCrossed} />
            </>
          )}
          {offRoad.length > 0 && (
            <p className="chicken-verify__note">
              {offRoad.length > 1
                ? t('Cells {{cells}} lie past the last of the {{lanes}} lanes, so they do not block the road.', { cells: offRoad.join(', '), lanes })
                : t('Cell {{cells}} lies past the last of the {{lanes}} lanes, so it does not block the road.', { cells: offRoad.join(', '), lanes })}
            </p>
          )}
          <p className="chicken-verify__note">
            {t('SHA-256(server seed) =')} <code>{outcome.hash}</code>
          </p>
        </div>
      )}
    </div>
  );
}
