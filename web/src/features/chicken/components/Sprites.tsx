/** The game's drawings, as inline SVG so nothing has to load. */

export function ChickenSprite() {
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" aria-hidden="true" focusable="false">
      <g stroke="#f59e0b" strokeWidth="3" strokeLinecap="round" fill="none">
        <path d="M27 50v8m-3 0h6M37 50v8m-3 0h6" />
      </g>
      <path d="M15 33 6 25l3 12z" fill="#e8e8ee" />
      <ellipse cx="31" cy="38" rx="18" ry="14.5" fill="#fff" />
      <circle cx="41" cy="21" r="11" fill="#fff" />
      <path d="M33 12q1-7 5.5-3 3-6 6 0 5-2 4 4z" fill="#ef4444" />
      <circle cx="44.5" cy="19" r="2.2" fill="#111827" />
      <circle cx="45.2" cy="18.3" r="0.7" fill="#fff" />
      <path d="M51 20.5 59 23.5 51 26.5z" fill="#f59e0b" />
      <path d="M48.5 27q2.5 6-1.5 6.5-2.5-3 1.5-6.5z" fill="#ef4444" />
      <path d="M20 36q9-8 18 1-9 9-18-1z" fill="#e5e7eb" />
    </svg>
  );
}

export function CarSprite({ colour }: { colour: string }) {
  return (
    <svg viewBox="0 0 40 68" width="100%" height="100%" aria-hidden="true" focusable="false">
      <rect x="3" y="2" width="34" height="64" rx="9" fill={colour} />
      <rect x="7" y="40" width="26" height="12" rx="3" fill="#1f2937" opacity="0.85" />
      <rect x="7" y="16" width="26" height="14" rx="3" fill="#0f172a" opacity="0.9" />
      <rect x="6" y="31" width="28" height="8" rx="2" fill="#fff" opacity="0.12" />
      <rect x="6" y="62" width="8" height="3" rx="1.5" fill="#fde68a" />
      <rect x="26" y="62" width="8" height="3" rx="1.5" fill="#fde68a" />
      <rect x="6" y="3" width="8" height="3" rx="1.5" fill="#f87171" />
      <rect x="26" y="3" width="8" height="3" rx="1.5" fill="#f87171" />
    </svg>
  );
}

export function FlameSprite() {
  return (
    <svg viewBox="0 0 40 52" width="100%" height="100%" aria-hidden="true" focusable="false">
      <path d="M20 2C24 14 36 20 35 34c-1 10-8 16-15 16S4 44 5 33c1-8 6-11 7-18 4 5 5 9 5 12 3-6 4-14 3-25z" fill="#f97316" />
      <path d="M20 20c3 7 9 10 8 18-1 5-4 8-8 8s-8-3-8-8c0-5 4-7 5-12 2 3 2 5 2 7 2-3 2-8 1-13z" fill="#fde047" />
    </svg>
  );
}
