import { useMemo } from 'react';
import { create } from 'qrcode';

/** Light modules around the symbol, as the QR standard asks, so a camera finds its edges. */
const QUIET_ZONE = 4;

/** One SVG path for the dark modules: a unit square each, on a grid of the symbol's size. */
function darkModulesPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path };
}

/**
 * A QR code of `link`, drawn as an SVG (sharp at any size, no canvas): black on white whatever the
 * colour scheme, since phone cameras read dark modules on a light ground.
 */
export function VouchQrCode({ link, label }: { link: string; label: string }) {
  const { size, path } = useMemo(() => darkModulesPath(link), [link]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-testid="vouch-qr"
      data-vouch-link={link}
      shapeRendering="crispEdges"
      style={{ width: '100%', maxWidth: 280, height: 'auto', display: 'block' }}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
