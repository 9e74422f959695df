import { LINE_ICON_PATHS } from '../../../components/line-icons.tsx';

/** Members around the anchor: where each sits on the ring (x, y) and the colour of their circle. */
const MEMBERS = [
  [180, 45, '#4dabf7'],
  [271, 98, '#f783ac'],
  [271, 202, '#ffa94d'],
  [180, 255, '#9775fa'],
  [89, 202, '#38d9a9'],
  [89, 98, '#ffd43b'],
] as const;

/**
 * The landing's picture: an anchor with a small circle of people tied to it, one of them vouched
 * for (the check) and one liked (the heart). Drawn inline, so it paints with the prerendered page
 * and costs no request; decorative (aria-hidden): the heading and the text beside it say it all.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 360 300" className={className} aria-hidden="true" focusable="false" data-testid="hero-illustration">
      <circle cx="180" cy="150" r="146" fill="#e6fcf5" />
      <circle cx="180" cy="150" r="105" fill="none" stroke="#96f2d7" strokeWidth="2" strokeDasharray="6 8" />
      <g stroke="#63e6be" strokeWidth="3">
        {MEMBERS.map(([x, y]) => (
          <line key={`${x},${y}`} x1="180" y1="150" x2={x} y2={y} />
        ))}
      </g>
      {MEMBERS.map(([x, y, colour]) => (
        <g key={colour} transform={`translate(${x} ${y})`}>
          <circle r="26" fill={colour} stroke="#fff" strokeWidth="4" />
          <circle cy="-6" r="8" fill="#fff" />
          <path d="M-14 17a14 13 0 0 1 28 0z" fill="#fff" />
        </g>
      ))}
      <circle cx="180" cy="150" r="48" fill="#087f5b" stroke="#fff" strokeWidth="6" />
      <path
        d={LINE_ICON_PATHS.anchor}
        transform="translate(150 120) scale(2.5)"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <g transform="translate(292 80)">
        <circle r="13" fill="#087f5b" stroke="#fff" strokeWidth="3" />
        <path d="M-5 0l3.5 3.5L5-3.5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </g>
      <path d="M109 226c-4-4-13-3-13 5 0 6 7 10 13 15 6-5 13-9 13-15 0-8-9-9-13-5z" fill="#e03131" stroke="#fff" strokeWidth="3" />
    </svg>
  );
}
