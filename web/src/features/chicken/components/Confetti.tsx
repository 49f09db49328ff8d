import type { CSSProperties } from 'react';

const COLOURS = ['#ffc83d', '#2ecc71', '#6c5ce7', '#ff5b6e', '#38bdf8', '#f472b6'];
const PIECES = Array.from({ length: 44 }, (_, i) => {
  const r = (salt: number) => {
    const x = Math.sin(i * 91.17 + salt * 12.34) * 10000;
    return x - Math.floor(x);
  };
  const angle = r(1) * Math.PI * 2;
  const distance = 90 + r(2) * 150;
  return {
    colour: COLOURS[i % COLOURS.length],
    x: Math.cos(angle) * distance,
    y: Math.sin(angle) * distance * 0.7 - 60,
    spin: Math.round(r(3) * 720 - 360),
    delay: r(4) * 0.15,
    round: i % 3 === 0,
  };
});

/** A burst of paper over the road when the player cashes out. */
export function Confetti() {
  return (
    <div className="chicken-confetti" aria-hidden="true">
      {PIECES.map((p, i) => (
        <span
          key={i}
          className={`chicken-confetti__piece${p.round ? ' chicken-confetti__piece--round' : ''}`}
          style={
            {
              background: p.colour,
              '--dx': `${p.x.toFixed(0)}px`,
              '--dy': `${p.y.toFixed(0)}px`,
              '--spin': `${p.spin}deg`,
              animationDelay: `${p.delay.toFixed(2)}s`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
