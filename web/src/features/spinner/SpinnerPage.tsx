import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SpinResult } from '../../../../contracts/spinner';
import { SPIN_COOLDOWN_SECONDS } from '../../../../contracts/spinner.math';
import { Button } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { ErrorRetry, Loading } from '../../components/ui/States';
import { ApiError, errorMessage } from '../../lib/api';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { prizeLabel } from '../../lib/prize';
import { prizePaid, resultText } from './prize';
import { SpinHistory } from './SpinHistory';
import { useSpin, useSpinStatus, useWheel } from './spinner.api';
import { drawWheel, easeOut, SPIN_MS, targetRotation } from './wheel';
import './spinner.css';
import { t } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

const SIZE = 300;

const countdown = (seconds: number) => t('You can spin again in {{minutes}}m {{seconds}}s', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });

/** Seconds left until `iso`, counted down every second; 0 once it is reached. */
function useSecondsUntil(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // Rounded: the clock read at the last tick may be up to a second old. For the same reason a wait
  // that has just begun could read a second over the hour: it never shows more than the hour.
  return iso ? Math.max(0, Math.min(SPIN_COOLDOWN_SECONDS, Math.round((Date.parse(iso) - now) / 1000))) : 0;
}

/**
 * The prize wheel: the server draws the segment and credits the prize; the wheel then turns for
 * about four seconds, slowing down, and stops on that segment. One spin an hour. The result and
 * its Verify link stay on the screen (the original went home after 2 s, hiding both).
 */
export default function SpinnerPage() {
  const wheel = useWheel();
  const status = useSpinStatus();
  const spin = useSpin();
  const reducedMotion = usePrefersReducedMotion();
  const canvas = useRef<HTMLCanvasElement>(null);
  const rotation = useRef(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinResult | null>(null);
  const [nextSpinAt, setNextSpinAt] = useState<string | undefined>();
  const [error, setError] = useState('');
  const prizes = useMemo(() => result?.prizes ?? wheel.data ?? [], [result, wheel.data]);
  const waitUntil = nextSpinAt ?? (status.data && !status.data.canSpin ? status.data.nextSpinAt : undefined);
  const wait = useSecondsUntil(waitUntil);

  const paint = useCallback(
    (at: number) => {
      const ctx = canvas.current?.getContext('2d');
      if (ctx && prizes.length) drawWheel(ctx, prizes, at);
    },
    [prizes],
  );
  // Painted once the canvas is on the page (after loading) and whenever the prizes change.
  const ready = !wheel.isPending && !status.isPending;
  useEffect(() => {
    if (ready) paint(rotation.current);
  }, [paint, ready]);

  const turnTo = (target: number) =>
    new Promise<void>((done) => {
      const from = rotation.current;
      if (reducedMotion || typeof requestAnimationFrame !== 'function') {
        rotation.current = target;
        paint(target);
        done();
        return;
      }
      const start = performance.now();
      const frame = (now: number) => {
        const t = (now - start) / SPIN_MS;
        rotation.current = from + (target - from) * easeOut(t);
        paint(rotation.current);
        if (t < 1) requestAnimationFrame(frame);
        else done();
      };
      requestAnimationFrame(frame);
    });

  const onSpin = async () => {
    if (spinning || wait > 0 || !prizes.length) return;
    setError('');
    setSpinning(true);
    try {
      const outcome = await spin.mutateAsync();
      await turnTo(targetRotation(rotation.current, outcome.index, outcome.prizes.length));
      spin.reveal();
      setResult(outcome);
      setNextSpinAt(outcome.nextSpinAt);
    } catch (err) {
      const retry = err instanceof ApiError ? (err.body as { data?: { nextSpinAt?: string } } | undefined)?.data?.nextSpinAt : undefined;
      if (retry) setNextSpinAt(retry);
      else setError(errorMessage(err, t('The wheel could not be spun. Please try again.')));
    } finally {
      setSpinning(false);
    }
  };

  if (!ready) return <Loading />;
  if (wheel.isError) return <ErrorRetry onRetry={() => void wheel.refetch()}>{t('The prizes could not be loaded.')}</ErrorRetry>;

  const blocked = spinning || wait > 0 || !prizes.length;
  return (
    <Page title={t('Spinner')} narrow>
      <div className="wheel-page">
        <div className="wheel-page__stage">
          <span className="wheel-page__pointer" aria-hidden="true" />
          <canvas
            ref={canvas}
            width={SIZE}
            height={SIZE}
            className="wheel-page__wheel"
            role="img"
            aria-label={prizes.length ? t('Prize wheel: {{prizes}}', { prizes: prizes.map((p) => prizeLabel(p)).join(', ') }) : t('Prize wheel without prizes')}
          />
        </div>
        <p className="wheel-page__status" role="status" aria-live="polite">
          {spinning ? t('Spinning...') : result ? resultText(result.prize) : t('Click to Spin')}
        </p>
        {!spinning && result && prizePaid(result.prize) && <p className="wheel-page__paid">{prizePaid(result.prize)}</p>}
        {!prizes.length && <p className="state state--empty">{t('The wheel has no prizes yet.')}</p>}
        <Button className="wheel-page__button" onClick={() => void onSpin()} disabled={blocked} busy={spinning}>
          {t('Spin')}
        </Button>
        {wait > 0 && !spinning && <p className="wheel-page__wait">{countdown(wait)}</p>}
        {error && (
          <p className="state state--error" role="alert">
            {error}
          </p>
        )}
        {result && !spinning && (
          <p className="wheel-page__proof">
            <Tr
              text="Drawn from seed hash <code>{{hash}}…</code>, nonce {{nonce}}. <verify>Verify it</verify>"
              values={{ hash: result.serverSeedHash.slice(0, 16), nonce: result.nonce }}
              parts={{ code: <code />, verify: <Link to="/fairness" /> }}
            />
          </p>
        )}
        {result && !spinning && (
          <Link to="/" className="wheel-page__home">
            {t('Back to home')}
          </Link>
        )}
      </div>
      <SpinHistory />
    </Page>
  );
}
