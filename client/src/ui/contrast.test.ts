import { describe, expect, it } from 'vitest';
import theme from './theme.css?raw';

/** The hex colours of theme.css's `:root`, by custom property name. */
function tokens(css: string): Map<string, string> {
  return new Map([...css.matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map(([, name, hex]) => [name!, hex!]));
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const color = tokens(theme);
const token = (name: string) => {
  const hex = color.get(name);
  if (!hex) throw new Error(`theme.css has no ${name}`);
  return hex;
};
const WHITE = '#ffffff';
/** Text AA (normal size); a control's edge, a mark or an icon needs 3:1 (WCAG non-text contrast). */
const TEXT = 4.5;
const NON_TEXT = 3;

describe('theme colours meet WCAG AA', () => {
  const grounds = ['--color-surface', '--color-background', '--color-masquerade'];
  it.each(['--color-text', '--color-text-muted', '--color-primary-strong', '--color-teal-strong'])('%s is readable as text', (name) => {
    for (const ground of grounds) expect(contrast(token(name), token(ground)), `${name} on ${ground}`).toBeGreaterThanOrEqual(TEXT);
  });

  it.each(['--color-primary-strong', '--color-teal-strong'])('white words on %s are readable', (name) => {
    expect(contrast(WHITE, token(name))).toBeGreaterThanOrEqual(TEXT);
  });

  it.each(['--color-border-strong', '--color-focus'])('%s stands out as an edge', (name) => {
    for (const ground of grounds) expect(contrast(token(name), token(ground)), `${name} on ${ground}`).toBeGreaterThanOrEqual(NON_TEXT);
  });

  // The brand's own colours stay as docs/product.md §Constants has them, which is why text uses the strong variants.
  it('keeps the brand colours', () => {
    expect([token('--color-primary'), token('--color-secondary'), token('--color-teal')]).toEqual(['#f76f4a', '#4ac3ca', '#0e8c8d']);
  });
});
