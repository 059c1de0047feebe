/**
 * Pictures for the demo and synthetic posts and people, drawn as SVG from a seeded generator:
 * a handful of scenes (a landscape, a skyline, a product shot, a portrait, a plate of food,
 * abstract shapes, a quote card for text posts) in a few palettes, so a grid of them reads like
 * a feed of thumbnails. Shapes only, never text: text would need fonts, and a machine with other
 * fonts would draw other bytes from the same seed.
 */
import type { Prng } from './prng.js';

export interface Palette {
  /** Top and bottom of the backdrop. */
  sky: readonly [string, string];
  /** Two bright colours for the subject. */
  accents: readonly [string, string];
  /** The shadow colour; shades between it and the backdrop make depth. */
  dark: string;
  light: string;
}

export const PALETTES: readonly Palette[] = [
  { sky: ['#ff9a5a', '#ffd6a0'], accents: ['#ff5e3a', '#ffe066'], dark: '#3b1f3a', light: '#fff4e6' }, // sunset
  { sky: ['#0f4c75', '#74c0e8'], accents: ['#ffd166', '#06d6a0'], dark: '#0b2239', light: '#e8f6ff' }, // ocean
  { sky: ['#2d6a4f', '#b7e4c7'], accents: ['#f4a261', '#e9c46a'], dark: '#1b3a2b', light: '#f1faee' }, // forest
  { sky: ['#ff7eb3', '#ffd1e3'], accents: ['#7a5cff', '#ffef5a'], dark: '#4a1942', light: '#fff0f6' }, // candy
  { sky: ['#1a1a2e', '#4b3f72'], accents: ['#f72585', '#4cc9f0'], dark: '#0b0b16', light: '#e0e1ff' }, // neon night
  { sky: ['#c9a227', '#f6e7b4'], accents: ['#8c2f39', '#2a9d8f'], dark: '#3d2b1f', light: '#fffaf0' }, // earth
  { sky: ['#a8dadc', '#f1faee'], accents: ['#e63946', '#457b9d'], dark: '#1d3557', light: '#ffffff' }, // coastal
  { sky: ['#5f6c7b', '#d9dde3'], accents: ['#f76f4a', '#4ac3ca'], dark: '#22272e', light: '#f7f8fa' }, // studio grey
];

export type SceneName = 'landscape' | 'skyline' | 'product' | 'portrait' | 'food' | 'abstract' | 'quote';
/** Scenes a photo or video may show; text posts get the quote card. */
export const PHOTO_SCENES: readonly SceneName[] = ['landscape', 'skyline', 'product', 'portrait', 'food', 'abstract'];

/** A colour `t` of the way from `a` to `b` (both #rrggbb). */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
  const out = [1, 3, 5].map((at) => Math.round(channel(a, at) + (channel(b, at) - channel(a, at)) * t));
  return `#${out.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

const round = (value: number) => Math.round(value * 10) / 10;

function backdrop(palette: Palette, id: string, angle = 0): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${round(angle)}" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>`;
}

/** A ridge of hills from left to right around `base`, filled to the bottom. */
function ridge(prng: Prng, width: number, height: number, base: number, roughness: number, fill: string): string {
  const steps = prng.int(4, 8);
  const points = [`0,${height}`];
  for (let i = 0; i <= steps; i++) points.push(`${round((width * i) / steps)},${round(base + (prng.next() - 0.5) * roughness)}`);
  points.push(`${width},${height}`);
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

function landscape(prng: Prng, palette: Palette, w: number, h: number): string {
  const sunX = w * (0.2 + prng.next() * 0.6);
  const sunY = h * (0.25 + prng.next() * 0.2);
  const sunR = Math.min(w, h) * (0.08 + prng.next() * 0.08);
  const layers = [0.55, 0.68, 0.82].map((at, i) => ridge(prng, w, h, h * at, h * (0.25 - i * 0.06), mix(palette.sky[1], palette.dark, 0.35 + i * 0.25)));
  // Any palette's sun is warm: its light colour tinted towards yellow.
  const sun = mix(palette.light, '#ffd34d', 0.6);
  return `<defs>${backdrop(palette, 'sky')}<radialGradient id="glow"><stop offset="0" stop-color="${sun}" stop-opacity="0.7"/><stop offset="1" stop-color="${sun}" stop-opacity="0"/></radialGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="${round(sunX)}" cy="${round(sunY)}" r="${round(sunR * 3)}" fill="url(#glow)"/>
    <circle cx="${round(sunX)}" cy="${round(sunY)}" r="${round(sunR)}" fill="${sun}"/>${layers.join('')}`;
}

function skyline(prng: Prng, palette: Palette, w: number, h: number): string {
  const ground = h * (0.8 + prng.next() * 0.1);
  const parts: string[] = [];
  for (const [depth, shade] of [[0.35, 0.45], [0.2, 0.8]] as const) {
    let x = -prng.int(0, 20);
    while (x < w) {
      const bw = w * (0.06 + prng.next() * 0.1);
      const bh = h * (depth + prng.next() * 0.35);
      const top = ground - bh;
      parts.push(`<rect x="${round(x)}" y="${round(top)}" width="${round(bw)}" height="${round(bh + h)}" fill="${mix(palette.sky[0], palette.dark, shade)}"/>`);
      if (shade > 0.5) {
        // A few lit windows on the front row.
        for (let i = 0; i < 6; i++) {
          const wx = x + bw * (0.15 + prng.next() * 0.6);
          const wy = top + bh * (0.1 + prng.next() * 0.7);
          parts.push(`<rect x="${round(wx)}" y="${round(wy)}" width="${round(bw * 0.12)}" height="${round(bw * 0.16)}" fill="${prng.pick(palette.accents)}" opacity="0.85"/>`);
        }
      }
      x += bw + w * 0.01;
    }
  }
  const moonR = Math.min(w, h) * 0.06;
  return `<defs>${backdrop(palette, 'sky')}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="${round(w * (0.15 + prng.next() * 0.7))}" cy="${round(h * 0.18)}" r="${round(moonR)}" fill="${palette.light}" opacity="0.9"/>
    ${parts.join('')}<rect y="${round(ground)}" width="${w}" height="${h}" fill="${palette.dark}"/>`;
}

function product(prng: Prng, palette: Palette, w: number, h: number): string {
  const bw = Math.min(w, h) * (0.22 + prng.next() * 0.1);
  const bh = bw * (1.6 + prng.next() * 0.9);
  const cx = w * (0.4 + prng.next() * 0.2);
  const floor = h * 0.78;
  const top = floor - bh;
  const body = prng.pick(palette.accents);
  return `<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.sky[0]}"/></radialGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    <rect y="${round(floor)}" width="${w}" height="${round(h - floor)}" fill="${mix(palette.sky[0], palette.dark, 0.2)}"/>
    <ellipse cx="${round(cx)}" cy="${round(floor)}" rx="${round(bw * 0.8)}" ry="${round(bw * 0.15)}" fill="${palette.dark}" opacity="0.3"/>
    <rect x="${round(cx - bw / 2)}" y="${round(top)}" width="${round(bw)}" height="${round(bh)}" rx="${round(bw * 0.25)}" fill="${body}"/>
    <rect x="${round(cx - bw * 0.2)}" y="${round(top - bw * 0.35)}" width="${round(bw * 0.4)}" height="${round(bw * 0.45)}" rx="${round(bw * 0.06)}" fill="${palette.dark}"/>
    <rect x="${round(cx - bw / 2)}" y="${round(top + bh * 0.35)}" width="${round(bw)}" height="${round(bh * 0.3)}" fill="${palette.light}" opacity="0.85"/>
    <rect x="${round(cx - bw * 0.32)}" y="${round(top + bh * 0.08)}" width="${round(bw * 0.1)}" height="${round(bh * 0.8)}" rx="${round(bw * 0.05)}" fill="#ffffff" opacity="0.35"/>
    <circle cx="${round(cx + bw * 1.2)}" cy="${round(floor - bw * 0.35)}" r="${round(bw * 0.35)}" fill="${palette.accents[1]}" opacity="0.8"/>`;
}

/** A head-and-shoulders figure: the head's centre (cx, cy), `size` its radius, the body down to `bottom`. */
function figure(cx: number, cy: number, size: number, bottom: number, skin: string, clothes: string, hair: string): string {
  const [left, right, chest] = [round(cx - size * 2.2), round(cx + size * 2.2), round(cy + size * 3)];
  const shoulders = `M ${left} ${chest} C ${left} ${round(cy + size * 1.6)}, ${right} ${round(cy + size * 1.6)}, ${right} ${chest} L ${right} ${round(bottom)} L ${left} ${round(bottom)} Z`;
  return `<path d="${shoulders}" fill="${clothes}"/><rect x="${round(cx - size * 0.35)}" y="${round(cy + size * 0.6)}" width="${round(size * 0.7)}" height="${round(size * 0.9)}" fill="${skin}"/>
    <circle cx="${round(cx)}" cy="${round(cy)}" r="${round(size)}" fill="${skin}"/>
    <path d="M ${round(cx - size * 1.12)} ${round(cy + size * 0.55)} C ${round(cx - size * 1.3)} ${round(cy - size * 1.3)}, ${round(cx + size * 1.3)} ${round(cy - size * 1.3)}, ${round(cx + size * 1.12)} ${round(cy + size * 0.55)} C ${round(cx + size * 0.9)} ${round(cy - size * 0.2)}, ${round(cx - size * 0.4)} ${round(cy - size * 0.75)}, ${round(cx - size * 1.12)} ${round(cy + size * 0.55)} Z" fill="${hair}"/>`;
}

const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#a0522d'];
const HAIR = ['#2b1b12', '#4a3022', '#0d0d0d', '#b5651d', '#e6c27a', '#6b3e26'];

function portrait(prng: Prng, palette: Palette, w: number, h: number): string {
  const size = Math.min(w, h) * (0.13 + prng.next() * 0.05);
  const cx = w * (0.35 + prng.next() * 0.3);
  // Lower in a tall frame, so the figure fills it as a phone-held portrait does.
  const cy = h * (h > w ? 0.5 : 0.42);
  return `<defs>${backdrop(palette, 'sky', prng.next())}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="${round(w * prng.next())}" cy="${round(h * prng.next() * 0.4)}" r="${round(Math.min(w, h) * 0.22)}" fill="${palette.accents[0]}" opacity="0.3"/>
    ${figure(cx, cy, size, h, prng.pick(SKIN), prng.pick(palette.accents), prng.pick(HAIR))}`;
}

function food(prng: Prng, palette: Palette, w: number, h: number): string {
  const stripes: string[] = [];
  for (let y = 0; y < h; y += h / 9) stripes.push(`<rect y="${round(y)}" width="${w}" height="${round(h / 18)}" fill="${palette.dark}" opacity="0.08"/>`);
  const r = Math.min(w, h) * (0.28 + prng.next() * 0.06);
  const cx = w * (0.42 + prng.next() * 0.16);
  const cy = h * (0.45 + prng.next() * 0.1);
  const bites: string[] = [];
  for (let i = 0; i < 7; i++) {
    const angle = prng.next() * Math.PI * 2;
    const at = r * 0.45 * prng.next();
    bites.push(`<circle cx="${round(cx + Math.cos(angle) * at)}" cy="${round(cy + Math.sin(angle) * at)}" r="${round(r * (0.12 + prng.next() * 0.14))}" fill="${prng.pick([...palette.accents, mix(palette.accents[0], palette.dark, 0.3), '#6a994e'])}"/>`);
  }
  const cup = Math.min(w, h) * 0.12;
  return `<rect width="${w}" height="${h}" fill="${mix(palette.sky[1], palette.dark, 0.15)}"/>${stripes.join('')}
    <circle cx="${round(cx + r * 0.06)}" cy="${round(cy + r * 0.08)}" r="${round(r * 1.05)}" fill="${palette.dark}" opacity="0.2"/>
    <circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="#fbfbf8"/><circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r * 0.75)}" fill="#eeeeea"/>
    ${bites.join('')}
    <circle cx="${round(w * 0.88)}" cy="${round(h * 0.15)}" r="${round(cup)}" fill="#fbfbf8"/><circle cx="${round(w * 0.88)}" cy="${round(h * 0.15)}" r="${round(cup * 0.72)}" fill="#6f4e37"/>`;
}

function abstract(prng: Prng, palette: Palette, w: number, h: number): string {
  const colours = [...palette.accents, palette.light, mix(palette.sky[0], palette.dark, 0.5)];
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = w * prng.next();
    const y = h * prng.next();
    const size = Math.min(w, h) * (0.15 + prng.next() * 0.4);
    const fill = prng.pick(colours);
    const opacity = round(0.45 + prng.next() * 0.5);
    shapes.push(
      prng.chance(0.6)
        ? `<circle cx="${round(x)}" cy="${round(y)}" r="${round(size / 2)}" fill="${fill}" opacity="${opacity}"/>`
        : `<rect x="${round(x - size / 2)}" y="${round(y - size / 4)}" width="${round(size)}" height="${round(size / 2)}" rx="${round(size / 4)}" fill="${fill}" opacity="${opacity}" transform="rotate(${prng.int(-60, 60)} ${round(x)} ${round(y)})"/>`,
    );
  }
  return `<defs>${backdrop(palette, 'sky', prng.next())}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>${shapes.join('')}`;
}

/** A text post's card: a quote mark, lines of "text" and the author's chip. */
function quote(prng: Prng, palette: Palette, w: number, h: number): string {
  const pad = w * 0.09;
  const line = h * 0.075;
  const lines: string[] = [];
  const count = prng.int(2, 4);
  for (let i = 0; i < count; i++) {
    const length = i === count - 1 ? 0.35 + prng.next() * 0.3 : 0.75 + prng.next() * 0.2;
    lines.push(`<rect x="${round(pad)}" y="${round(h * 0.3 + i * line * 1.7)}" width="${round((w - pad * 2) * length)}" height="${round(line)}" rx="${round(line / 2)}" fill="${palette.light}" opacity="0.92"/>`);
  }
  const mark = h * 0.07;
  return `<rect width="${w}" height="${h}" fill="${mix(palette.sky[0], palette.dark, 0.25)}"/>
    <circle cx="${round(w * 0.85)}" cy="${round(h * 0.1)}" r="${round(h * 0.45)}" fill="${palette.accents[0]}" opacity="0.25"/>
    <circle cx="${round(pad + mark)}" cy="${round(h * 0.16)}" r="${round(mark)}" fill="${palette.accents[1]}"/><circle cx="${round(pad + mark * 3.2)}" cy="${round(h * 0.16)}" r="${round(mark)}" fill="${palette.accents[1]}"/>
    ${lines.join('')}
    <circle cx="${round(pad + h * 0.05)}" cy="${round(h * 0.86)}" r="${round(h * 0.05)}" fill="${palette.accents[0]}"/>
    <rect x="${round(pad + h * 0.14)}" y="${round(h * 0.835)}" width="${round(w * 0.25)}" height="${round(h * 0.05)}" rx="${round(h * 0.025)}" fill="${palette.light}" opacity="0.6"/>`;
}

const SCENES: Readonly<Record<SceneName, (prng: Prng, palette: Palette, w: number, h: number) => string>> = { landscape, skyline, product, portrait, food, abstract, quote };

function svg(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** A post's picture, `w` × `h`: `scene` in a palette the generator picks. */
export function sceneSvg(prng: Prng, scene: SceneName, w: number, h: number): string {
  return svg(w, h, SCENES[scene](prng, prng.pick(PALETTES), w, h));
}

/** A profile picture, square: a person's head and shoulders, or a company's mark. */
export function avatarSvg(prng: Prng, kind: 'person' | 'company', side: number): string {
  const palette = prng.pick(PALETTES);
  const backdropFill = mix(palette.sky[0], palette.sky[1], prng.next() * 0.5);
  if (kind === 'person') {
    return svg(side, side, `<rect width="${side}" height="${side}" fill="${backdropFill}"/>${figure(side / 2, side * 0.42, side * 0.17, side, prng.pick(SKIN), prng.pick(palette.accents), prng.pick(HAIR))}`);
  }
  // A logo: two or three overlapping shapes on the brand's colour.
  const c = side / 2;
  const r = side * 0.22;
  const marks = [
    `<circle cx="${round(c - r * 0.45)}" cy="${round(c)}" r="${round(r)}" fill="${palette.accents[0]}"/>`,
    `<rect x="${round(c - r * 0.3)}" y="${round(c - r)}" width="${round(r * 1.6)}" height="${round(r * 2)}" rx="${round(r * 0.3)}" fill="${palette.accents[1]}" opacity="0.85"/>`,
    `<polygon points="${round(c)},${round(c - r * 1.3)} ${round(c + r * 1.2)},${round(c + r)} ${round(c - r * 1.2)},${round(c + r)}" fill="${palette.light}" opacity="0.8"/>`,
  ];
  return svg(side, side, `<rect width="${side}" height="${side}" fill="${palette.dark}"/>${prng.sample(marks, prng.int(2, 3)).join('')}`);
}
