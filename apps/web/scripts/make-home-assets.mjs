/**
 * Generates the home page's artwork: hero banners (desktop 1600×480 and mobile 800×600), the
 * occasion tiles, the For Him / For Her tiles and the 'Subscribe and Save' promo video with its
 * poster. Everything is drawn as SVG and rasterised with sharp, so the store ships no stock photos
 * and the pictures can be redrawn at will. The SVG holds no text (machines may lack fonts); the
 * page renders headlines as real HTML over the pictures.
 *
 * Run from the repository root: `node apps/web/scripts/make-home-assets.mjs`. The video needs
 * ffmpeg on the machine that regenerates it; the committed files need nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const imagesDir = path.join(webRoot, 'public', 'images', 'home');
const mediaDir = path.join(webRoot, 'public', 'media');
const WEBP = { quality: 70, effort: 6 };

/** A seeded generator, so every run draws the same confetti and petals (stable diffs). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => Number(n.toFixed(1));
const svg = (w, h, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
const linear = (id, stops, x2 = 1, y2 = 0) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((c, i) => `<stop offset="${f((i / (stops.length - 1)) * 100)}%" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
const radial = (id, inner, outer) =>
  `<radialGradient id="${id}" cx="50%" cy="45%" r="65%"><stop offset="0%" stop-color="${inner}"/><stop offset="100%" stop-color="${outer}"/></radialGradient>`;
const at = (x, y, s, body, rot = 0) =>
  `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)}) scale(${s})">${body}</g>`;

// ---------------------------------------------------------------- motifs (drawn around 0,0)

function petalFlower({ r, petals, color, center, ratio = 0.38, rot = 0 }) {
  const list = Array.from({ length: petals }, (_, i) => {
    const a = rot + (360 / petals) * i;
    return `<ellipse cx="0" cy="${f(-r * 0.55)}" rx="${f(r * ratio)}" ry="${f(r * 0.55)}" fill="${color}" transform="rotate(${f(a)})"/>`;
  }).join('');
  return `${list}<circle r="${f(r * 0.28)}" fill="${center}"/>`;
}

function rose({ r, color, dark }) {
  return `<circle r="${r}" fill="${color}"/>
  <path d="M${f(-r * 0.55)} ${f(r * 0.1)} A ${f(r * 0.6)} ${f(r * 0.6)} 0 0 1 ${f(r * 0.5)} ${f(-r * 0.35)}" fill="none" stroke="${dark}" stroke-width="${f(r * 0.09)}" stroke-linecap="round"/>
  <path d="M${f(r * 0.6)} ${f(-r * 0.05)} A ${f(r * 0.62)} ${f(r * 0.62)} 0 0 1 ${f(-r * 0.2)} ${f(r * 0.62)}" fill="none" stroke="${dark}" stroke-width="${f(r * 0.09)}" stroke-linecap="round"/>
  <path d="M${f(-r * 0.25)} ${f(-r * 0.1)} A ${f(r * 0.3)} ${f(r * 0.3)} 0 1 1 ${f(r * 0.1)} ${f(r * 0.3)}" fill="none" stroke="${dark}" stroke-width="${f(r * 0.08)}" stroke-linecap="round"/>
  <circle cx="${f(-r * 0.3)}" cy="${f(-r * 0.35)}" r="${f(r * 0.18)}" fill="#ffffff" opacity="0.18"/>`;
}

function leaf({ len, angle, color, vein = 'rgba(255,255,255,0.35)' }) {
  const w = len * 0.32;
  return `<g transform="rotate(${f(angle)})"><path d="M0 0 Q ${f(len * 0.5)} ${f(-w)} ${f(len)} 0 Q ${f(len * 0.5)} ${f(w)} 0 0 Z" fill="${color}"/><path d="M0 0 L ${f(len * 0.9)} 0" stroke="${vein}" stroke-width="${f(len * 0.025)}"/></g>`;
}

const HEART = 'M0 35 C -50 0 -55 -45 -25 -50 C -8 -53 0 -40 0 -30 C 0 -40 8 -53 25 -50 C 55 -45 50 0 0 35 Z';
const heart = (color, s = 1, extra = '') => `<path d="${HEART}" fill="${color}" transform="scale(${s})" ${extra}/>`;

function sparkle(r, color = '#ffffff') {
  const q = r * 0.22;
  return `<path d="M0 ${-r} Q ${q} ${-q} ${r} 0 Q ${q} ${q} 0 ${r} Q ${-q} ${q} ${-r} 0 Q ${-q} ${-q} 0 ${-r} Z" fill="${color}"/>`;
}

/** A gift box; `part` lets the video draw the lid behind the blooms and the body in front. */
function giftBox({ w, h, color, shade, ribbon, lidLift = 0, lidTilt = 0, part = 'all' }) {
  const lidH = h * 0.24;
  const bow = `<g transform="translate(0 ${f(-lidH)})"><ellipse cx="${f(-w * 0.13)}" cy="${f(-h * 0.06)}" rx="${f(w * 0.14)}" ry="${f(h * 0.09)}" fill="none" stroke="${ribbon}" stroke-width="${f(w * 0.05)}" transform="rotate(-20 ${f(-w * 0.13)} ${f(-h * 0.06)})"/><ellipse cx="${f(w * 0.13)}" cy="${f(-h * 0.06)}" rx="${f(w * 0.14)}" ry="${f(h * 0.09)}" fill="none" stroke="${ribbon}" stroke-width="${f(w * 0.05)}" transform="rotate(20 ${f(w * 0.13)} ${f(-h * 0.06)})"/><circle r="${f(w * 0.05)}" fill="${ribbon}"/></g>`;
  const lid = `<g transform="translate(${f(-w * 0.55)} ${f(-lidLift)}) rotate(${f(-lidTilt)}) translate(${f(w * 0.55)} 0)"><rect x="${f(-w * 0.55)}" y="${f(-lidH)}" width="${f(w * 1.1)}" height="${f(lidH)}" rx="${f(w * 0.03)}" fill="${color}"/><rect x="${f(-w * 0.55)}" y="${f(-lidH * 0.3)}" width="${f(w * 1.1)}" height="${f(lidH * 0.3)}" fill="${shade}" opacity="0.5"/><rect x="${f(-w * 0.06)}" y="${f(-lidH)}" width="${f(w * 0.12)}" height="${f(lidH)}" fill="${ribbon}"/>${bow}</g>`;
  const body = `<rect x="${f(-w / 2)}" y="0" width="${w}" height="${h}" rx="${f(w * 0.02)}" fill="${color}"/><rect x="${f(w * 0.15)}" y="0" width="${f(w * 0.35)}" height="${h}" fill="${shade}" opacity="0.35"/><rect x="${f(-w * 0.06)}" y="0" width="${f(w * 0.12)}" height="${h}" fill="${ribbon}"/>`;
  return { lid, body, all: body + lid }[part];
}

function scatter(rand, count, area, draw) {
  return Array.from({ length: count }, (_, i) =>
    draw(i, area.x + rand() * area.w, area.y + rand() * area.h, rand),
  ).join('');
}

const petal = (color, size, rot) =>
  `<ellipse rx="${f(size)}" ry="${f(size * 0.55)}" fill="${color}" transform="rotate(${f(rot)})"/>`;

function bokeh(rand, count, area, color = '#ffffff') {
  return scatter(
    rand,
    count,
    area,
    (_, x, y, r) =>
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(10 + r() * 46)}" fill="${color}" opacity="${f(0.12 + r() * 0.2)}"/>`,
  );
}

// ---------------------------------------------------------------- hero art (fits a 700×480 box around 0,0)

function bouquetArt() {
  const roses = [
    [-95, -120, 52, '#d61f45', '#8f0f2c'],
    [0, -170, 58, '#f06a8d', '#b92f57'],
    [95, -115, 50, '#d61f45', '#8f0f2c'],
    [-40, -60, 50, '#f9a8c0', '#d45b81'],
    [55, -40, 46, '#fff1f3', '#e7a3b5'],
    [-130, -30, 40, '#f06a8d', '#b92f57'],
    [135, -25, 42, '#f9a8c0', '#d45b81'],
  ];
  const leaves = [
    [-160, -90, 110, 200, '#3f8f4f'],
    [160, -90, 110, -20, '#3f8f4f'],
    [-120, -200, 95, 235, '#4d9e5b'],
    [120, -205, 95, -55, '#4d9e5b'],
    [-185, 10, 100, 175, '#2f7a40'],
    [185, 10, 100, 5, '#2f7a40'],
  ];
  const rand = random(11);
  const babyBreath = scatter(
    rand,
    26,
    { x: -190, y: -230, w: 380, h: 220 },
    (_, x, y) => `<circle cx="${f(x)}" cy="${f(y)}" r="5" fill="#ffffff" opacity="0.95"/>`,
  );
  return `${leaves.map(([x, y, len, a, c]) => at(x, y, 1, leaf({ len, angle: a, color: c }))).join('')}
    ${babyBreath}
    ${roses.map(([x, y, r, c, d]) => at(x, y, 1, rose({ r, color: c, dark: d }))).join('')}
    ${at(-80, 150, 1, petalFlower({ r: 34, petals: 14, color: '#fbbf24', center: '#7c2d12', ratio: 0.22 }))}
    <path d="M-190 0 L190 0 L40 240 L-40 240 Z" fill="#e8c9a0"/>
    <path d="M-190 0 L-10 0 L-40 240 Z" fill="#d9b183"/>
    <path d="M-190 0 Q 0 40 190 0" fill="none" stroke="#c79b66" stroke-width="4"/>
    <path d="M-22 150 q -60 -40 -70 10 q 40 20 70 -10 Z M22 150 q 60 -40 70 10 q -40 20 -70 -10 Z" fill="#c2134d"/>
    <path d="M-10 155 l -30 80 l 20 -10 l 10 20 Z M10 155 l 30 80 l -20 -10 l -10 20 Z" fill="#a30d40"/>
    <circle cx="0" cy="152" r="16" fill="#a30d40"/>`;
}

function cakeArt() {
  const drip = (x, y, w, color) => {
    let d = `M${x} ${y} h${w} v18`;
    const n = Math.round(w / 34);
    const step = w / n;
    for (let i = 0; i < n; i++)
      d += ` q ${f(-step / 4)} ${i % 2 ? 34 : 22} ${f(-step / 2)} 0 q ${f(-step / 4)} -10 ${f(-step / 2)} 0`;
    return `<path d="${d} Z" fill="${color}"/>`;
  };
  const candles = [-70, -35, 0, 35, 70]
    .map(
      (x, i) =>
        `<rect x="${x - 7}" y="-180" width="14" height="60" rx="4" fill="${['#60a5fa', '#f472b6', '#fbbf24', '#34d399', '#a78bfa'][i]}"/><path d="M${x} -212 q 12 16 0 28 q -12 -12 0 -28 Z" fill="#fb923c"/><path d="M${x} -202 q 5 8 0 14 q -5 -6 0 -14 Z" fill="#fde68a"/>`,
    )
    .join('');
  const cherries = [-120, -40, 40, 120].map((x) => `<circle cx="${x}" cy="-8" r="13" fill="#dc2626"/>`).join('');
  return `<ellipse cx="0" cy="215" rx="260" ry="26" fill="#e2c9ad"/>
    <rect x="-24" y="205" width="48" height="40" fill="#d6b894"/>
    <ellipse cx="0" cy="195" rx="240" ry="22" fill="#f5e6d3"/>
    <rect x="-200" y="40" width="400" height="155" rx="16" fill="#f9a8c0"/>
    <rect x="-200" y="120" width="400" height="22" fill="#fbcfe8"/>
    ${drip(-200, 30, 400, '#ffffff')}
    <rect x="-135" y="-120" width="270" height="160" rx="14" fill="#8b5a3c"/>
    <rect x="-135" y="-40" width="270" height="18" fill="#a47148"/>
    ${drip(-135, -130, 270, '#fdf2f8')}
    ${cherries}
    ${candles}`;
}

function bunting(w, y, rand) {
  const colours = ['#f472b6', '#fbbf24', '#60a5fa', '#34d399', '#a78bfa', '#fb7185'];
  const n = Math.round(w / 70);
  let out = `<path d="M0 ${y} Q ${w / 2} ${y + 60} ${w} ${y}" fill="none" stroke="#d6b894" stroke-width="3"/>`;
  for (let i = 0; i < n; i++) {
    const x = (i + 0.5) * (w / n);
    const t = x / w;
    const yy = y + 2 * t * (1 - t) * 60;
    out += `<path d="M${f(x - 22)} ${f(yy)} L${f(x + 22)} ${f(yy)} L${f(x)} ${f(yy + 44)} Z" fill="${colours[Math.floor(rand() * colours.length)]}"/>`;
  }
  return out;
}

function confetti(rand, count, area) {
  const colours = ['#f472b6', '#fbbf24', '#60a5fa', '#34d399', '#a78bfa', '#fb7185'];
  return scatter(rand, count, area, (i, x, y, r) => {
    const c = colours[Math.floor(r() * colours.length)];
    return i % 3 === 0
      ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(4 + r() * 5)}" fill="${c}"/>`
      : `<rect x="${f(x)}" y="${f(y)}" width="${f(8 + r() * 8)}" height="${f(4 + r() * 3)}" fill="${c}" transform="rotate(${f(r() * 180)} ${f(x)} ${f(y)})"/>`;
  });
}

function hamperArt() {
  const weave = Array.from({ length: 7 }, (_, i) => {
    const y = 30 + i * 28;
    return `<path d="M${-215 + i * 5} ${y} H ${215 - i * 5}" stroke="#a86b36" stroke-width="5"/>`;
  }).join('');
  const posts = Array.from({ length: 11 }, (_, i) => {
    const x = -190 + i * 38;
    return `<path d="M${x} 18 L ${f(x * 0.85)} 215" stroke="#b97a40" stroke-width="4" opacity="0.8"/>`;
  }).join('');
  const truffle = (x, y, c) =>
    `<circle cx="${x}" cy="${y}" r="26" fill="${c}"/><path d="M${x - 16} ${y - 8} q 16 -12 32 0" stroke="#f3d9b9" stroke-width="4" fill="none" opacity="0.7"/><circle cx="${x - 9}" cy="${y - 10}" r="5" fill="#ffffff" opacity="0.25"/>`;
  return `<path d="M-170 10 Q 0 -330 170 10" fill="none" stroke="#a86b36" stroke-width="22" stroke-linecap="round"/>
    <path d="M-170 10 Q 0 -330 170 10" fill="none" stroke="#c98b4e" stroke-width="10" stroke-linecap="round"/>
    ${at(-95, -95, 1, giftBox({ w: 120, h: 100, color: '#7c3aed', shade: '#4c1d95', ribbon: '#fbbf24' }), -8)}
    <rect x="10" y="-150" width="70" height="170" rx="8" fill="#5b3a29" transform="rotate(8 45 -60)"/>
    <rect x="10" y="-150" width="70" height="60" rx="8" fill="#d4a017" transform="rotate(8 45 -60)"/>
    <rect x="95" y="-110" width="64" height="130" rx="8" fill="#c2134d" transform="rotate(16 127 -45)"/>
    <rect x="95" y="-110" width="64" height="44" rx="8" fill="#f3d9b9" transform="rotate(16 127 -45)"/>
    ${at(-10, -20, 1, rose({ r: 30, color: '#d61f45', dark: '#8f0f2c' }))}
    ${at(-40, -5, 1, leaf({ len: 60, angle: 200, color: '#3f8f4f' }))}
    <path d="M-230 10 H 230 L 190 225 Q 0 245 -190 225 Z" fill="#c98b4e"/>
    ${posts}${weave}
    <path d="M-235 0 H 235 V 30 H -235 Z" fill="#a86b36"/>
    <path d="M-60 60 q -70 -50 -80 10 q 50 25 80 -10 Z M-20 60 q 70 -50 80 10 q -50 25 -80 -10 Z" fill="#c2134d"/>
    <circle cx="-40" cy="62" r="16" fill="#a30d40"/>
    ${truffle(255, 185, '#5b3a29')}${truffle(300, 205, '#3b2417')}${truffle(-265, 195, '#7a4b30')}`;
}

function pookalam(r) {
  const ring = (radius, count, color, size, ratio = 0.5, offset = 0) =>
    Array.from({ length: count }, (_, i) => {
      const a = offset + (360 / count) * i;
      return `<ellipse cx="0" cy="${f(-radius)}" rx="${f(size * ratio)}" ry="${f(size)}" fill="${color}" transform="rotate(${f(a)})"/>`;
    }).join('');
  return `<circle r="${r}" fill="#15803d"/>
    ${ring(r * 0.93, 40, '#fbbf24', r * 0.08, 0.7)}
    <circle r="${f(r * 0.86)}" fill="#f97316"/>
    ${ring(r * 0.78, 16, '#dc2626', r * 0.14, 0.55)}
    ${ring(r * 0.78, 16, '#fde68a', r * 0.06, 0.6, 11.25)}
    <circle r="${f(r * 0.62)}" fill="#fef3c7"/>
    ${ring(r * 0.5, 12, '#9333ea', r * 0.13, 0.5)}
    <circle r="${f(r * 0.4)}" fill="#facc15"/>
    ${ring(r * 0.3, 8, '#ffffff', r * 0.1, 0.55, 22.5)}
    <circle r="${f(r * 0.16)}" fill="#dc2626"/>
    <circle r="${f(r * 0.07)}" fill="#fde68a"/>`;
}

function bananaLeaf(len) {
  const ribs = Array.from({ length: 9 }, (_, i) => {
    const x = (len / 10) * (i + 1);
    return `<path d="M${f(x)} 0 L ${f(x + len * 0.06)} ${f(-len * 0.14)} M${f(x)} 0 L ${f(x + len * 0.06)} ${f(len * 0.14)}" stroke="#166534" stroke-width="3" opacity="0.5"/>`;
  }).join('');
  return `<path d="M0 0 Q ${f(len * 0.4)} ${f(-len * 0.28)} ${len} ${f(-len * 0.04)} Q ${f(len * 0.45)} ${f(len * 0.24)} 0 0 Z" fill="#22a04b"/>${ribs}<path d="M0 0 L ${len} ${f(-len * 0.04)}" stroke="#14532d" stroke-width="6"/>`;
}

function onamArt() {
  const marigold = (x, y, r) =>
    at(x, y, 1, petalFlower({ r, petals: 16, color: '#f59e0b', center: '#b45309', ratio: 0.25 }));
  return `${at(120, -40, 1, bananaLeaf(420), -25)}
    ${at(160, 120, 1, bananaLeaf(360), 20)}
    ${at(-20, 20, 1, pookalam(210))}
    ${marigold(-270, 170, 34)}${marigold(-300, -150, 26)}${marigold(250, -190, 28)}
    ${at(-250, -20, 1, petalFlower({ r: 22, petals: 6, color: '#ffffff', center: '#facc15', ratio: 0.4 }))}`;
}

/** Gift boxes and balloons: the banner for any occasion without art of its own, and for none. */
function giftsArt() {
  return `${at(40, -120, 1.05, balloons())}
    ${at(-185, 95, 1, giftBox({ w: 150, h: 120, color: '#7c3aed', shade: '#4c1d95', ribbon: '#fbbf24' }))}
    ${at(195, 115, 1, giftBox({ w: 130, h: 100, color: '#0d9488', shade: '#115e59', ribbon: '#fecdd3' }))}
    ${at(5, 45, 1, giftBox({ w: 220, h: 170, color: '#db2777', shade: '#9d174d', ribbon: '#fde68a' }))}
    <ellipse cx="0" cy="222" rx="300" ry="14" fill="#9d174d" opacity="0.12"/>`;
}

// ---------------------------------------------------------------- banners

const BANNERS = {
  'same-day-flowers': {
    bg: ['#fff5f7', '#ffe4ea', '#fbb6c8'],
    art: bouquetArt,
    extras: (w, h, rand) =>
      bokeh(rand, 14, { x: w * 0.45, y: 0, w: w * 0.55, h }) +
      scatter(rand, 22, { x: w * 0.4, y: 0, w: w * 0.6, h }, (_, x, y, r) =>
        at(x, y, 1, petal(r() > 0.5 ? '#f06a8d' : '#d61f45', 8 + r() * 8, r() * 180)),
      ),
  },
  cakes: {
    bg: ['#fffaf3', '#ffedd5', '#fdba8c'],
    art: cakeArt,
    extras: (w, h, rand) =>
      bunting(w, h * 0.02, rand) + confetti(rand, 40, { x: w * 0.45, y: h * 0.12, w: w * 0.55, h: h * 0.88 }),
  },
  'chocolates-hampers': {
    bg: ['#fdf8f1', '#f8e6cf', '#e2b98b'],
    art: hamperArt,
    extras: (w, h, rand) =>
      scatter(rand, 30, { x: w * 0.45, y: 0, w: w * 0.55, h }, (_, x, y, r) =>
        at(x, y, 1, sparkle(4 + r() * 9, r() > 0.4 ? '#d4a017' : '#ffffff')),
      ),
  },
  gifts: {
    bg: ['#fff7f9', '#fde2ec', '#f9a8c9'],
    art: giftsArt,
    extras: (w, h, rand) =>
      confetti(rand, 36, { x: w * 0.45, y: 0, w: w * 0.55, h }) +
      scatter(rand, 12, { x: w * 0.45, y: 0, w: w * 0.55, h }, (_, x, y, r) => at(x, y, 1, sparkle(5 + r() * 8))),
  },
  'onam-gifts': {
    bg: ['#fffdf2', '#fef3c7', '#fcd34d'],
    art: onamArt,
    extras: (w, h, rand) =>
      scatter(rand, 26, { x: w * 0.42, y: 0, w: w * 0.58, h }, (_, x, y, r) =>
        at(x, y, 1, petal(['#f59e0b', '#dc2626', '#f97316', '#ffffff'][Math.floor(r() * 4)], 7 + r() * 7, r() * 180)),
      ),
  },
};

function bannerSvg(slug, w, h, mobile) {
  const b = BANNERS[slug];
  const rand = random(slug.length * 97 + w);
  // The art sits on the right, leaving the left calm for the HTML headline.
  // The page shows desktop banners with object-position right, so the art keeps to the right
  // 450 px and stays clear of the headline even in a hero under 1000 px wide.
  const place = mobile ? { x: w * 0.7, y: h * 0.66, s: 0.64 } : { x: w - 240, y: h * 0.54, s: 0.72 };
  const defs = linear('bg', b.bg, 1, mobile ? 0.8 : 0.25);
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>${b.extras(w, h, rand)}${at(place.x, place.y, place.s, b.art())}`,
    defs,
  );
}

// ---------------------------------------------------------------- occasion tiles (400×400)

function house() {
  return `<rect x="-110" y="-20" width="220" height="150" rx="6" fill="#fb923c"/>
    <path d="M-140 -10 L0 -135 L140 -10 Z" fill="#b91c1c"/>
    <rect x="60" y="-115" width="26" height="60" fill="#7f1d1d"/>
    <rect x="-25" y="50" width="50" height="80" rx="4" fill="#7c2d12"/>
    <circle cx="15" cy="92" r="4" fill="#fde68a"/>
    <rect x="-90" y="15" width="45" height="40" rx="3" fill="#fef9c3"/>
    <rect x="45" y="15" width="45" height="40" rx="3" fill="#fef9c3"/>
    <path d="M-67 15 V55 M-90 35 H-45 M67 15 V55 M45 35 H90" stroke="#fb923c" stroke-width="4"/>
    ${at(0, -55, 0.35, heart('#e11d48'))}`;
}

function tulip(color, dark) {
  return `<path d="M-28 -10 Q -32 -60 -14 -70 L 0 -48 L 14 -70 Q 32 -60 28 -10 Q 0 12 -28 -10 Z" fill="${color}"/><path d="M0 -48 L 14 -70 Q 32 -60 28 -10 Q 10 4 0 0 Z" fill="${dark}" opacity="0.5"/>`;
}

function lily() {
  const petals = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M0 0 Q 22 -40 0 -95 Q -22 -40 0 0 Z" fill="#ffffff" stroke="#dbe7ef" stroke-width="2" transform="rotate(${i * 60})"/>`,
  ).join('');
  const stamens = Array.from(
    { length: 6 },
    (_, i) =>
      `<g transform="rotate(${i * 60 + 30})"><path d="M0 0 L0 -42" stroke="#84cc16" stroke-width="3"/><ellipse cy="-44" rx="4" ry="7" fill="#b45309"/></g>`,
  ).join('');
  return `${petals}<circle r="14" fill="#d9f99d"/>${stamens}`;
}

function balloons() {
  const b = (x, y, c) =>
    `<path d="M${x} ${y + 62} q -12 40 8 70 q 16 30 -4 70" fill="none" stroke="#6b7280" stroke-width="2"/><ellipse cx="${x}" cy="${y}" rx="48" ry="60" fill="${c}"/><path d="M${x - 8} ${y + 60} h16 l-8 10 Z" fill="${c}"/><ellipse cx="${x - 16}" cy="${y - 22}" rx="10" ry="16" fill="#ffffff" opacity="0.35"/>`;
  return b(-70, -60, '#f472b6') + b(60, -80, '#60a5fa') + b(0, -20, '#fbbf24');
}

function envelope() {
  return `<rect x="-120" y="-75" width="240" height="150" rx="10" fill="#ffffff"/>
    <path d="M-120 -65 L0 20 L120 -65" fill="none" stroke="#cbd5e1" stroke-width="6" stroke-linejoin="round"/>
    <path d="M-120 75 L-30 5 M120 75 L30 5" stroke="#e2e8f0" stroke-width="5"/>
    ${at(0, 18, 0.55, heart('#e11d48'))}`;
}

function popper() {
  const stripes = [0, 1, 2, 3]
    .map(
      (i) =>
        `<path d="M${-18 + i * 12} ${-8 + i * 36} L ${18 + i * 24} ${-38 + i * 36}" stroke="#fde68a" stroke-width="8"/>`,
    )
    .join('');
  return `<g transform="rotate(35)"><path d="M0 150 L -55 -30 L 55 -30 Z" fill="#7c3aed"/><clipPath id="cone"><path d="M0 150 L -55 -30 L 55 -30 Z"/></clipPath><g clip-path="url(#cone)">${stripes}</g><ellipse cx="0" cy="-30" rx="55" ry="14" fill="#a78bfa"/></g>`;
}

function rings() {
  return `<circle cx="-40" cy="20" r="70" fill="none" stroke="#d4a017" stroke-width="18"/>
    <circle cx="45" cy="20" r="70" fill="none" stroke="#eab308" stroke-width="18"/>
    <path d="M-40 -50 a70 70 0 0 1 55 27" fill="none" stroke="#d4a017" stroke-width="18"/>
    <path d="M-60 -80 L -40 -105 L -20 -80 L -40 -55 Z" fill="#e0f2fe" stroke="#7dd3fc" stroke-width="4"/>
    <path d="M-60 -80 H -20 M-40 -105 L -48 -80 L -40 -55 M-40 -105 L -32 -80 L -40 -55" stroke="#7dd3fc" stroke-width="2" fill="none"/>`;
}

function daisy(r) {
  return petalFlower({ r, petals: 12, color: '#ffffff', center: '#facc15', ratio: 0.26 });
}

const OCCASIONS = {
  'love-and-romance': {
    bg: ['#fff1f2', '#fecdd3'],
    draw: (rand) =>
      `${at(200, 190, 2.6, heart('#e11d48'))}${at(255, 270, 1, rose({ r: 48, color: '#be123c', dark: '#7f1d1d' }))}${at(215, 300, 1, leaf({ len: 70, angle: 150, color: '#3f8f4f' }))}` +
      scatter(rand, 7, { x: 40, y: 40, w: 320, h: 320 }, (_, x, y, r) =>
        at(x, y, 0.18 + r() * 0.2, heart('#fb7185'), r() * 40 - 20),
      ),
  },
  'weddings-and-engagements': {
    bg: ['#faf5ff', '#e9d5ff'],
    draw: (rand) =>
      at(200, 215, 1.15, rings()) +
      scatter(rand, 9, { x: 40, y: 40, w: 320, h: 320 }, (_, x, y, r) => at(x, y, 1, sparkle(6 + r() * 10, '#c084fc'))),
  },
  housewarming: {
    bg: ['#f0fdfa', '#99f6e4'],
    draw: () =>
      `<ellipse cx="200" cy="335" rx="170" ry="20" fill="#5eead4"/>${at(190, 215, 1, house())}${at(330, 300, 1, `<rect x="-22" y="0" width="44" height="40" rx="6" fill="#b45309"/>${leaf({ len: 60, angle: -70, color: '#15803d' })}${leaf({ len: 55, angle: -120, color: '#16a34a' })}${leaf({ len: 45, angle: -30, color: '#22c55e' })}`)}`,
  },
  congratulations: {
    bg: ['#fefce8', '#fde68a'],
    draw: (rand) =>
      at(150, 250, 1, popper()) +
      confetti(rand, 34, { x: 170, y: 40, w: 200, h: 200 }) +
      scatter(rand, 5, { x: 200, y: 50, w: 150, h: 150 }, (_, x, y, r) =>
        at(x, y, 1, sparkle(10 + r() * 12, '#f59e0b')),
      ),
  },
  'mothers-day': {
    bg: ['#fdf2f8', '#fbcfe8'],
    draw: () => {
      const stems = [
        [-60, -20, -18, '#ec4899', '#be185d'],
        [0, -60, 0, '#f472b6', '#db2777'],
        [60, -20, 18, '#db2777', '#9d174d'],
        [-30, 10, -8, '#f9a8d4', '#ec4899'],
        [30, 10, 8, '#fb7185', '#e11d48'],
      ];
      return at(
        200,
        190,
        1,
        `${stems.map(([x, y]) => `<path d="M${x} ${y} Q ${x * 0.4} ${y + 80} 0 150" stroke="#15803d" stroke-width="7" fill="none"/>`).join('')}
        ${leaf({ len: 80, angle: 200, color: '#16a34a' })}${leaf({ len: 80, angle: -20, color: '#16a34a' })}
        ${stems.map(([x, y, a, c, d]) => at(x, y, 1, tulip(c, d), a)).join('')}
        <path d="M-26 112 q -40 -25 -46 8 q 25 12 46 -8 Z M26 112 q 40 -25 46 8 q -25 12 -46 -8 Z" fill="#7c3aed"/><circle cx="0" cy="112" r="11" fill="#6d28d9"/>`,
      );
    },
  },
  'sympathy-and-support': {
    bg: ['#f0f9ff', '#cbd5e1'],
    draw: () =>
      `${at(200, 300, 1, leaf({ len: 130, angle: 215, color: '#4d7c0f' }) + leaf({ len: 130, angle: -35, color: '#4d7c0f' }) + leaf({ len: 110, angle: -90, color: '#65a30d' }))}${at(150, 170, 0.9, lily())}${at(265, 225, 0.75, lily(), 20)}`,
  },
  birthday: {
    bg: ['#f5f3ff', '#c4b5fd'],
    draw: (rand) =>
      at(200, 170, 1, balloons()) + confetti(rand, 18, { x: 30, y: 40, w: 340, h: 320 }) + at(290, 320, 0.3, cakeArt()),
  },
  apologies: {
    bg: ['#f0fdf4', '#bbf7d0'],
    draw: () =>
      `${at(200, 215, 1, envelope(), -6)}${at(95, 110, 1, daisy(44))}${at(310, 320, 1, daisy(40))}${at(320, 115, 1, daisy(28))}${at(80, 310, 1, daisy(26))}`,
  },
};

function occasionSvg(slug) {
  const o = OCCASIONS[slug];
  return svg(
    400,
    400,
    `<rect width="400" height="400" fill="url(#bg)"/>${o.draw(random(slug.length * 31))}`,
    linear('bg', o.bg, 1, 1),
  );
}

// ---------------------------------------------------------------- recipient tiles (800×400)

function watch() {
  return `<rect x="-32" y="-150" width="64" height="300" rx="18" fill="#78350f"/>
    <circle r="78" fill="#cbd5e1"/><circle r="64" fill="#0f172a"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="-2" y="-58" width="4" height="${i % 3 ? 8 : 14}" fill="#e2e8f0" transform="rotate(${i * 30})"/>`).join('')}
    <path d="M0 0 L0 -42 M0 0 L30 12" stroke="#fbbf24" stroke-width="5" stroke-linecap="round"/><circle r="6" fill="#fbbf24"/>`;
}

function bowTie() {
  return `<path d="M0 0 L-80 -45 Q -95 0 -80 45 Z M0 0 L80 -45 Q 95 0 80 45 Z" fill="#dc2626"/><rect x="-16" y="-20" width="32" height="40" rx="8" fill="#991b1b"/>`;
}

function perfume() {
  return `<rect x="-22" y="-150" width="44" height="40" rx="6" fill="#d4a017"/>
    <rect x="-12" y="-115" width="24" height="20" fill="#e5e7eb"/>
    <rect x="-85" y="-98" width="170" height="190" rx="40" fill="#f9a8d4" opacity="0.9"/>
    <rect x="-62" y="-40" width="124" height="110" rx="28" fill="#ec4899" opacity="0.6"/>
    <rect x="-70" y="-85" width="22" height="120" rx="11" fill="#ffffff" opacity="0.45"/>`;
}

const RECIPIENT_TILES = {
  'for-him': {
    bg: ['#0f2744', '#1e3a5f', '#2c5282'],
    draw: (rand) =>
      bokeh(rand, 10, { x: 380, y: 0, w: 420, h: 400 }, '#93c5fd') +
      at(520, 240, 1, giftBox({ w: 150, h: 120, color: '#2563eb', shade: '#1e3a8a', ribbon: '#e2e8f0' })) +
      at(680, 200, 0.85, watch(), 15) +
      at(600, 90, 0.6, bowTie(), -10),
  },
  'for-her': {
    bg: ['#fff5f8', '#fce7f3', '#f9a8d4'],
    draw: (rand) =>
      bokeh(rand, 10, { x: 380, y: 0, w: 420, h: 400 }) +
      at(690, 230, 0.9, perfume()) +
      at(520, 250, 1, giftBox({ w: 140, h: 110, color: '#c2134d', shade: '#7f1d1d', ribbon: '#fbbf24' })) +
      at(560, 110, 1, rose({ r: 42, color: '#e11d48', dark: '#9f1239' })) +
      at(620, 80, 1, rose({ r: 34, color: '#f9a8c0', dark: '#d45b81' })) +
      at(600, 140, 1, leaf({ len: 60, angle: 30, color: '#3f8f4f' })),
  },
};

function recipientSvg(slug) {
  const t = RECIPIENT_TILES[slug];
  return svg(
    800,
    400,
    `<rect width="800" height="400" fill="url(#bg)"/>${t.draw(random(slug.length * 13))}`,
    linear('bg', t.bg, 1, 0.4),
  );
}

// ---------------------------------------------------------------- promo video frames (640×360)

const VIDEO = { w: 640, h: 360, fps: 24, frames: 96 };

/** One frame at loop position t in [0, 1): every motion is periodic in t so the loop is seamless. */
function videoFrameSvg(t) {
  const { w, h } = VIDEO;
  const tau = Math.PI * 2;
  const open = (1 - Math.cos(tau * t)) / 2;
  const rand = random(2024);
  const petals = Array.from({ length: 22 }, (_, i) => {
    const x0 = rand() * w;
    const y0 = rand() * (h + 60);
    const size = 6 + rand() * 9;
    const color = ['#f06a8d', '#d61f45', '#fbcfe8', '#fbbf24'][i % 4];
    const laps = 1 + (i % 2);
    const y = ((y0 + t * laps * (h + 60)) % (h + 60)) - 30;
    const x = x0 + Math.sin(tau * (t + i / 7)) * 24;
    return at(x, y, 1, petal(color, size, rand() * 180 + t * 360 * laps));
  }).join('');
  const box = {
    w: 170,
    h: 100,
    color: '#c2134d',
    shade: '#5c0a26',
    ribbon: '#fbbf24',
    lidLift: open * 40,
    lidTilt: open * 28,
  };
  const rise = open * 80;
  const blooms = [
    [-40, '#d61f45', '#8f0f2c', -14],
    [0, '#f06a8d', '#b92f57', 0],
    [40, '#fbcfe8', '#d45b81', 14],
  ]
    .map(([x, c, d, a], i) => {
      const top = -30 - rise - (i === 1 ? 20 : 0);
      const mid = (10 + top) / 2;
      const sprout = at(
        x + a / 2,
        mid,
        0.3 + open * 0.7,
        leaf({ len: 34, angle: i === 0 ? 200 : -20, color: '#3f8f4f' }),
      );
      return `<path d="M${x} 10 L ${x + a} ${f(top)}" stroke="#2f7a40" stroke-width="6"/>${sprout}${at(x + a, top, 0.35 + open * 0.65, rose({ r: 28, color: c, dark: d }))}`;
    })
    .join('');
  const glow = `<circle cx="320" cy="200" r="${f(80 + open * 60)}" fill="#fde68a" opacity="${f(0.15 + open * 0.35)}"/>`;
  const twinkles = [
    [220, 120, 0],
    [430, 110, 0.33],
    [470, 220, 0.66],
    [170, 230, 0.5],
  ]
    .map(([x, y, p]) => at(x, y, 0.4 + 0.6 * ((1 + Math.sin(tau * (t + p))) / 2), sparkle(14, '#fbbf24')))
    .join('');
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(random(5), 10, { x: 0, y: 0, w, h })}${glow}${twinkles}
     <ellipse cx="320" cy="336" rx="120" ry="8" fill="#5c0a26" opacity="0.12"/>
     ${at(320, 230, 1, giftBox({ ...box, part: 'lid' }))}
     ${at(320, 230, 1, blooms)}
     ${at(320, 230, 1, giftBox({ ...box, part: 'body' }))}
     ${petals}`,
    radial('bg', '#fff7f9', '#fbcfe0'),
  );
}

async function makeVideo() {
  const poster = path.join(mediaDir, 'subscribe-and-save-poster.webp');
  await sharp(Buffer.from(videoFrameSvg(0)))
    .webp(WEBP)
    .toFile(poster);
  const ffmpeg = (() => {
    try {
      execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  if (!ffmpeg) {
    console.warn('ffmpeg not found: kept the committed promo video, wrote only its poster');
    return [poster];
  }
  const frames = await mkdtemp(path.join(tmpdir(), 'promo-frames-'));
  try {
    for (let i = 0; i < VIDEO.frames; i++) {
      await sharp(Buffer.from(videoFrameSvg(i / VIDEO.frames)))
        .png()
        .toFile(path.join(frames, `f${String(i).padStart(3, '0')}.png`));
    }
    // bitexact keeps random ids and encoder tags out of the files, so a rerun changes no bytes.
    const input = [
      ...['-y', '-loglevel', 'error', '-framerate', String(VIDEO.fps), '-i', path.join(frames, 'f%03d.png')],
      ...['-fflags', '+bitexact', '-flags:v', '+bitexact'],
    ];
    const webm = path.join(mediaDir, 'subscribe-and-save.webm');
    const mp4 = path.join(mediaDir, 'subscribe-and-save.mp4');
    execFileSync('ffmpeg', [
      ...input,
      '-c:v',
      'libvpx-vp9',
      '-crf',
      '40',
      '-b:v',
      '0',
      '-pix_fmt',
      'yuv420p',
      '-an',
      webm,
    ]);
    execFileSync('ffmpeg', [
      ...input,
      ...['-c:v', 'libx264', '-crf', '30', '-preset', 'veryslow', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+faststart', '-an', mp4],
    ]);
    return [poster, webm, mp4];
  } finally {
    await rm(frames, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- main

async function main() {
  await mkdir(imagesDir, { recursive: true });
  await mkdir(mediaDir, { recursive: true });
  const outputs = [];
  const write = async (name, markup) => {
    const file = path.join(imagesDir, name);
    await sharp(Buffer.from(markup)).webp(WEBP).toFile(file);
    outputs.push(file);
  };
  for (const slug of Object.keys(BANNERS)) {
    await write(`banner-${slug}-desktop.webp`, bannerSvg(slug, 1600, 480, false));
    await write(`banner-${slug}-mobile.webp`, bannerSvg(slug, 800, 600, true));
  }
  for (const slug of Object.keys(OCCASIONS)) await write(`occasion-${slug}.webp`, occasionSvg(slug));
  for (const slug of Object.keys(RECIPIENT_TILES)) await write(`${slug}.webp`, recipientSvg(slug));
  outputs.push(...(await makeVideo()));
  for (const file of outputs) {
    const { size } = await stat(file);
    console.log(`${path.relative(webRoot, file)}  ${(size / 1024).toFixed(1)} KB`);
  }
}

await main();
