import { LOSE } from '../../../../contracts/spinner.math';
import { prizeLabel } from '../../lib/prize';

/**
 * The wheel's geometry: segment i spans [i·s, (i+1)·s) degrees clockwise from the pointer at
 * 12 o'clock, s = 360 / count. Turning the wheel clockwise by `rotation` degrees moves every
 * segment with it.
 */

export const SPIN_MS = 4000;
/** Whole turns before the wheel settles, so every spin looks like a spin. */
const TURNS = 5;

export const segmentDegrees = (count: number) => 360 / count;

/** The rotation (above `from`, at least TURNS whole turns on) that puts the centre of `index` under the pointer. */
export function targetRotation(from: number, index: number, count: number): number {
  const s = segmentDegrees(count);
  const wanted = (((-(index + 0.5) * s) % 360) + 360) % 360;
  const now = ((from % 360) + 360) % 360;
  return from + TURNS * 360 + ((wanted - now + 360) % 360);
}

/** Decaying speed: fast at first, slowing to a stop (the original app's "about 4 s with decaying speed"). */
export const easeOut = (t: number) => 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;

/** The segment under the pointer at a rotation. */
export function segmentAt(rotation: number, count: number): number {
  const s = segmentDegrees(count);
  const under = (((-rotation % 360) + 360) % 360) / s;
  return Math.floor(under) % count;
}

const COLOURS = ['#6c5ce7', '#ffc83d', '#2ecc71', '#ff5b6e', '#00b4d8', '#f78c40'];
const INK = ['#ffffff', '#1c1400', '#0b2a17', '#ffffff', '#00202a', '#2a1200'];

/**
 * The fonts the wheel's words are drawn in: the page's own, as its CSS gives them to the canvas (the
 * Devanagari font first in Hindi). A canvas takes no font from its CSS by itself.
 */
export const wheelFontFamily = (canvas: HTMLCanvasElement): string => getComputedStyle(canvas).fontFamily || 'system-ui, sans-serif';

/** Draws the wheel at `rotation` degrees on a square canvas. */
export function drawWheel(ctx: CanvasRenderingContext2D, prizes: readonly string[], rotation: number): void {
  const size = ctx.canvas.width;
  const family = wheelFontFamily(ctx.canvas);
  const r = size / 2 - 6;
  const s = (segmentDegrees(prizes.length) * Math.PI) / 180;
  ctx.clearRect(0, 0, size, size);
  ctx.save();
  ctx.translate(size / 2, size / 2);
  ctx.rotate((rotation * Math.PI) / 180 - Math.PI / 2);
  prizes.forEach((prize, i) => {
    const colour = prize === LOSE ? '#2b2d42' : COLOURS[i % COLOURS.length];
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.arc(0, 0, r, i * s, (i + 1) * s);
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = '#0f1020';
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.save();
    ctx.rotate(i * s + s / 2);
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = prize === LOSE ? '#ff8a98' : INK[i % INK.length];
    ctx.font = `bold ${prizes.length > 12 ? 12 : 16}px ${family}`;
    ctx.fillText(prizeLabel(prize), r - 12, 0);
    ctx.restore();
  });
  ctx.beginPath();
  ctx.arc(0, 0, 22, 0, Math.PI * 2);
  ctx.fillStyle = '#0f1020';
  ctx.fill();
  ctx.strokeStyle = '#ffc83d';
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.restore();
}
