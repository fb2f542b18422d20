/**
 * Flat-style product illustrations for the demo catalogue. Every picture is drawn as a
 * self-contained SVG (no text, no fonts, no external references) from an ArtSpec, so seeding
 * works offline on any machine; sharp rasterises it into the WebP files the shop serves, drawn once
 * and shipped in `pictures/` (pictures.ts).
 *
 * The drawing space is always 1000 x 1000; `size` only sets the output width/height.
 * A seeded PRNG varies counts, positions, rotations and small colour shifts, so two products of
 * one kind never look identical while the same spec always gives the same picture.
 *
 * How the spec's colours are read, per kind:
 * - bouquets / arrangement: flower colours, most used first (the wrap and ribbon are chosen to
 *   contrast). 'flower-arrangement' picks its container from seed % 3: 0 glass vase,
 *   1 wicker basket, 2 round hat box; with a single colour it is all roses.
 * - cake: [sponge or side colour, frosting/top colour, decoration colour]. Decorations follow
 *   the decoration colour: red = cherries/strawberries (KitKat fence when sides and top are
 *   both chocolate), brown = chocolate shards, gold = Ferrero-style gold balls, yellow =
 *   pineapple rings, pink = rosettes and sprinkles, white/cream = rosettes and pearls.
 * - chocolate-box: [box colour, main truffle colour, accent/ribbon colour].
 * - chocolate-hamper: wrapper colours of the bars and boxes.
 * - combos: [flower colour, cake/box/teddy colour, accent colour].
 */
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sharp } from 'sharp';
import type { ArtKind, ArtSpec } from './demo-types.js';

// ---------------------------------------------------------------------------------------------
// Randomness and number formatting

type Rng = () => number;

/** Small, fast, deterministic PRNG (mulberry32). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds to one decimal so the SVG stays compact. */
function f(v: number): string {
  return (Math.round(v * 10) / 10).toString();
}

const TAU = Math.PI * 2;
const rad = (deg: number): number => (deg * Math.PI) / 180;

// ---------------------------------------------------------------------------------------------
// Colour helpers

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  let h = hex.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(h)) h = h.replace(/./g, (ch) => ch + ch);
  if (!/^[0-9a-f]{6}/i.test(h)) return [200, 200, 200];
  const n = Number.parseInt(h.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);

function toHsl(c: string): [number, number, number] {
  const [r, g, b] = parseHex(c).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = Math.max(0, Math.min(1, s));
  const ll = Math.max(0, Math.min(1, l));
  if (ss === 0) return toHex([ll * 255, ll * 255, ll * 255]);
  const q = ll < 0.5 ? ll * (1 + ss) : ll + ss - ll * ss;
  const p = 2 * ll - q;
  const ch = (t0: number): number => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return toHex([ch(hh + 1 / 3) * 255, ch(hh) * 255, ch(hh - 1 / 3) * 255]);
}

/** Darkens while keeping the hue rich (pink gets deeper pink, not grey); whites shade warm. */
function deepen(c: string, t: number): string {
  const [h, s, l] = toHsl(c);
  if (s < 0.12 || (l > 0.9 && s < 0.6)) return mix(c, '#8a7f70', t * 1.15);
  return fromHsl(h, Math.min(1, s + t * 0.15), l * (1 - t));
}

function luma(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

function hueGap(a: string, b: string): number {
  const d = Math.abs(toHsl(a)[0] - toHsl(b)[0]) % 360;
  return d > 180 ? 360 - d : d;
}

type Tone = 'red' | 'pink' | 'brown' | 'gold' | 'yellow' | 'white' | 'other';

function tone(c: string): Tone {
  const [h, s, l] = toHsl(c);
  if (s > 0.3 && (h >= 320 || h < 14)) return l > 0.62 ? 'pink' : 'red';
  if (h >= 10 && h < 45 && l < 0.42) return 'brown';
  if (h >= 35 && h < 62 && s > 0.45 && l >= 0.3 && l < 0.58) return 'gold';
  if (l > 0.8) return 'white';
  if (h >= 38 && h < 70 && s > 0.55) return 'yellow';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// The painter: randomness plus a <defs> collector with gradient caching

type Stop = readonly [offset: number, color: string, opacity?: number];

class Painter {
  private readonly defs: string[] = [];
  private readonly cache = new Map<string, string>();
  private n = 0;

  constructor(readonly rnd: Rng) {}

  r(a: number, b: number): number {
    return a + (b - a) * this.rnd();
  }

  int(a: number, b: number): number {
    return Math.min(b, a + Math.floor(this.rnd() * (b - a + 1)));
  }

  chance(p: number): boolean {
    return this.rnd() < p;
  }

  pick<T>(items: readonly T[]): T {
    const v = items[Math.min(items.length - 1, Math.floor(this.rnd() * items.length))];
    if (v === undefined) throw new Error('pick from an empty list');
    return v;
  }

  /** Slight hue/lightness wobble so repeated flowers are not clones. */
  wobble(c: string, amount = 0.05): string {
    const [h, s, l] = toHsl(c);
    return fromHsl(h + this.r(-8, 8) * amount * 10, s, l + this.r(-amount, amount) * (l > 0.9 ? 0.4 : 1));
  }

  id(prefix: string): string {
    return `${prefix}${this.n++}`;
  }

  private grad(tag: string, attrs: string, stops: readonly Stop[], key?: string): string {
    if (key !== undefined) {
      const hit = this.cache.get(key);
      if (hit !== undefined) return hit;
    }
    const id = this.id('g');
    const body = stops
      .map(
        ([o, c, op]) =>
          `<stop offset="${f(o * 100)}%" stop-color="${c}"${op === undefined || op === 1 ? '' : ` stop-opacity="${op}"`}/>`,
      )
      .join('');
    this.defs.push(`<${tag} id="${id}" ${attrs}>${body}</${tag}>`);
    const url = `url(#${id})`;
    if (key !== undefined) this.cache.set(key, url);
    return url;
  }

  /** Linear gradient in the element's bounding box (0..1) unless `user` is set. */
  lin(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false, key?: string): string {
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    return this.grad('linearGradient', `x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${units}`, stops, key);
  }

  /** Radial gradient in the element's bounding box (0..1) unless `user` is set. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy, user = false, key?: string): string {
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    const fmt = (v: number): string => (user ? f(v) : v.toFixed(3));
    return this.grad(
      'radialGradient',
      `cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fx="${fmt(fx)}" fy="${fmt(fy)}"${units}`,
      stops,
      key,
    );
  }

  defsSvg(): string {
    return this.defs.join('');
  }
}

// ---------------------------------------------------------------------------------------------
// Small shared shapes

function shadow(p: Painter, cx: number, cy: number, rx: number, ry: number, op = 0.3): string {
  const g = p.radial(
    [
      [0, '#2a1c14', op],
      [0.55, '#2a1c14', op * 0.5],
      [1, '#2a1c14', 0],
    ],
    0.5,
    0.5,
    0.5,
    0.5,
    0.5,
    false,
    `shadow${op}`,
  );
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${g}"/>`;
}

function place(x: number, y: number, rot: number, sx: number, sy: number, inner: string): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)}) scale(${sx.toFixed(3)} ${sy.toFixed(3)})">${inner}</g>`;
}

/** Polar point helper around (cx, cy). */
function polar(cx: number, cy: number, r: number, angle: number): [number, number] {
  return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
}

function arcPath(r: number, a0: number, a1: number): string {
  const [x0, y0] = polar(0, 0, r, a0);
  const [x1, y1] = polar(0, 0, r, a1);
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return `M${f(x0)} ${f(y0)}A${f(r)} ${f(r)} 0 ${large} 1 ${f(x1)} ${f(y1)}`;
}

const GREENS = ['#3F7D3A', '#2F6B35', '#4C8C45', '#5B9A4C', '#386F3B'];

function leaf(p: Painter, x: number, y: number, len: number, angleDeg: number, color: string): string {
  const w = len * p.r(0.22, 0.3);
  const g = p.lin(
    [
      [0, deepen(color, 0.25)],
      [1, lighten(color, 0.12)],
    ],
    0,
    0,
    1,
    0,
    false,
    `leaf${color}`,
  );
  const bend = p.r(-0.15, 0.15) * len;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angleDeg)})"><path d="M0 0C${f(w)} ${f(-len * 0.25)} ${f(w * 0.8 + bend)} ${f(-len * 0.75)} ${f(bend)} ${f(-len)}C${f(-w * 0.8 + bend)} ${f(-len * 0.75)} ${f(-w)} ${f(-len * 0.25)} 0 0Z" fill="${g}"/><path d="M0 -4Q${f(bend * 0.4)} ${f(-len * 0.5)} ${f(bend * 0.95)} ${f(-len * 0.92)}" stroke="${lighten(color, 0.35)}" stroke-width="${f(len * 0.025)}" fill="none" fill-opacity="0.6" stroke-opacity="0.6"/></g>`;
}

/** Baby's breath sprig: thin branching stems with tiny white blossoms. */
function gypsophila(p: Painter, x: number, y: number, angleDeg: number, len: number): string {
  let s = '';
  const stem = '#6E8F4E';
  let dots = '';
  const branches = p.int(3, 5);
  for (let i = 0; i < branches; i++) {
    const a = rad(angleDeg - 90 + p.r(-35, 35));
    const l = len * p.r(0.55, 1);
    const [ex, ey] = polar(x, y, l, a);
    s += `<path d="M${f(x)} ${f(y)}Q${f((x + ex) / 2 + p.r(-10, 10))} ${f((y + ey) / 2 + p.r(-10, 10))} ${f(ex)} ${f(ey)}" stroke="${stem}" stroke-width="2.2" fill="none"/>`;
    const blooms = p.int(3, 6);
    for (let j = 0; j < blooms; j++) {
      const bx = ex + p.r(-16, 16);
      const by = ey + p.r(-16, 16);
      s += `<path d="M${f(ex)} ${f(ey)}L${f(bx)} ${f(by)}" stroke="${stem}" stroke-width="1.4"/>`;
      dots += `<circle cx="${f(bx)}" cy="${f(by)}" r="${f(p.r(4.5, 7))}"/>`;
    }
  }
  return `${s}<g fill="#FFFFFF" stroke="#D9D4CA" stroke-width="1.2">${dots}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Flower heads, each drawn around (0,0) with radius ~100

type HeadKind = 'rose' | 'lily' | 'orchid' | 'gerbera' | 'carnation' | 'hydrangea';

function roseHead(p: Painter, c: string): string {
  const light = luma(c) > 0.82;
  const dark = deepen(c, light ? 0.14 : 0.3);
  const edge = deepen(c, light ? 0.28 : 0.5);
  const hi = lighten(c, light ? 0.6 : 0.28);
  const outer = p.radial(
    [
      [0, dark],
      [0.5, c],
      [1, hi],
    ],
    0,
    0,
    100,
    0,
    0,
    true,
    `ro${c}`,
  );
  const inner = p.radial(
    [
      [0, deepen(c, light ? 0.2 : 0.42)],
      [1, c],
    ],
    0,
    0,
    46,
    0,
    0,
    true,
    `ri${c}`,
  );
  let s = '';
  const off = p.r(0, TAU);
  const n = p.int(6, 7);
  for (let i = 0; i < n; i++) {
    const [x, y] = polar(0, 0, 55, off + (i * TAU) / n);
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="44" fill="${outer}" stroke="${edge}" stroke-width="2.2"/>`;
  }
  for (let i = 0; i < 5; i++) {
    const [x, y] = polar(0, 0, 30, off + 0.4 + (i * TAU) / 5);
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="36" fill="${outer}" stroke="${edge}" stroke-width="2"/>`;
  }
  s += `<circle r="42" fill="${inner}" stroke="${edge}" stroke-width="2"/>`;
  let a0 = p.r(0, TAU);
  let arcs = '';
  let his = '';
  for (const rk of [36, 28, 20, 13, 7]) {
    const span = rad(p.r(200, 250));
    arcs += arcPath(rk, a0, a0 + span);
    his += arcPath(rk + 3, a0 + 0.3, a0 + span * 0.7);
    a0 += rad(p.r(95, 130));
  }
  s += `<path d="${his}" stroke="${hi}" stroke-width="3" fill="none" fill-opacity="0.55" stroke-opacity="0.55" stroke-linecap="round"/>`;
  s += `<path d="${arcs}" stroke="${edge}" stroke-width="4.5" fill="none" stroke-linecap="round"/>`;
  return s;
}

function lilyHead(p: Painter, c: string): string {
  const t = tone(c);
  const white = t === 'white';
  const throat = white ? '#E9EFB8' : t === 'yellow' ? '#F3B33D' : lighten(c, 0.55);
  const g = p.lin(
    [
      [0, throat],
      [0.38, white ? lighten(c, 0.4) : c],
      [1, white ? '#FFFFFF' : lighten(c, 0.15)],
    ],
    0,
    0,
    0,
    -100,
    true,
    `lily${c}`,
  );
  const edge = deepen(c, white ? 0.22 : 0.3);
  const petal = (w: number, len: number): string =>
    `M0 0C${f(w)} ${f(-len * 0.2)} ${f(w * 0.9)} ${f(-len * 0.72)} 0 ${f(-len)}C${f(-w * 0.9)} ${f(-len * 0.72)} ${f(-w)} ${f(-len * 0.2)} 0 0Z`;
  const spots = !white && t !== 'yellow';
  let s = '';
  const off = p.r(0, 120);
  for (const [ring, w, len] of [
    [0, 30, 100],
    [60, 25, 92],
  ] as const) {
    for (let i = 0; i < 3; i++) {
      const a = off + ring + i * 120 + p.r(-6, 6);
      let d = `<path d="${petal(w, len)}" fill="${g}" stroke="${edge}" stroke-width="1.8"/>`;
      d += `<path d="M0 -10L0 ${f(-len * 0.85)}" stroke="${white ? '#D9E3A1' : lighten(c, 0.5)}" stroke-width="3" fill-opacity="0.7" stroke-opacity="0.7"/>`;
      if (spots) {
        for (let k = 0; k < 5; k++) {
          d += `<circle cx="${f(p.r(-9, 9))}" cy="${f(-p.r(14, 48))}" r="${f(p.r(1.6, 3))}" fill="${deepen(c, 0.45)}"/>`;
        }
      }
      s += `<g transform="rotate(${f(a)})">${d}</g>`;
    }
  }
  for (let i = 0; i < 6; i++) {
    const a = rad(off + 30 + i * 60 + p.r(-10, 10));
    const l = p.r(48, 60);
    const [x, y] = polar(0, 0, l, a);
    s += `<path d="M0 0L${f(x)} ${f(y)}" stroke="#9DB865" stroke-width="2.5"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="4" ry="9" transform="rotate(${f((a * 180) / Math.PI + 90)} ${f(x)} ${f(y)})" fill="#8A3B12"/>`;
  }
  s += `<circle r="7" fill="#7FA048"/>`;
  return s;
}

function orchidHead(p: Painter, c: string): string {
  const t = tone(c);
  const white = t === 'white';
  const fill = p.radial(
    [
      [0, white ? '#FFFFFF' : lighten(c, 0.42)],
      [1, c],
    ],
    0,
    0,
    95,
    0,
    0,
    true,
    `orc${c}`,
  );
  const edge = deepen(c, white ? 0.2 : 0.25);
  const vein = deepen(c, white ? 0.1 : 0.2);
  const lip = white ? '#C2407A' : deepen(c, 0.42);
  let s = '';
  for (const a of [0, 128, 232]) {
    s += `<ellipse cx="0" cy="-50" rx="20" ry="46" transform="rotate(${a + f(p.r(-5, 5))})" fill="${fill}" stroke="${edge}" stroke-width="1.6"/>`;
  }
  for (const side of [-1, 1]) {
    s += `<ellipse cx="${42 * side}" cy="-8" rx="43" ry="38" transform="rotate(${f(side * p.r(-14, -6))})" fill="${fill}" stroke="${edge}" stroke-width="1.6"/>`;
    for (let k = 0; k < 4; k++) {
      const a = rad(-60 + k * 35);
      const [x, y] = polar(42 * side, -8, 30, side > 0 ? a : Math.PI - a);
      s += `<path d="M${12 * side} -4L${f(x)} ${f(y)}" stroke="${vein}" stroke-width="1.2" fill-opacity="0.45" stroke-opacity="0.45"/>`;
    }
  }
  s += `<ellipse cx="-15" cy="14" rx="9" ry="14" transform="rotate(25 -15 14)" fill="${lip}"/><ellipse cx="15" cy="14" rx="9" ry="14" transform="rotate(-25 15 14)" fill="${lip}"/>`;
  s += `<path d="M-13 6C-28 22-18 48 0 52C18 48 28 22 13 6Z" fill="${lip}" stroke="${deepen(lip, 0.2)}" stroke-width="1.4"/>`;
  s += `<ellipse cx="0" cy="16" rx="6" ry="5" fill="#F2C94C"/><ellipse cx="0" cy="-2" rx="8" ry="11" fill="#FFF8E7" stroke="${edge}" stroke-width="1"/>`;
  return s;
}

function gerberaHead(p: Painter, c: string): string {
  const n = p.int(22, 28);
  const outer = p.lin(
    [
      [0, deepen(c, 0.25)],
      [0.45, c],
      [1, lighten(c, 0.18)],
    ],
    0,
    -24,
    0,
    -100,
    true,
    `ger${c}`,
  );
  const inner = deepen(c, 0.12);
  const edge = deepen(c, 0.3);
  let s = '';
  for (let i = 0; i < n; i++) {
    const a = (i * 360) / n + p.r(-3, 3);
    s += `<ellipse cx="0" cy="-60" rx="${f(p.r(9.5, 11.5))}" ry="${f(p.r(36, 40))}" transform="rotate(${f(a)})" fill="${outer}" stroke="${edge}" stroke-width="1.2"/>`;
  }
  for (let i = 0; i < n; i++) {
    const a = ((i + 0.5) * 360) / n;
    s += `<ellipse cx="0" cy="-46" rx="7.5" ry="22" transform="rotate(${f(a)})" fill="${inner}" stroke="${edge}" stroke-width="1"/>`;
  }
  const centre = tone(c) === 'yellow' || tone(c) === 'white' ? '#5B6B1E' : '#3D2410';
  s += `<circle r="30" fill="${deepen(centre, 0.2)}"/><circle r="26" fill="${centre}"/>`;
  for (let i = 0; i < 20; i++) {
    const [x, y] = polar(0, 0, 22 + p.r(-2, 2), (i * TAU) / 20);
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="3.2" fill="#F1C232"/>`;
  }
  s += `<circle r="13" fill="${deepen(centre, 0.35)}"/>`;
  return s;
}

function ruffle(p: Painter, r: number, n: number, amp: number): string {
  const pts: string[] = [];
  const off = p.r(0, TAU);
  for (let i = 0; i < n * 2; i++) {
    const a = off + (i * Math.PI) / n;
    const rr = i % 2 === 0 ? r * p.r(0.97, 1.03) : r * (1 - amp * p.r(0.6, 1.3));
    const [x, y] = polar(0, 0, rr, a);
    pts.push(`${f(x)} ${f(y)}`);
  }
  return `M${pts.join('L')}Z`;
}

function carnationHead(p: Painter, c: string): string {
  const edge = deepen(c, luma(c) > 0.82 ? 0.22 : 0.35);
  const layers: [number, string, number][] = [
    [100, c, 26],
    [82, lighten(c, 0.12), 22],
    [63, deepen(c, 0.1), 20],
    [44, c, 16],
    [26, deepen(c, 0.22), 12],
  ];
  let s = '';
  for (const [r, col, n] of layers) {
    s += `<path d="${ruffle(p, r, n, 0.12)}" fill="${col}" stroke="${edge}" stroke-width="1.8" stroke-linejoin="round"/>`;
  }
  for (let i = 0; i < 7; i++) {
    const a = p.r(0, TAU);
    const [x0, y0] = polar(0, 0, p.r(10, 30), a);
    const [x1, y1] = polar(0, 0, p.r(50, 80), a + p.r(-0.2, 0.2));
    s += `<path d="M${f(x0)} ${f(y0)}L${f(x1)} ${f(y1)}" stroke="${edge}" stroke-width="1.4" fill-opacity="0.35" stroke-opacity="0.35"/>`;
  }
  return s;
}

function hydrangeaHead(p: Painter, c: string): string {
  const base = p.radial(
    [
      [0, deepen(c, 0.1)],
      [1, deepen(c, 0.4)],
    ],
    0.4,
    0.35,
    0.7,
    0.4,
    0.35,
    false,
    `hyb${c}`,
  );
  let s = `<circle r="96" fill="${base}"/>`;
  const n = p.int(26, 32);
  const florets: { x: number; y: number; svg: string }[] = [];
  const off = p.r(0, TAU);
  for (let i = 0; i < n; i++) {
    const rr = 80 * Math.sqrt((i + 0.5) / n);
    const [x, y] = polar(0, 0, rr, off + i * 2.39996);
    const shade = y / 100; // lower florets a little darker
    const col = p.wobble(mix(lighten(c, 0.22), deepen(c, 0.15), (shade + 1) / 2), 0.06);
    const edge = deepen(col, 0.3);
    const rot = p.r(0, 90);
    const sc = p.r(0.85, 1.1);
    let petals = '';
    for (let k = 0; k < 4; k++) {
      petals += `<ellipse cx="0" cy="-10.5" rx="9.5" ry="11.5" transform="rotate(${f(rot + k * 90)})"/>`;
    }
    florets.push({
      x,
      y,
      svg: `<g transform="translate(${f(x)} ${f(y)}) scale(${sc.toFixed(2)})"><g fill="${col}" stroke="${edge}" stroke-width="1">${petals}</g><circle r="2.6" fill="${lighten(col, 0.6)}"/></g>`,
    });
  }
  florets.sort((a, b) => a.y - b.y);
  s += florets.map((fl) => fl.svg).join('');
  return s;
}

function headSvg(p: Painter, kind: HeadKind, c: string): string {
  switch (kind) {
    case 'rose':
      return roseHead(p, c);
    case 'lily':
      return lilyHead(p, c);
    case 'orchid':
      return orchidHead(p, c);
    case 'gerbera':
      return gerberaHead(p, c);
    case 'carnation':
      return carnationHead(p, c);
    case 'hydrangea':
      return hydrangeaHead(p, c);
  }
}

/** Relative drawn size of each head kind. */
const HEAD_SCALE: Record<HeadKind, number> = {
  rose: 1,
  lily: 1.3,
  orchid: 0.85,
  gerbera: 1.08,
  carnation: 0.98,
  hydrangea: 1.7,
};

// ---------------------------------------------------------------------------------------------
// Bouquets and arrangements

interface PlannedHead {
  kind: HeadKind;
  color: string;
}

/** Assigns colours so the first colour dominates. */
function colourAt(colors: string[], i: number, n: number): string {
  const weights = colors.length === 1 ? [1] : colors.length === 2 ? [0.64, 0.36] : [0.5, 0.3, 0.2];
  const x = (i + 0.5) / n;
  let acc = 0;
  for (let k = 0; k < weights.length; k++) {
    acc += weights[k] ?? 0;
    if (x <= acc) return colors[k] ?? colors[0] ?? '#C8102E';
  }
  return colors[colors.length - 1] ?? '#C8102E';
}

function shuffle<T>(p: Painter, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(p.rnd() * (i + 1));
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
  return items;
}

function planHeads(p: Painter, kind: ArtKind, colors: string[]): PlannedHead[] {
  const same = (k: HeadKind, n: number): PlannedHead[] =>
    shuffle(
      p,
      Array.from({ length: n }, (_, i) => ({ kind: k, color: colourAt(colors, i, n) })),
    );
  switch (kind) {
    case 'rose-bouquet':
      return same('rose', p.int(12, 19));
    case 'carnation-bouquet':
      return same('carnation', p.int(10, 15));
    case 'gerbera-bouquet':
      return same('gerbera', p.int(8, 12));
    case 'lily-bouquet':
      return same('lily', p.int(6, 8));
    case 'orchid-bouquet':
      return same('orchid', p.int(9, 13));
    case 'hydrangea-bouquet': {
      const main = colors[0] ?? '#7E4A9E';
      const heads: PlannedHead[] = Array.from({ length: p.int(3, 4) }, () => ({
        kind: 'hydrangea' as const,
        color: main,
      }));
      const second = colors[1];
      if (second !== undefined) {
        for (let i = 0, n = p.int(3, 5); i < n; i++)
          heads.push({ kind: 'rose', color: colors[1 + (i % (colors.length - 1))] ?? second });
      }
      return shuffle(p, heads);
    }
    default: {
      if (kind === 'flower-arrangement' && colors.length === 1) return same('rose', p.int(14, 20));
      const n = p.int(9, 13);
      const kinds: HeadKind[] = ['rose', 'rose', 'rose', 'gerbera', 'gerbera', 'carnation', 'carnation', 'lily'];
      return shuffle(
        p,
        Array.from({ length: n }, (_, i) => ({ kind: p.pick(kinds), color: colors[i % colors.length] ?? '#C8102E' })),
      );
    }
  }
}

/**
 * Flower dome: leaves and filler behind, heads back-to-front. (cx, cy) is the dome centre,
 * rx/ry its extent.
 */
function flowerDome(
  p: Painter,
  heads: PlannedHead[],
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opts: { filler: boolean; leafCount?: number },
): string {
  const n = heads.length;
  const units = heads.reduce((acc, h) => acc + HEAD_SCALE[h.kind] ** 2, 0);
  const base = Math.sqrt((rx * ry) / units) * 1.18;
  let back = '';
  // Leaves radiating from the dome edge.
  const leafCount = opts.leafCount ?? p.int(9, 13);
  for (let i = 0; i < leafCount; i++) {
    const a = Math.PI + (i + 0.5) * (Math.PI / leafCount) + p.r(-0.12, 0.12) - 0.25 + (i % 2) * 0.0;
    const spread = a + p.r(-0.1, 0.1);
    const [x, y] = polar(cx, cy, 1, spread);
    const lx = cx + (x - cx) * rx * 0.78;
    const ly = cy + (y - cy) * ry * 0.78;
    back += leaf(p, lx, ly, p.r(110, 160), (spread * 180) / Math.PI + 90, p.pick(GREENS));
  }
  // Lower side leaves.
  for (const side of [-1, 1]) {
    back += leaf(p, cx + side * rx * 0.7, cy + ry * 0.35, p.r(110, 150), side * p.r(70, 110), p.pick(GREENS));
  }
  if (opts.filler) {
    const sprigs = p.int(5, 8);
    for (let i = 0; i < sprigs; i++) {
      const a = Math.PI * 1.05 + (i + 0.5) * ((Math.PI * 0.9) / sprigs) + p.r(-0.1, 0.1);
      const [x, y] = polar(0, 0, 1, a);
      back += gypsophila(p, cx + x * rx * 0.75, cy + y * ry * 0.75, (a * 180) / Math.PI + 90, p.r(60, 95));
    }
  }
  const placed: { y: number; svg: string }[] = [];
  const off = p.r(0, TAU);
  for (let i = 0; i < n; i++) {
    const h = heads[i];
    if (h === undefined) continue;
    const t = Math.sqrt((i + 0.5) / n);
    const [ux, uy] = polar(0, 0, t, off + i * 2.39996);
    const size = base * HEAD_SCALE[h.kind] * p.r(0.9, 1.06);
    const x = cx + ux * (rx - size * 0.55) + p.r(-0.12, 0.12) * size;
    const y = cy + uy * (ry - size * 0.5) + p.r(-0.12, 0.12) * size;
    const squash = h.kind === 'hydrangea' ? p.r(0.9, 1) : p.r(0.82, 0.97);
    const rot = h.kind === 'lily' || h.kind === 'orchid' ? p.r(-35, 35) : p.r(0, 360);
    const col = p.wobble(h.color, 0.035);
    placed.push({ y, svg: place(x, y, rot, size / 100, (size / 100) * squash, headSvg(p, h.kind, col)) });
  }
  placed.sort((a, b) => a.y - b.y);
  // A soft shadow under the head cluster gives depth against the paper.
  // A bed of dark foliage between the heads gives depth against the paper.
  const bed = p.radial(
    [
      [0, '#2C5A2A'],
      [0.75, '#3B7236'],
      [1, '#4C8845'],
    ],
    0.5,
    0.45,
    0.55,
    0.5,
    0.45,
    false,
    'bed',
  );
  const under = `<ellipse cx="${f(cx)}" cy="${f(cy + 8)}" rx="${f(rx * 0.86)}" ry="${f(ry * 0.84)}" fill="${bed}"/>`;
  return back + under + placed.map((pl) => pl.svg).join('');
}

const WRAPS = ['#E6CBA5', '#F7F1EA', '#F4D3D8', '#2E2E35', '#DCD0EC', '#D3E3CC', '#22324F', '#F1E2C4', '#BFD9E6'];

function chooseWrap(p: Painter, main: string): { paper: string; tissue: string; ribbon: string } {
  const ok = WRAPS.filter((w) => {
    const dl = Math.abs(luma(w) - luma(main));
    return dl > 0.22 || (hueGap(w, main) > 70 && dl > 0.08);
  });
  const paper = p.pick(ok.length > 0 ? ok : WRAPS);
  const darkPaper = luma(paper) < 0.4;
  const tissue = darkPaper
    ? p.pick(['#F5EFE6', lighten(main, 0.7)])
    : p.pick(['#FFFFFF', lighten(paper, 0.5), lighten(main, 0.78)]);
  const ribbonChoices = darkPaper
    ? ['#D4AF37', '#F4F0E8', lighten(main, 0.1)]
    : [deepen(main, 0.15), '#D4AF37', luma(main) > 0.8 ? '#C9A0A8' : main, '#B3122E'];
  return { paper, tissue, ribbon: p.pick(ribbonChoices) };
}

function bow(p: Painter, x: number, y: number, w: number, color: string): string {
  const g = p.lin(
    [
      [0, lighten(color, 0.25)],
      [1, deepen(color, 0.25)],
    ],
    0,
    0,
    0,
    1,
    false,
  );
  const edge = deepen(color, 0.35);
  const lw = w * 0.5;
  const lh = w * 0.32;
  let s = '';
  for (const side of [-1, 1]) {
    // Tails
    s += `<path d="M${f(x + side * 4)} ${f(y + 4)}L${f(x + side * lw * 0.55)} ${f(y + lh * 2.4)}L${f(x + side * lw * 0.38)} ${f(y + lh * 2.1)}L${f(x + side * lw * 0.28)} ${f(y + lh * 2.45)}L${f(x - side * 6)} ${f(y + 8)}Z" fill="${g}" stroke="${edge}" stroke-width="1.5"/>`;
  }
  for (const side of [-1, 1]) {
    s += `<path d="M${f(x)} ${f(y)}C${f(x + side * lw * 0.5)} ${f(y - lh * 1.5)} ${f(x + side * lw * 1.1)} ${f(y - lh * 0.9)} ${f(x + side * lw)} ${f(y)}C${f(x + side * lw * 0.95)} ${f(y + lh * 0.9)} ${f(x + side * lw * 0.45)} ${f(y + lh * 0.8)} ${f(x)} ${f(y)}Z" fill="${g}" stroke="${edge}" stroke-width="1.6"/>`;
    s += `<path d="M${f(x + side * lw * 0.2)} ${f(y - lh * 0.2)}Q${f(x + side * lw * 0.6)} ${f(y - lh * 0.7)} ${f(x + side * lw * 0.85)} ${f(y - lh * 0.3)}" stroke="${lighten(color, 0.5)}" stroke-width="${f(w * 0.02)}" fill="none" fill-opacity="0.6" stroke-opacity="0.6"/>`;
  }
  s += `<rect x="${f(x - w * 0.07)}" y="${f(y - w * 0.08)}" width="${f(w * 0.14)}" height="${f(w * 0.16)}" rx="${f(w * 0.04)}" fill="${color}" stroke="${edge}" stroke-width="1.5"/>`;
  return s;
}

/** A hand-tied bouquet in a paper cone, drawn in the full 1000 x 1000 space. */
function bouquet(p: Painter, kind: ArtKind, colors: string[]): string {
  const main = colors[0] ?? '#C8102E';
  const wrap = chooseWrap(p, main);
  const heads = planHeads(p, kind, colors);
  const paperGrad = p.lin(
    [
      [0, lighten(wrap.paper, 0.25)],
      [1, deepen(wrap.paper, 0.12)],
    ],
    0,
    0,
    1,
    1,
  );
  const paperEdge = deepen(wrap.paper, 0.25);
  let s = shadow(p, 500, 930, 190, 34, 0.35);
  // Stems peeking out below the cone.
  for (let i = 0; i < 7; i++) {
    const x0 = 486 + i * 4.5;
    const x1 = 470 + i * 10 + p.r(-4, 4);
    s += `<path d="M${f(x0)} 860L${f(x1)} ${f(925 + p.r(-6, 6))}" stroke="${p.pick(['#4E7F36', '#5C8F3F', '#42702F'])}" stroke-width="8" stroke-linecap="round"/>`;
  }
  // Back sheets forming the collar behind the flowers.
  const j = (v: number): number => v + p.r(-18, 18);
  const backL = `M500 760L${f(j(150))} ${f(j(360))}Q${f(j(170))} ${f(j(230))} ${f(j(250))} ${f(j(170))}L${f(j(430))} ${f(j(130))}L540 420Z`;
  const backR = `M500 760L${f(j(850))} ${f(j(360))}Q${f(j(830))} ${f(j(230))} ${f(j(750))} ${f(j(170))}L${f(j(570))} ${f(j(130))}L460 420Z`;
  s += `<path d="${backL}" fill="${paperGrad}" stroke="${paperEdge}" stroke-width="2"/>`;
  s += `<path d="${backR}" fill="${paperGrad}" stroke="${paperEdge}" stroke-width="2"/>`;
  const tissueL = `M500 740L${f(j(200))} ${f(j(330))}L${f(j(300))} ${f(j(180))}L520 420Z`;
  const tissueR = `M500 740L${f(j(800))} ${f(j(330))}L${f(j(700))} ${f(j(180))}L480 420Z`;
  s += `<g fill="${wrap.tissue}" stroke="${deepen(wrap.tissue, 0.15)}" stroke-width="1.5" fill-opacity="0.95" stroke-opacity="0.95"><path d="${tissueL}"/><path d="${tissueR}"/></g>`;
  // Flowers.
  const tall = kind === 'lily-bouquet' || kind === 'orchid-bouquet';
  if (kind === 'lily-bouquet') s += lilyBuds(p, main);
  if (kind === 'orchid-bouquet') s += orchidSprays(p, colors);
  s += flowerDome(p, heads, 500, tall ? 395 : 385, 245, 215, { filler: kind !== 'hydrangea-bouquet' || p.chance(0.4) });
  // Front sheets crossing into a V.
  const topL = 500 + p.r(-20, 20);
  const topR = 500 + p.r(-20, 20);
  const frontL = `M${f(topL - 290)} ${f(topL)}Q${f(420)} ${f(590)} 585 ${f(645)}L530 885L470 885Z`;
  const frontR = `M${f(topR + 290)} ${f(topR)}Q${f(580)} ${f(590)} 415 ${f(645)}L470 885L530 885Z`;
  const frontGradL = p.lin(
    [
      [0, lighten(wrap.paper, 0.2)],
      [0.6, wrap.paper],
      [1, deepen(wrap.paper, 0.18)],
    ],
    0,
    0,
    1,
    0.3,
  );
  const frontGradR = p.lin(
    [
      [0, deepen(wrap.paper, 0.1)],
      [0.5, lighten(wrap.paper, 0.12)],
      [1, deepen(wrap.paper, 0.05)],
    ],
    0,
    0,
    1,
    0.3,
  );
  s += `<path d="${frontL}" fill="${frontGradL}" stroke="${paperEdge}" stroke-width="2.2"/>`;
  s += `<path d="${frontR}" fill="${frontGradR}" stroke="${paperEdge}" stroke-width="2.2"/>`;
  s += `<path d="M${f(topR + 270)} ${f(topR + 12)}Q575 598 430 648" stroke="${lighten(wrap.paper, 0.5)}" stroke-width="4" fill="none" fill-opacity="0.6" stroke-opacity="0.6"/>`;
  s += `<path d="M620 560L520 860" stroke="${deepen(wrap.paper, 0.2)}" stroke-width="2" fill-opacity="0.35" stroke-opacity="0.35"/>`;
  // Ribbon around the waist and a bow.
  s += `<path d="M372 728Q500 752 628 728L618 758Q500 782 382 758Z" fill="${wrap.ribbon}" stroke="${deepen(wrap.ribbon, 0.3)}" stroke-width="1.5"/>`;
  s += bow(p, 500, 744, p.r(170, 210), wrap.ribbon);
  return s;
}

function lilyBuds(p: Painter, c: string): string {
  let s = '';
  const n = p.int(2, 4);
  for (let i = 0; i < n; i++) {
    const x = 300 + (400 * (i + 0.5)) / n + p.r(-30, 30);
    const y = p.r(170, 220);
    const a = (x - 500) * 0.12 + p.r(-10, 10);
    const g = p.lin(
      [
        [0, '#6F9A45'],
        [0.6, mix('#9CC26A', c, 0.4)],
        [1, mix('#C8D98F', c, 0.6)],
      ],
      0,
      1,
      0,
      0,
    );
    s += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(a)})"><path d="M0 220L0 40" stroke="#4E7F36" stroke-width="7"/><path d="M0 60C-17 30-14-30 0-62C14-30 17 30 0 60Z" fill="${g}" stroke="#4E7F36" stroke-width="1.6"/></g>`;
  }
  return s;
}

function orchidSprays(p: Painter, colors: string[]): string {
  let s = '';
  for (const side of [-1, 1]) {
    const sx = 500 + side * 120;
    const sy = 330;
    const ex = 500 + side * p.r(300, 350);
    const ey = p.r(120, 180);
    const cxp = 500 + side * 200;
    const cyp = p.r(40, 90);
    s += `<path d="M${sx} ${sy}Q${f(cxp)} ${f(cyp)} ${f(ex)} ${f(ey)}" stroke="#5E7D3A" stroke-width="6" fill="none"/>`;
    const blooms = p.int(2, 3);
    for (let i = 0; i < blooms + 2; i++) {
      const t = 0.35 + (i * 0.65) / (blooms + 2);
      const x = (1 - t) ** 2 * sx + 2 * (1 - t) * t * cxp + t * t * ex;
      const y = (1 - t) ** 2 * sy + 2 * (1 - t) * t * cyp + t * t * ey;
      const c = colors[i % colors.length] ?? '#7E4A9E';
      if (i < blooms) {
        s += place(x, y + 18, p.r(-20, 20), 0.42 - i * 0.05, 0.4 - i * 0.05, orchidHead(p, c));
      } else {
        s += `<ellipse cx="${f(x)}" cy="${f(y + 8)}" rx="${f(11 - (i - blooms) * 3)}" ry="${f(14 - (i - blooms) * 3)}" fill="${mix(c, '#A9C77A', 0.45)}" stroke="#5E7D3A" stroke-width="1.5"/>`;
      }
    }
  }
  return s;
}

/** Flowers in a vase, basket or hat box (container from seed % 3). */
function arrangement(p: Painter, colors: string[], seed: number): string {
  const heads = planHeads(p, 'flower-arrangement', colors);
  const style = ((seed % 3) + 3) % 3;
  let s = '';
  let front = '';
  if (style === 0) {
    // Glass vase with stems visible.
    s += shadow(p, 500, 892, 170, 26, 0.3);
    for (let i = 0; i < 9; i++) {
      const x0 = 440 + i * 15 + p.r(-5, 5);
      s += `<path d="M${f(x0)} 870Q${f(x0 + p.r(-20, 20))} 720 ${f(500 + (x0 - 500) * 2.2)} 560" stroke="${p.pick(['#4E7F36', '#5C8F3F', '#42702F'])}" stroke-width="7" fill="none"/>`;
    }
    const glass = p.lin(
      [
        [0, '#DCEFF2', 0.75],
        [0.3, '#FFFFFF', 0.35],
        [0.7, '#CFE6EC', 0.45],
        [1, '#B7D3DB', 0.75],
      ],
      0,
      0,
      1,
      0,
    );
    const water = p.lin([
      [0, '#BFE0E8', 0.45],
      [1, '#8DBFCC', 0.55],
    ]);
    const tie = colors[1] ?? p.pick(['#D4AF37', '#FFFFFF', deepen(colors[0] ?? '#C8102E', 0.2)]);
    front += `<path d="M395 600Q380 760 410 870Q420 890 440 890L560 890Q580 890 590 870Q620 760 605 600Z" fill="${glass}" stroke="#A9C6CE" stroke-width="3"/>`;
    front += `<path d="M389 700Q385 790 410 870Q420 890 440 890L560 890Q580 890 590 870Q615 790 611 700Z" fill="${water}"/>`;
    front += `<path d="M420 640Q410 760 430 850" stroke="#FFFFFF" stroke-width="12" stroke-linecap="round" fill-opacity="0.55" stroke-opacity="0.55" fill="none"/>`;
    front += `<ellipse cx="500" cy="600" rx="105" ry="16" fill="none" stroke="#A9C6CE" stroke-width="4"/>`;
    front += `<path d="M393 640Q500 662 607 640L606 664Q500 686 394 664Z" fill="${tie}" stroke="${deepen(tie, 0.3)}" stroke-width="1.4"/>`;
    front += bow(p, 500, 660, 150, tie);
  } else if (style === 1) {
    // Wicker basket with a handle arching behind the flowers.
    s += shadow(p, 500, 895, 280, 34, 0.32);
    const cane = '#B07A43';
    s += `<path d="M250 640Q250 130 500 130Q750 130 750 640" stroke="${deepen(cane, 0.25)}" stroke-width="34" fill="none"/><path d="M250 640Q250 130 500 130Q750 130 750 640" stroke="${cane}" stroke-width="24" fill="none" stroke-dasharray="22 10"/>`;
    front += wickerBody(p, cane, { left: 230, right: 770, top: 640, rows: 5, rowGap: 44 });
    front += `<path d="M230 641L770 641" stroke="${lighten(cane, 0.3)}" stroke-width="8" stroke-dasharray="26 12" fill-opacity="0.8" stroke-opacity="0.8"/>`;
  } else {
    // Round hat box.
    const boxes = ['#2B2B31', '#F2CDD3', '#FFFFFF', '#1F3A5F', '#E9DCCB'];
    const main = colors[0] ?? '#C8102E';
    const ok = boxes.filter((b) => Math.abs(luma(b) - luma(main)) > 0.2);
    const box = p.pick(ok.length > 0 ? ok : boxes);
    s += shadow(p, 500, 895, 230, 32, 0.32);
    const side = p.lin(
      [
        [0, deepen(box, 0.25)],
        [0.3, lighten(box, 0.15)],
        [1, deepen(box, 0.3)],
      ],
      0,
      0,
      1,
      0,
    );
    s += `<ellipse cx="500" cy="600" rx="200" ry="42" fill="${deepen(box, 0.4)}"/>`;
    front += `<path d="M300 600L300 860A200 42 0 0 0 700 860L700 600A200 42 0 0 1 300 600Z" fill="${side}" stroke="${deepen(box, 0.35)}" stroke-width="2.5"/>`;
    front += `<path d="M300 612A200 42 0 0 0 700 612L700 636A200 42 0 0 1 300 636Z" fill="${deepen(box, 0.12)}" fill-opacity="0.9" stroke-opacity="0.9"/>`;
    const band = luma(box) > 0.6 ? '#C9A227' : '#D4AF37';
    front += `<path d="M300 750A200 42 0 0 0 700 750L700 778A200 42 0 0 1 300 778Z" fill="${band}"/>`;
  }
  s += flowerDome(p, heads, 500, style === 1 ? 420 : 400, 250, 205, { filler: p.chance(0.7), leafCount: p.int(8, 11) });
  return s + front;
}

// ---------------------------------------------------------------------------------------------
// Cakes

function rosette(p: Painter, x: number, y: number, s: number, c: string): string {
  const edge = deepen(c, luma(c) > 0.8 ? 0.22 : 0.32);
  const g = p.radial(
    [
      [0, lighten(c, 0.45)],
      [1, deepen(c, 0.1)],
    ],
    0.4,
    0.3,
    0.75,
    0.4,
    0.3,
    false,
    `ros${c}`,
  );
  const hi = lighten(c, 0.6);
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${(s * 1.35).toFixed(2)})"><ellipse cx="0" cy="4" rx="24" ry="15" fill="${g}" stroke="${edge}" stroke-width="1.6"/><ellipse cx="0" cy="-4" rx="17" ry="11" fill="${g}" stroke="${edge}" stroke-width="1.4"/><ellipse cx="1" cy="-11" rx="9" ry="7" fill="${g}" stroke="${edge}" stroke-width="1.2"/><path d="M-18 4Q-20-6-8-8M14 -2Q18 6 8 10M-6 -10Q0-16 6-12" stroke="${hi}" stroke-width="2" fill="none" stroke-linecap="round"/></g>`;
}

function cherry(p: Painter, x: number, y: number, s: number): string {
  const g = p.radial(
    [
      [0, '#E8475A'],
      [0.6, '#B0122A'],
      [1, '#6E0714'],
    ],
    0.35,
    0.3,
    0.7,
    0.35,
    0.3,
    false,
    'cherry',
  );
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${s.toFixed(2)})"><path d="M0-12Q4-34 16-42" stroke="#4E6B2A" stroke-width="3" fill="none"/><circle cx="0" cy="0" r="15" fill="${g}"/><ellipse cx="-5" cy="-6" rx="4" ry="3" fill="#FFFFFF" fill-opacity="0.7" stroke-opacity="0.7"/></g>`;
}

function strawberry(p: Painter, x: number, y: number, s: number): string {
  const g = p.radial(
    [
      [0, '#F0525E'],
      [1, '#B3122E'],
    ],
    0.4,
    0.3,
    0.8,
    0.4,
    0.3,
    false,
    'straw',
  );
  let seeds = '';
  for (let i = 0; i < 8; i++) {
    seeds += `<ellipse cx="${f(p.r(-11, 11))}" cy="${f(p.r(-6, 16))}" rx="1.4" ry="2.2" fill="#F9D56E"/>`;
  }
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${s.toFixed(2)}) rotate(${f(p.r(-20, 20))})"><path d="M0-14C16-16 20 2 0 26C-20 2-16-16 0-14Z" fill="${g}" stroke="#8E0E22" stroke-width="1.2"/>${seeds}<path d="M0-14L-12-20L-6-12L-14-8L0-11L14-8L6-12L12-20Z" fill="#3F8A3A"/></g>`;
}

/** The shiny gold of foil wrappers and gold-dusted truffles, one gradient per use site id. */
function goldFoil(p: Painter, id: string): string {
  return p.radial(
    [
      [0, '#FFF2B0'],
      [0.35, '#E2BC45'],
      [0.8, '#A97F1A'],
      [1, '#6E5210'],
    ],
    0.35,
    0.3,
    0.75,
    0.35,
    0.3,
    false,
    id,
  );
}

function goldBall(p: Painter, x: number, y: number, s: number): string {
  const g = goldFoil(p, 'goldball');
  let crinkle = '';
  for (let i = 0; i < 5; i++) {
    const a = p.r(0, TAU);
    const [x0, y0] = polar(0, 0, p.r(4, 8), a);
    const [x1, y1] = polar(0, 0, p.r(12, 16), a + p.r(-0.5, 0.5));
    crinkle += `M${f(x0)} ${f(y0)}L${f(x1)} ${f(y1)}`;
  }
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${s.toFixed(2)})"><ellipse cx="0" cy="12" rx="18" ry="7" fill="#5C3317"/><circle r="17" fill="${g}"/><path d="${crinkle}" stroke="#8C6A14" stroke-width="1.2" fill-opacity="0.7" stroke-opacity="0.7"/><circle cx="-6" cy="-7" r="4" fill="#FFFFFF" fill-opacity="0.55" stroke-opacity="0.55"/></g>`;
}

function shard(p: Painter, x: number, y: number, s: number, c: string): string {
  const g = p.lin(
    [
      [0, lighten(c, 0.18)],
      [1, deepen(c, 0.35)],
    ],
    0,
    0,
    1,
    1,
    false,
    `shard${c}`,
  );
  const w = p.r(18, 28);
  const h = p.r(50, 80);
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${s.toFixed(2)}) rotate(${f(p.r(-25, 25))})"><path d="M${f(-w)} 0L${f(-w * 0.4)} ${f(-h)}L${f(w * 0.7)} ${f(-h * 0.7)}L${f(w)} 0Z" fill="${g}" stroke="${deepen(c, 0.5)}" stroke-width="1.5"/><path d="M${f(-w * 0.3)} ${f(-h * 0.8)}L${f(-w * 0.6)} -6" stroke="${lighten(c, 0.4)}" stroke-width="2" fill-opacity="0.5" stroke-opacity="0.5"/></g>`;
}

function pineappleRing(x: number, y: number, s: number): string {
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${s.toFixed(2)})"><ellipse rx="30" ry="12" fill="#F2B705" stroke="#C98B00" stroke-width="2"/><ellipse rx="20" ry="8" fill="#F9D56E" fill-opacity="0.8" stroke-opacity="0.8"/><ellipse rx="8" ry="3.5" fill="#E9C04A"/><circle cx="0" cy="-8" r="9" fill="#B0122A"/><circle cx="-3" cy="-11" r="2.5" fill="#FFFFFF" fill-opacity="0.6" stroke-opacity="0.6"/></g>`;
}

function candle(p: Painter, x: number, y: number, c: string): string {
  const h = p.r(70, 95);
  return `<g transform="translate(${f(x)} ${f(y)})"><rect x="-6" y="${f(-h)}" width="12" height="${f(h)}" rx="3" fill="#FFFFFF" stroke="#D9D4CA" stroke-width="1"/><path d="M-6 ${f(-h * 0.8)}L6 ${f(-h * 0.9)}M-6 ${f(-h * 0.5)}L6 ${f(-h * 0.6)}M-6 ${f(-h * 0.2)}L6 ${f(-h * 0.3)}" stroke="${c}" stroke-width="5"/><path d="M0 ${f(-h - 2)}L0 ${f(-h - 8)}" stroke="#333" stroke-width="2"/><path d="M0 ${f(-h - 40)}C10 ${f(-h - 22)} 9 ${f(-h - 8)} 0 ${f(-h - 6)}C-9 ${f(-h - 8)} -10 ${f(-h - 22)} 0 ${f(-h - 40)}Z" fill="#FFB627"/><path d="M0 ${f(-h - 26)}C5 ${f(-h - 16)} 4 ${f(-h - 9)} 0 ${f(-h - 8)}C-4 ${f(-h - 9)} -5 ${f(-h - 16)} 0 ${f(-h - 26)}Z" fill="#FFF3B0"/></g>`;
}

interface Tier {
  cx: number;
  top: number;
  rx: number;
  ry: number;
  h: number;
}

function tierSvg(
  p: Painter,
  t: Tier,
  body: string,
  frost: string,
  drips: boolean,
  kitkat: boolean,
  shavings: boolean,
): string {
  const { cx, top, rx, ry, h } = t;
  const side = p.lin(
    [
      [0, deepen(body, 0.28)],
      [0.22, lighten(body, 0.12)],
      [0.5, body],
      [1, deepen(body, 0.35)],
    ],
    0,
    0,
    1,
    0,
  );
  const edge = deepen(body, 0.4);
  let s = `<path d="M${f(cx - rx)} ${f(top)}L${f(cx - rx)} ${f(top + h)}A${f(rx)} ${f(ry)} 0 0 0 ${f(cx + rx)} ${f(top + h)}L${f(cx + rx)} ${f(top)}Z" fill="${side}" stroke="${edge}" stroke-width="2"/>`;
  const topGrad = p.radial(
    [
      [0, lighten(frost, 0.25)],
      [1, deepen(frost, 0.06)],
    ],
    0.45,
    0.4,
    0.65,
    0.45,
    0.4,
  );
  const frostEdge = deepen(frost, luma(frost) > 0.8 ? 0.18 : 0.3);
  if (kitkat) {
    // Chocolate wafer fingers standing around the side, tied with a ribbon.
    const bar = '#7B4B2A';
    const g = p.lin(
      [
        [0, deepen(bar, 0.2)],
        [0.4, lighten(bar, 0.15)],
        [1, deepen(bar, 0.3)],
      ],
      0,
      0,
      1,
      0,
      false,
      'kitkat',
    );
    const n = 18;
    let bars = '';
    for (let i = 0; i < n; i++) {
      const a0 = Math.PI - (i * Math.PI) / n;
      const a1 = Math.PI - ((i + 1) * Math.PI) / n;
      const x0 = cx + rx * Math.cos(a0) * 1.02;
      const x1 = cx + rx * Math.cos(a1) * 1.02;
      const ym = top + ry * Math.sin((a0 + a1) / 2);
      const w = Math.abs(x1 - x0) - 2;
      bars += `<rect x="${f(Math.min(x0, x1) + 1)}" y="${f(ym - 34)}" width="${f(w)}" height="${f(h + 30)}" rx="4" fill="${g}" stroke="#3B1F0E" stroke-width="1.2"/><path d="M${f((x0 + x1) / 2)} ${f(ym - 30)}L${f((x0 + x1) / 2)} ${f(ym + h - 8)}" stroke="#3B1F0E" stroke-width="1.5" fill-opacity="0.6" stroke-opacity="0.6"/>`;
    }
    s += `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(rx)}" ry="${f(ry)}" fill="${topGrad}" stroke="${frostEdge}" stroke-width="2"/>`;
    s += bars;
    const yb = top + h * 0.55;
    s += `<path d="M${f(cx - rx * 1.02)} ${f(yb)}A${f(rx * 1.02)} ${f(ry)} 0 0 0 ${f(cx + rx * 1.02)} ${f(yb)}" stroke="#C8102E" stroke-width="26" fill="none"/>`;
    s += bow(p, cx, yb + ry, 130, '#C8102E');
    return s;
  }
  if (shavings) {
    // Chocolate curls pressed into the side.
    let d = '';
    for (let i = 0; i < Math.round(rx / 4); i++) {
      const a = p.r(0.08, Math.PI - 0.08);
      const x = cx - rx * Math.cos(a);
      const y = top + ry * Math.sin(a) + p.r(h * 0.15, h * 0.95);
      const w = p.r(7, 14) * Math.sqrt(Math.sin(a));
      d += `M${f(x - w)} ${f(y)}q${f(w)} ${f(-p.r(4, 9))} ${f(w * 2)} 0`;
    }
    s += `<path d="${d}" stroke="${lighten(body, 0.22)}" stroke-width="3" fill="none" stroke-linecap="round" fill-opacity="0.75" stroke-opacity="0.75"/>`;
  }
  s += `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(rx)}" ry="${f(ry)}" fill="${topGrad}" stroke="${frostEdge}" stroke-width="2"/>`;
  if (drips) {
    let d = `<path d="M${f(cx + rx)} ${f(top)}A${f(rx)} ${f(ry)} 0 0 1 ${f(cx - rx)} ${f(top)}L${f(cx - rx)} ${f(top + 16)}A${f(rx)} ${f(ry)} 0 0 0 ${f(cx + rx)} ${f(top + 16)}Z"/>`;
    const n = p.int(10, 15);
    for (let i = 0; i < n; i++) {
      const a = Math.PI * ((i + 0.5) / n) + p.r(-0.05, 0.05);
      const x = cx + rx * Math.cos(a);
      const y = top + ry * Math.sin(a) + 6;
      const w = (14 + p.r(0, 10)) * Math.max(0.35, Math.sqrt(Math.sin(a)));
      const len = p.r(18, h * 0.45);
      d += `<rect x="${f(x - w / 2)}" y="${f(y)}" width="${f(w)}" height="${f(len)}" rx="${f(w / 2)}"/>`;
    }
    s += `<g fill="${frost}">${d}</g>`;
    s += `<path d="M${f(cx + rx)} ${f(top)}A${f(rx)} ${f(ry)} 0 0 1 ${f(cx - rx)} ${f(top)}" stroke="${frostEdge}" stroke-width="2" fill="none" fill-opacity="0.4" stroke-opacity="0.4"/>`;
  }
  return s;
}

/** Beads of piped icing along the front of an ellipse (cx, y, rx, ry). */
function pipedBorder(p: Painter, cx: number, y: number, rx: number, ry: number, c: string, r: number): string {
  const g = p.radial(
    [
      [0, lighten(c, 0.4)],
      [1, deepen(c, 0.12)],
    ],
    0.4,
    0.35,
    0.7,
    0.4,
    0.35,
    false,
    `bead${c}`,
  );
  const edge = deepen(c, luma(c) > 0.8 ? 0.18 : 0.3);
  const n = Math.round((rx * Math.PI) / (r * 1.6));
  let s = '';
  for (let i = 0; i <= n; i++) {
    const a = Math.PI - (i * Math.PI) / n;
    s += `<circle cx="${f(cx + rx * Math.cos(a))}" cy="${f(y + ry * Math.sin(a))}" r="${f(r)}"/>`;
  }
  return `<g fill="${g}" stroke="${edge}" stroke-width="1.2">${s}</g>`;
}

/** Items on the top of a tier, back row first. */
function topping(p: Painter, t: Tier, frost: string, deco: string, kitkat: boolean, bodyBrown: boolean): string {
  const { cx, top, rx, ry } = t;
  const items: { y: number; svg: string }[] = [];
  const dt = tone(deco);
  const ring = (n: number, k: number, off: number): [number, number, number] => {
    const a = off + (k * TAU) / n;
    return [cx + rx * 0.74 * Math.cos(a), top + ry * 0.7 * Math.sin(a), a];
  };
  const s = rx / 250;
  const off = p.r(0, TAU);
  if (kitkat) {
    const gems = ['#E63946', '#F4A261', '#2A9D8F', '#E9C46A', '#457B9D', '#8AC926', '#FFFFFF'];
    for (let i = 0; i < 46; i++) {
      const a = p.r(0, TAU);
      const d = Math.sqrt(p.rnd()) * 0.85;
      const x = cx + rx * d * Math.cos(a);
      const y = top + ry * d * Math.sin(a);
      const c = p.pick(gems);
      items.push({
        y,
        svg: `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(11 * s)}" ry="${f(7 * s)}" fill="${c}" stroke="${deepen(c, 0.3)}" stroke-width="1"/>`,
      });
    }
  } else {
    const n = p.int(8, 11);
    const rosetteColour =
      dt === 'pink' || dt === 'white'
        ? deco
        : bodyBrown && tone(frost) === 'brown'
          ? lighten(frost, 0.15)
          : lighten(frost, 0.1);
    const alternate =
      dt === 'red'
        ? p.chance(0.5)
          ? 'cherry'
          : 'straw'
        : dt === 'brown'
          ? 'shard'
          : dt === 'gold'
            ? 'gold'
            : dt === 'yellow'
              ? 'pine'
              : 'none';
    for (let k = 0; k < n; k++) {
      const [x, y] = ring(n, k, off);
      let svg = rosette(p, x, y, s * 0.9, rosetteColour);
      if (alternate === 'cherry' && k % 2 === 0) svg += cherry(p, x, y - 12 * s, s);
      if (alternate === 'straw' && k % 2 === 0) svg += strawberry(p, x, y - 14 * s, s);
      if (alternate === 'gold' && k % 2 === 0) svg += goldBall(p, x, y - 16 * s, s * 1.35);
      items.push({ y, svg });
    }
    if (alternate === 'shard') {
      for (let k = 0; k < 5; k++) {
        const x = cx + p.r(-0.45, 0.45) * rx;
        const y = top + p.r(-0.3, 0.3) * ry;
        items.push({ y, svg: shard(p, x, y, s * 1.1, deco) });
      }
    }
    if (alternate === 'gold') {
      for (let k = 0; k < 3; k++) {
        const x = cx + p.r(-0.3, 0.3) * rx;
        const y = top + p.r(-0.25, 0.25) * ry;
        items.push({ y, svg: goldBall(p, x, y, s * 1.6) });
      }
    }
    if (alternate === 'pine') {
      for (let k = 0; k < 4; k++) {
        const [x, y] = polar(cx, top, 1, off + k * 1.6);
        items.push({
          y: top + (y - top) * ry * 0.35,
          svg: pineappleRing(cx + (x - cx) * rx * 0.35, top + (y - top) * ry * 0.35, s),
        });
      }
    }
    if (alternate === 'straw' || alternate === 'cherry') {
      const x = cx + p.r(-0.2, 0.2) * rx;
      items.push({ y: top, svg: alternate === 'straw' ? strawberry(p, x, top, s * 1.3) : cherry(p, x, top, s * 1.3) });
    }
    if (dt === 'pink' || dt === 'white' || dt === 'other') {
      const cols =
        dt === 'pink'
          ? ['#FFFFFF', '#F4A6C1', '#E63E7A', '#F9D56E']
          : ['#E63946', '#F4A261', '#2A9D8F', '#E9C46A', '#7E4A9E'];
      let sp = '';
      for (let i = 0; i < 40; i++) {
        const a = p.r(0, TAU);
        const d = Math.sqrt(p.rnd()) * 0.55;
        const x = cx + rx * d * Math.cos(a);
        const y = top + ry * d * Math.sin(a);
        sp += `<rect x="${f(x - 5 * s)}" y="${f(y - 1.6 * s)}" width="${f(10 * s)}" height="${f(3.2 * s)}" rx="${f(1.6 * s)}" fill="${p.pick(cols)}" transform="rotate(${f(p.r(0, 180))} ${f(x)} ${f(y)})"/>`;
      }
      items.push({ y: top - ry, svg: sp });
    }
  }
  items.sort((a, b) => a.y - b.y);
  return items.map((it) => it.svg).join('');
}

function cakeItem(p: Painter, colors: string[]): string {
  const body = colors[0] ?? '#F3E5C0';
  const frost = colors[1] ?? lighten(body, 0.3);
  const deco = colors[2] ?? colors[1] ?? body;
  const bodyBrown = tone(body) === 'brown';
  const kitkat = bodyBrown && tone(frost) === 'brown' && tone(deco) === 'red';
  const twoTier = !kitkat && p.chance(0.3);
  let s = shadow(p, 500, 912, 220, 30, 0.35);
  // Stand: plate on a pedestal.
  const standCol = p.pick(['#FFFFFF', '#F4F1EC', '#E7D8B0', '#DDE7EA']);
  const stand = p.lin(
    [
      [0, deepen(standCol, 0.15)],
      [0.35, lighten(standCol, 0.5)],
      [1, deepen(standCol, 0.2)],
    ],
    0,
    0,
    1,
    0,
  );
  const sEdge = deepen(standCol, 0.3);
  s += `<path d="M450 770L425 890L575 890L550 770Z" fill="${stand}" stroke="${sEdge}" stroke-width="2"/><ellipse cx="500" cy="893" rx="130" ry="25" fill="${stand}" stroke="${sEdge}" stroke-width="2"/>`;
  s += `<ellipse cx="500" cy="752" rx="375" ry="74" fill="${deepen(standCol, 0.22)}"/><ellipse cx="500" cy="740" rx="375" ry="74" fill="${stand}" stroke="${sEdge}" stroke-width="2"/>`;
  const drips = !kitkat && (hueGap(body, frost) > 20 || Math.abs(luma(body) - luma(frost)) > 0.12 || p.chance(0.5));
  const trim = tone(frost) === 'brown' ? lighten(frost, 0.1) : frost;
  if (twoTier) {
    const lower: Tier = { cx: 500, top: 520, rx: 300, ry: 72, h: 200 };
    const upper: Tier = { cx: 500, top: 330, rx: 195, ry: 48, h: 190 };
    s += tierSvg(p, lower, body, frost, drips, false, bodyBrown);
    s += pipedBorder(p, 500, lower.top + lower.h, lower.rx, lower.ry, trim, 15);
    s += tierSvg(p, upper, body, frost, drips, false, bodyBrown);
    s += pipedBorder(p, 500, upper.top + upper.h, upper.rx, upper.ry, trim, 12);
    s += topping(p, upper, frost, deco, false, bodyBrown);
  } else {
    const t: Tier = { cx: 500, top: 440, rx: 300, ry: 78, h: 280 };
    s += tierSvg(p, t, body, frost, drips, kitkat, bodyBrown);
    if (!kitkat) s += pipedBorder(p, 500, t.top + t.h, t.rx, t.ry, trim, 16);
    s += topping(p, t, frost, deco, kitkat, bodyBrown);
    if (!kitkat && p.chance(0.35)) {
      const cols = ['#F4A6C1', '#7EC8E3', '#F9D56E', '#B5E48C'];
      const n = p.int(1, 3);
      for (let i = 0; i < n; i++) s += candle(p, 500 + (i - (n - 1) / 2) * 50, t.top + p.r(-6, 6), p.pick(cols));
    }
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Chocolates

function truffle(p: Painter, x: number, y: number, r: number, base: string): string {
  const t = tone(base);
  const foil = t === 'gold';
  const g = foil
    ? goldFoil(p, 'truffle-gold')
    : p.radial(
        [
          [0, lighten(base, 0.3)],
          [0.6, base],
          [1, deepen(base, 0.35)],
        ],
        0.38,
        0.32,
        0.72,
        0.38,
        0.32,
        false,
        `truffle${base}`,
      );
  let s = `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${g}" stroke="${deepen(base, 0.45)}" stroke-width="1.2"/>`;
  const topping = foil ? 'crinkle' : p.pick(['drizzle', 'drizzle', 'nut', 'dust', 'plain', 'swirl']);
  const contrast = luma(base) > 0.55 ? '#4A2A14' : p.pick(['#F2E8D5', '#C9A227', '#7B4B2A']);
  if (topping === 'crinkle') {
    let d = '';
    for (let i = 0; i < 6; i++) {
      const a = p.r(0, TAU);
      const [x0, y0] = polar(x, y, r * p.r(0.2, 0.5), a);
      const [x1, y1] = polar(x, y, r * p.r(0.7, 0.95), a + p.r(-0.4, 0.4));
      d += `M${f(x0)} ${f(y0)}L${f(x1)} ${f(y1)}`;
    }
    s += `<path d="${d}" stroke="#8C6A14" stroke-width="1.4" fill-opacity="0.7" stroke-opacity="0.7"/>`;
  } else if (topping === 'drizzle') {
    let d = '';
    for (let i = 0; i < 4; i++) {
      const yy = y - r * 0.45 + i * r * 0.28;
      const half = Math.sqrt(Math.max(0, 1 - ((yy - y) / r) ** 2)) * r * 0.85;
      d += `M${f(x - half)} ${f(yy + r * 0.12)}Q${f(x)} ${f(yy - r * 0.12)} ${f(x + half)} ${f(yy + r * 0.08)}`;
    }
    s += `<path d="${d}" stroke="${contrast}" stroke-width="${f(r * 0.08)}" fill="none" stroke-linecap="round"/>`;
  } else if (topping === 'nut') {
    s += `<ellipse cx="${f(x)}" cy="${f(y - r * 0.15)}" rx="${f(r * 0.38)}" ry="${f(r * 0.26)}" fill="#C89B5E" stroke="#8A5F2E" stroke-width="1.2"/>`;
  } else if (topping === 'dust') {
    let d = '';
    for (let i = 0; i < 10; i++) {
      const [dx, dy] = polar(x, y, r * Math.sqrt(p.rnd()) * 0.8, p.r(0, TAU));
      d += `<circle cx="${f(dx)}" cy="${f(dy)}" r="${f(r * 0.06)}"/>`;
    }
    s += `<g fill="${contrast}" fill-opacity="0.8" stroke-opacity="0.8">${d}</g>`;
  } else if (topping === 'swirl') {
    s += `<path d="M${f(x - r * 0.5)} ${f(y)}Q${f(x)} ${f(y - r * 0.7)} ${f(x + r * 0.5)} ${f(y)}" stroke="${contrast}" stroke-width="${f(r * 0.14)}" fill="none" stroke-linecap="round"/>`;
  }
  s += `<ellipse cx="${f(x - r * 0.35)}" cy="${f(y - r * 0.4)}" rx="${f(r * 0.25)}" ry="${f(r * 0.16)}" fill="#FFFFFF" fill-opacity="0.35" stroke-opacity="0.35"/>`;
  return s;
}

function heartPath(x: number, y: number, r: number): string {
  return `M${f(x)} ${f(y + r * 0.9)}C${f(x - r * 1.6)} ${f(y - r * 0.1)} ${f(x - r * 0.8)} ${f(y - r * 1.2)} ${f(x)} ${f(y - r * 0.45)}C${f(x + r * 0.8)} ${f(y - r * 1.2)} ${f(x + r * 1.6)} ${f(y - r * 0.1)} ${f(x)} ${f(y + r * 0.9)}Z`;
}

function truffleBases(colors: string[]): string[] {
  const chocolatey = colors.slice(1).filter((c) => ['brown', 'gold', 'white', 'pink', 'red'].includes(tone(c)));
  const bases = ['#3B1F0E', '#7B4B2A', '#F2E8D5', '#C9A227', '#5A2F17'];
  return [...chocolatey, ...chocolatey, ...bases];
}

function chocolateBox(p: Painter, colors: string[]): string {
  const box = colors[0] ?? '#A4161A';
  const accent = colors[2] ?? (tone(box) === 'gold' ? '#5C1A10' : '#C9A227');
  const bases = truffleBases(colors);
  let s = shadow(p, 500, 800, 380, 40, 0.35);
  // Lid leaning behind the box.
  const lidGrad = p.lin(
    [
      [0, lighten(box, 0.22)],
      [1, deepen(box, 0.25)],
    ],
    0,
    0,
    1,
    1,
  );
  const tilt = p.r(-7, -2);
  s += `<g transform="rotate(${f(tilt)} 500 460)"><rect x="230" y="140" width="540" height="360" rx="18" fill="${lidGrad}" stroke="${deepen(box, 0.4)}" stroke-width="3"/><rect x="470" y="140" width="60" height="360" fill="${accent}" fill-opacity="0.95" stroke-opacity="0.95"/><rect x="230" y="280" width="540" height="50" fill="${accent}" fill-opacity="0.95" stroke-opacity="0.95"/>${bow(p, 500, 300, 180, accent)}</g>`;
  // Base: top face (trapezoid) and front face.
  const topFace = `M250 450L750 450L830 700L170 700Z`;
  const rim = p.lin([
    [0, deepen(box, 0.1)],
    [1, lighten(box, 0.1)],
  ]);
  s += `<path d="${topFace}" fill="${rim}" stroke="${deepen(box, 0.4)}" stroke-width="3"/>`;
  const trayCol = p.pick(['#3A2012', '#C9A227', '#2B1A10', '#E9D9B8']);
  const tray = p.lin([
    [0, deepen(trayCol, 0.3)],
    [1, lighten(trayCol, 0.1)],
  ]);
  s += `<path d="M272 465L728 465L800 688L200 688Z" fill="${tray}"/>`;
  const front = p.lin([
    [0, deepen(box, 0.15)],
    [1, deepen(box, 0.4)],
  ]);
  s += `<path d="M170 700L830 700L830 790Q500 800 170 790Z" fill="${front}" stroke="${deepen(box, 0.45)}" stroke-width="3"/>`;
  s += `<path d="M170 740L830 740" stroke="${accent}" stroke-width="14" fill-opacity="0.9" stroke-opacity="0.9"/>`;
  // Truffles in foil cups, in perspective rows.
  const rows = p.int(3, 4);
  const cols = p.int(4, 5);
  const cupCol = tone(trayCol) === 'gold' ? '#3A2012' : p.pick(['#C9A227', '#8C6A14', '#2B1A10']);
  const heartRow = colors.some((c) => tone(c) === 'red') ? p.int(0, rows - 1) : -1;
  for (let r = 0; r < rows; r++) {
    const t = (r + 0.5) / rows;
    const y = 465 + t * 223;
    const half = 228 + t * 72;
    const size = (half * 2) / cols / 2;
    const rr = size * 0.78;
    for (let c = 0; c < cols; c++) {
      const x = 500 - half + size * (2 * c + 1);
      s += `<ellipse cx="${f(x)}" cy="${f(y + rr * 0.35)}" rx="${f(rr * 1.1)}" ry="${f(rr * 0.75)}" fill="${cupCol}" stroke="${deepen(cupCol, 0.4)}" stroke-width="1.5" stroke-dasharray="4 3"/>`;
      if (r === heartRow && c % 2 === 1) {
        const hc = colors.find((k) => tone(k) === 'red') ?? '#A4161A';
        const hg = p.radial(
          [
            [0, lighten(hc, 0.35)],
            [1, deepen(hc, 0.25)],
          ],
          0.35,
          0.3,
          0.8,
        );
        s += `<path d="${heartPath(x, y + 2, rr * 0.85)}" fill="${hg}" stroke="${deepen(hc, 0.45)}" stroke-width="1.2"/>`;
      } else {
        s += truffle(p, x, y, rr * 0.92, p.pick(bases));
      }
    }
  }
  // A couple of loose chocolates on the table.
  for (let i = 0, n = p.int(1, 3); i < n; i++) {
    const x = p.chance(0.5) ? p.r(120, 240) : p.r(760, 880);
    const y = p.r(830, 880);
    s += shadow(p, x, y + 34, 52, 11, 0.3) + truffle(p, x, y, 40, p.pick(bases));
  }
  return s;
}

function chocolateBar(p: Painter, x: number, y: number, w: number, h: number, wrapper: string): string {
  const g = p.lin(
    [
      [0, lighten(wrapper, 0.15)],
      [0.5, wrapper],
      [1, deepen(wrapper, 0.3)],
    ],
    0,
    0,
    1,
    0,
  );
  const foil = p.pick(['#D4AF37', '#C0C0C0']);
  const fg = p.lin(
    [
      [0, lighten(foil, 0.3)],
      [0.5, foil],
      [1, deepen(foil, 0.3)],
    ],
    0,
    0,
    1,
    0,
    false,
    `foil${foil}`,
  );
  const band = tone(wrapper) === 'white' || luma(wrapper) > 0.7 ? deepen(wrapper, 0.45) : lighten(wrapper, 0.75);
  let s = `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="6" fill="${g}" stroke="${deepen(wrapper, 0.45)}" stroke-width="2"/>`;
  s += `<path d="M${f(x)} ${f(y + 34)}L${f(x)} ${f(y + 6)}Q${f(x)} ${f(y)} ${f(x + 6)} ${f(y)}L${f(x + w - 6)} ${f(y)}Q${f(x + w)} ${f(y)} ${f(x + w)} ${f(y + 6)}L${f(x + w)} ${f(y + 34)}L${f(x + w * 0.75)} ${f(y + 28)}L${f(x + w * 0.5)} ${f(y + 36)}L${f(x + w * 0.25)} ${f(y + 28)}Z" fill="${fg}" stroke="${deepen(foil, 0.4)}" stroke-width="1.5"/>`;
  const by = y + h * 0.42;
  s += `<rect x="${f(x + w * 0.12)}" y="${f(by)}" width="${f(w * 0.76)}" height="${f(h * 0.22)}" rx="4" fill="${band}" fill-opacity="0.92" stroke-opacity="0.92"/>`;
  // Cacao-pod emblem on the label.
  const ex = x + w / 2;
  const ey = by + h * 0.11;
  s += `<ellipse cx="${f(ex)}" cy="${f(ey)}" rx="${f(w * 0.14)}" ry="${f(h * 0.07)}" fill="${wrapper}" fill-opacity="0.9" stroke-opacity="0.9"/><path d="M${f(ex - w * 0.1)} ${f(ey)}L${f(ex + w * 0.1)} ${f(ey)}" stroke="${band}" stroke-width="2"/>`;
  return s;
}

/**
 * A woven cane basket from its rim down to a rounded base at y 880, tapering 70 units a side, with
 * staggered rows of weave and a rolled rim. Shared by the flower basket and the chocolate hamper.
 */
function wickerBody(
  p: Painter,
  cane: string,
  g: { left: number; right: number; top: number; rows: number; rowGap: number },
): string {
  const bottom = 880;
  const taper = 70;
  const body = p.lin(
    [
      [0, deepen(cane, 0.25)],
      [0.35, lighten(cane, 0.12)],
      [1, deepen(cane, 0.3)],
    ],
    0,
    0,
    1,
    0,
  );
  let s = `<path d="M${g.left} ${g.top}L${g.right} ${g.top}L${g.right - taper} ${bottom}Q500 ${bottom + 25} ${g.left + taper} ${bottom}Z" fill="${body}" stroke="${deepen(cane, 0.4)}" stroke-width="3"/>`;
  let weave = '';
  for (let row = 0; row < g.rows; row++) {
    const y = g.top + 31 + row * g.rowGap;
    const inset = ((y - g.top) / (bottom - g.top)) * taper;
    for (let x = g.left + inset + (row % 2) * 24; x < g.right - inset - 20; x += 48) {
      weave += `<ellipse cx="${f(x + 24)}" cy="${f(y)}" rx="22" ry="13.5"/>`;
    }
  }
  s += `<g fill="${lighten(cane, 0.18)}" stroke="${deepen(cane, 0.35)}" stroke-width="2" fill-opacity="0.9" stroke-opacity="0.9">${weave}</g>`;
  s += `<rect x="${g.left - 15}" y="${g.top - 17}" width="${g.right - g.left + 30}" height="38" rx="19" fill="${deepen(cane, 0.1)}" stroke="${deepen(cane, 0.4)}" stroke-width="3"/>`;
  return s;
}

function hamper(p: Painter, colors: string[]): string {
  const wrappers = [...colors, '#3B1F0E', '#A4161A', '#C9A227', '#7B4B2A', '#F2E8D5'];
  let s = shadow(p, 500, 895, 320, 36, 0.34);
  const cane = p.pick(['#B07A43', '#C8955A', '#9A6634']);
  // Handle behind.
  s += `<path d="M220 600Q220 120 500 120Q780 120 780 600" stroke="${deepen(cane, 0.25)}" stroke-width="34" fill="none"/><path d="M220 600Q220 120 500 120Q780 120 780 600" stroke="${cane}" stroke-width="24" fill="none" stroke-dasharray="22 10"/>`;
  const ribbon = colors.find((c) => tone(c) === 'red') ?? p.pick(['#A4161A', '#C9A227']);
  s += bow(p, 500, 138, 170, ribbon);
  // Products standing in the basket: back row bars, front row boxes and a heart.
  const items: string[] = [];
  const backN = p.int(4, 5);
  for (let i = 0; i < backN; i++) {
    const w = p.r(100, 118);
    const h = p.r(300, 370);
    const x = 235 + (i * 530) / backN + p.r(-8, 8);
    const tilt = p.r(-8, 8);
    items.push(
      `<g transform="rotate(${f(tilt)} ${f(x + w / 2)} 640)">${chocolateBar(p, x, 640 - h, w, h, wrappers[i % wrappers.length] ?? '#3B1F0E')}</g>`,
    );
  }
  // Front: a square gift box, a heart box and a round tin.
  const boxCol = wrappers[backN % wrappers.length] ?? '#C9A227';
  const bx = p.r(260, 300);
  const bg = p.lin([
    [0, lighten(boxCol, 0.15)],
    [1, deepen(boxCol, 0.3)],
  ]);
  items.push(
    `<rect x="${f(bx)}" y="440" width="200" height="180" rx="8" fill="${bg}" stroke="${deepen(boxCol, 0.45)}" stroke-width="2"/><rect x="${f(bx + 88)}" y="440" width="24" height="180" fill="${ribbon}"/><rect x="${f(bx - 6)}" y="424" width="212" height="40" rx="6" fill="${lighten(boxCol, 0.08)}" stroke="${deepen(boxCol, 0.45)}" stroke-width="2"/><rect x="${f(bx + 88)}" y="424" width="24" height="40" fill="${ribbon}"/>`,
  );
  const heart = colors.find((c) => tone(c) === 'red') ?? '#A4161A';
  const hg = p.radial(
    [
      [0, lighten(heart, 0.3)],
      [1, deepen(heart, 0.3)],
    ],
    0.4,
    0.3,
    0.8,
  );
  items.push(
    `<path d="${heartPath(p.r(555, 590), 520, 95)}" fill="${hg}" stroke="${deepen(heart, 0.45)}" stroke-width="2"/>`,
  );
  const tin = wrappers[(backN + 1) % wrappers.length] ?? '#C9A227';
  const tg = p.lin(
    [
      [0, deepen(tin, 0.25)],
      [0.35, lighten(tin, 0.2)],
      [1, deepen(tin, 0.3)],
    ],
    0,
    0,
    1,
    0,
  );
  const tx = p.r(630, 660);
  items.push(
    `<path d="M${f(tx)} 470L${f(tx)} 620L${f(tx + 140)} 620L${f(tx + 140)} 470Z" fill="${tg}" stroke="${deepen(tin, 0.4)}" stroke-width="2"/><ellipse cx="${f(tx + 70)}" cy="470" rx="70" ry="18" fill="${lighten(tin, 0.15)}" stroke="${deepen(tin, 0.4)}" stroke-width="2"/>`,
  );
  s += items.join('');
  for (let i = 0, n = p.int(3, 5); i < n; i++) {
    s += goldBall(p, p.r(240, 760), p.r(575, 595), p.r(1.5, 1.9));
  }
  // Crinkle paper along the rim.
  let crinkle = '';
  const crinkleCol = p.pick(['#E8C872', '#F2D9DE', '#EFE6D2']);
  for (let i = 0; i < 60; i++) {
    const x = p.r(210, 790);
    const y = p.r(585, 625);
    crinkle += `<path d="M${f(x)} ${f(y)}l${f(p.r(-14, 14))} ${f(p.r(-14, 4))}l${f(p.r(-14, 14))} ${f(p.r(-4, 14))}"/>`;
  }
  s += `<g stroke="${crinkleCol}" stroke-width="6" fill="none" stroke-linecap="round">${crinkle}</g>`;
  s += wickerBody(p, cane, { left: 200, right: 800, top: 610, rows: 6, rowGap: 42 });
  return s;
}

// ---------------------------------------------------------------------------------------------
// Teddy bear (for combos)

function teddy(p: Painter, fur: string, accent: string): string {
  const fg = p.radial(
    [
      [0, lighten(fur, 0.2)],
      [1, deepen(fur, 0.22)],
    ],
    0.4,
    0.35,
    0.75,
  );
  const light = lighten(fur, 0.45);
  const edge = deepen(fur, 0.4);
  const pads = p.radial([
    [0, lighten(fur, 0.55)],
    [1, lighten(fur, 0.3)],
  ]);
  const st = `stroke="${edge}" stroke-width="3"`;
  let s = shadow(p, 500, 905, 250, 32, 0.32);
  s += `<ellipse cx="335" cy="690" rx="58" ry="115" transform="rotate(32 335 690)" fill="${fg}" ${st}/><ellipse cx="665" cy="690" rx="58" ry="115" transform="rotate(-32 665 690)" fill="${fg}" ${st}/>`;
  s += `<ellipse cx="500" cy="700" rx="175" ry="185" fill="${fg}" ${st}/>`;
  s += `<ellipse cx="500" cy="735" rx="105" ry="115" fill="${light}" fill-opacity="0.85" stroke-opacity="0.85"/>`;
  s += `<ellipse cx="385" cy="845" rx="92" ry="66" fill="${fg}" ${st}/><ellipse cx="615" cy="845" rx="92" ry="66" fill="${fg}" ${st}/>`;
  s += `<ellipse cx="360" cy="852" rx="44" ry="42" fill="${pads}" ${st}/><ellipse cx="640" cy="852" rx="44" ry="42" fill="${pads}" ${st}/>`;
  s += `<circle cx="370" cy="300" r="64" fill="${fg}" ${st}/><circle cx="630" cy="300" r="64" fill="${fg}" ${st}/><circle cx="372" cy="304" r="36" fill="${light}"/><circle cx="628" cy="304" r="36" fill="${light}"/>`;
  s += `<circle cx="500" cy="430" r="168" fill="${fg}" ${st}/>`;
  s += `<ellipse cx="500" cy="492" rx="76" ry="58" fill="${light}"/>`;
  s += `<path d="M474 466Q500 452 526 466Q524 492 500 498Q476 492 474 466Z" fill="#2B1A12"/>`;
  s += `<path d="M500 498L500 520M500 520Q480 540 462 526M500 520Q520 540 538 526" stroke="#2B1A12" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  s += `<circle cx="438" cy="410" r="17" fill="#1E130D"/><circle cx="562" cy="410" r="17" fill="#1E130D"/><circle cx="444" cy="404" r="5.5" fill="#FFFFFF"/><circle cx="568" cy="404" r="5.5" fill="#FFFFFF"/>`;
  s += `<circle cx="405" cy="470" r="22" fill="#F28B9B" fill-opacity="0.35" stroke-opacity="0.35"/><circle cx="595" cy="470" r="22" fill="#F28B9B" fill-opacity="0.35" stroke-opacity="0.35"/>`;
  s += bow(p, 500, 590, 190, accent);
  // A little heart held in the lap.
  const hg = p.radial(
    [
      [0, '#F0525E'],
      [1, '#A4161A'],
    ],
    0.4,
    0.3,
    0.8,
  );
  s += `<path d="${heartPath(500, 760, 62)}" fill="${hg}" stroke="#7A0E1A" stroke-width="3"/>`;
  return s;
}

// ---------------------------------------------------------------------------------------------
// Combos: a smaller bouquet standing behind-left, the second item in front-right

function group(tx: number, ty: number, s: number, inner: string): string {
  return `<g transform="translate(${f(tx)} ${f(ty)}) scale(${s.toFixed(3)})">${inner}</g>`;
}

function combo(p: Painter, kind: ArtKind, colors: string[]): string {
  const flowerCols = [colors[0] ?? '#C8102E'];
  const second = colors[1];
  const accent = colors[2];
  const bKind: ArtKind = p.chance(0.75)
    ? 'rose-bouquet'
    : p.pick(['gerbera-bouquet', 'carnation-bouquet', 'mixed-bouquet'] as const);
  const flowers = group(
    -40,
    290,
    0.68,
    bouquet(p, bKind, bKind === 'mixed-bouquet' ? [...flowerCols, '#FAFAF7'] : flowerCols),
  );
  let item: string;
  if (kind === 'combo-cake-flowers') {
    const cols = [second ?? '#5C3317', accent ?? lighten(second ?? '#5C3317', 0.2)];
    if (accent !== undefined) cols.push(accent);
    item = group(330, 330, 0.66, cakeItem(p, cols));
  } else if (kind === 'combo-chocolate-flowers') {
    item = group(320, 360, 0.66, chocolateBox(p, [second ?? '#A4161A', '#7B4B2A', accent ?? '#C9A227']));
  } else {
    item = group(370, 335, 0.6, teddy(p, second ?? '#A0673A', accent ?? '#C8102E'));
  }
  return flowers + item;
}

// ---------------------------------------------------------------------------------------------
// Background and entry points

function background(p: Painter, bg: string): string {
  // A vertical wash plus a soft halo behind the product. (A full-canvas radial gradient looks
  // much the same but costs librsvg ~20 ms per image.)
  const wash = p.lin([
    [0, lighten(bg, 0.45)],
    [0.62, lighten(bg, 0.1)],
    [0.72, deepen(bg, 0.03)],
    [1, deepen(bg, 0.1)],
  ]);
  const halo = p.radial([
    [0, '#FFFFFF', 0.75],
    [0.6, '#FFFFFF', 0.25],
    [1, '#FFFFFF', 0],
  ]);
  let s = `<rect width="1000" height="1000" fill="${wash}"/><ellipse cx="500" cy="430" rx="400" ry="360" fill="${halo}"/>`;
  let bokeh = '';
  for (let i = 0, n = p.int(5, 9); i < n; i++) {
    const op = p.r(0.15, 0.35).toFixed(2);
    bokeh += `<circle cx="${f(p.r(40, 960))}" cy="${f(p.r(40, 520))}" r="${f(p.r(14, 60))}" fill-opacity="${op}"/>`;
  }
  s += `<g fill="#FFFFFF">${bokeh}</g>`;
  return s;
}

function drawKind(p: Painter, spec: ArtSpec, colors: string[]): string {
  const kind: ArtKind = spec.kind;
  switch (kind) {
    case 'rose-bouquet':
    case 'mixed-bouquet':
    case 'lily-bouquet':
    case 'orchid-bouquet':
    case 'gerbera-bouquet':
    case 'carnation-bouquet':
    case 'hydrangea-bouquet':
      return bouquet(p, kind, colors);
    case 'flower-arrangement':
      return arrangement(p, colors, spec.seed);
    case 'cake':
      return cakeItem(p, colors);
    case 'chocolate-box':
      return chocolateBox(p, colors);
    case 'chocolate-hamper':
      return hamper(p, colors);
    case 'combo-cake-flowers':
    case 'combo-chocolate-flowers':
    case 'combo-teddy-flowers':
      return combo(p, kind, colors);
  }
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Draws the product illustration for `spec` as a self-contained SVG string. */
export function renderArtSvg(spec: ArtSpec, size = 1000): string {
  const kindSalt = [...spec.kind].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261);
  const p = new Painter(mulberry32((Math.imul(spec.seed | 0, 2654435761) ^ kindSalt) >>> 0));
  const colors = spec.colors.filter((c) => HEX.test(c));
  const bg = HEX.test(spec.background) ? spec.background : '#FFF5EE';
  const scene = background(p, bg) + drawKind(p, spec, colors.length > 0 ? colors : ['#C8102E']);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000"><defs>${p.defsSvg()}</defs>${scene}</svg>`;
}

export interface ProductImageFiles {
  thumbnail: string;
  detail: string;
}

/**
 * The widths the shop's layouts ask for: a card or thumbnail (400, also the `400w` of a srcset)
 * and the product page's picture (800). Nothing on the shop shows a picture wider than 800 px.
 */
export const PICTURE_WIDTHS = { thumbnail: 400, detail: 800 } as const;

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Draws a picture's 400 px and 800 px WebP copies. The SVG is rasterised once, at the larger size.
 * WebP at effort 6 is slow to encode and small to send: these are drawn once and shipped
 * (pictures.ts). sharp is loaded here, not with the catalogue: seeding copies shipped pictures and
 * would otherwise keep libvips in the server's memory for nothing (ADR 069).
 */
export async function drawArtImages(spec: ArtSpec): Promise<{ thumbnail: Buffer; detail: Buffer }> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(renderArtSvg(spec, PICTURE_WIDTHS.detail)))
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const encode = (f: (s: Sharp) => Sharp) => f(sharp(data, raw)).toBuffer();
  const [thumbnail, detail] = await Promise.all([
    encode((s) => s.resize(PICTURE_WIDTHS.thumbnail, PICTURE_WIDTHS.thumbnail).webp({ quality: 72, effort: 6 })),
    encode((s) => s.webp({ quality: 78, effort: 6 })),
  ]);
  return { thumbnail, detail };
}

/**
 * Writes `${baseName}-thumb.webp` (400 px) and `${baseName}-detail.webp` (800 px) into `dir`,
 * skipping a picture whose files both exist.
 */
export async function writeArtImages(spec: ArtSpec, dir: string, baseName: string): Promise<ProductImageFiles> {
  const files: ProductImageFiles = { thumbnail: `${baseName}-thumb.webp`, detail: `${baseName}-detail.webp` };
  const present = await Promise.all([files.thumbnail, files.detail].map((name) => exists(join(dir, name))));
  if (present.every(Boolean)) return files;
  await mkdir(dir, { recursive: true });
  const drawn = await drawArtImages(spec);
  await Promise.all(
    (['thumbnail', 'detail'] as const).map(async (size) => {
      const target = join(dir, files[size]);
      // Written beside the target and renamed, so an interrupted run never leaves a half file
      // that a later run would skip.
      const tmp = `${target}.${process.pid}.tmp`;
      await writeFile(tmp, drawn[size]);
      await rename(tmp, target);
    }),
  );
  return files;
}
