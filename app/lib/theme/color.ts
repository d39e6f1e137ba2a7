/** Small colour helpers so any brand colour yields readable text (WCAG AA, 4.5:1). */

function channel(hex: string, i: number) {
  return parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
}

export function luminance(hex: string): number {
  const [r, g, b] = [0, 1, 2].map((i) => {
    const c = channel(hex, i) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** Mixes a colour towards black (amount < 0) or white (amount > 0), amount in [-1, 1]. */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const out = [0, 1, 2].map((i) => {
    const c = channel(hex, i);
    return Math.round(c + (target - c) * t)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${out.join('')}`;
}

/** Text colour to put on a background: white when it reads at 4.5:1, else near-black. */
export function textOn(bg: string): string {
  return contrast(bg, '#ffffff') >= 4.5 ? '#ffffff' : '#1a202c';
}

/** The colour darkened just enough to read as text (or a button fill) on white. */
export function readableOnWhite(hex: string): string {
  let c = hex.toLowerCase();
  for (let step = 0; step < 20 && contrast(c, '#ffffff') < 4.5; step++) c = shade(c, -0.08);
  return c;
}
