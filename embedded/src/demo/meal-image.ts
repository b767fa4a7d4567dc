import sharp from 'sharp';
import type { DishLook } from './meals';

/**
 * Draws a dish as an SVG still life (table, napkin, cutlery, the dish seen from above) and renders
 * it to an 800×600 image with sharp. Everything is made here, from the dish's colours and a seed:
 * the demo data never downloads a picture.
 */
const WIDTH = 800;
const HEIGHT = 600;

/** A small deterministic PRNG (mulberry32): the same title always draws the same picture. */
function random(seedText: string) {
  let seed = [...seedText].reduce((hash, character) => Math.imul(hash ^ character.charCodeAt(0), 16777619), 2166136261) >>> 0;
  const next = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low: number, high: number) => low + next() * (high - low),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof random>;

const TABLES = [
  ['#8d5a2b', '#5b3416'],
  ['#b07d4f', '#7a4b24'],
  ['#d9cbb5', '#a89478'],
  ['#4e5d6c', '#2c3740'],
] as const;
const NAPKINS = ['#e8d5b5', '#c9dbe8', '#e6c3c3', '#cfe3c8'] as const;
const GLAZES = ['#fbfaf7', '#f2efe8', '#c96f4a', '#2f5d8a', '#e9e4d8'] as const;

/** A rounded blob around (cx, cy): a mound of rice, a pool of curry. */
function blob(rng: Random, cx: number, cy: number, rx: number, ry: number, points = 10): string {
  const corners = Array.from({ length: points }, (_, index) => {
    const angle = (index / points) * Math.PI * 2;
    const wobble = rng.between(0.86, 1.08);
    return [cx + Math.cos(angle) * rx * wobble, cy + Math.sin(angle) * ry * wobble] as const;
  });
  const mid = (a: readonly [number, number], b: readonly [number, number]) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as const;
  const start = mid(corners[points - 1]!, corners[0]!);
  const curves = corners.map((corner, index) => {
    const end = mid(corner, corners[(index + 1) % points]!);
    return `Q${corner[0].toFixed(1)} ${corner[1].toFixed(1)} ${end[0].toFixed(1)} ${end[1].toFixed(1)}`;
  });
  return `M${start[0].toFixed(1)} ${start[1].toFixed(1)} ${curves.join(' ')}Z`;
}

function pieces(rng: Random, colours: readonly string[], cx: number, cy: number, rx: number, ry: number, count: number): string {
  return Array.from({ length: count }, () => {
    const angle = rng.between(0, Math.PI * 2);
    const distance = Math.sqrt(rng.next());
    const x = cx + Math.cos(angle) * rx * distance;
    const y = cy + Math.sin(angle) * ry * distance;
    const size = rng.between(9, 22);
    const colour = rng.pick(colours);
    const shape = rng.next();
    if (shape < 0.45)
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(size * 0.7).toFixed(1)}" fill="${colour}" stroke="#00000022" stroke-width="2"/>`;
    if (shape < 0.8)
      return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${size.toFixed(1)}" ry="${(size * 0.6).toFixed(1)}" transform="rotate(${rng.between(0, 180).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${colour}" stroke="#00000022" stroke-width="2"/>`;
    return `<rect x="${(x - size / 2).toFixed(1)}" y="${(y - size / 2).toFixed(1)}" width="${size.toFixed(1)}" height="${(size * 0.8).toFixed(1)}" rx="4" transform="rotate(${rng.between(0, 90).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${colour}" stroke="#00000022" stroke-width="2"/>`;
  }).join('');
}

function leaves(rng: Random, colour: string | undefined, cx: number, cy: number, rx: number, ry: number): string {
  if (!colour) return '';
  return Array.from({ length: 7 }, () => {
    const x = cx + rng.between(-rx, rx) * 0.8;
    const y = cy + rng.between(-ry, ry) * 0.8;
    const turn = rng.between(0, 360).toFixed(0);
    return `<path d="M${x} ${y} q10 -16 22 0 q-10 14 -22 0z" fill="${colour}" transform="rotate(${turn} ${x} ${y})"/>`;
  }).join('');
}

function plate(rng: Random, look: DishLook): string {
  const glaze = rng.pick(GLAZES.slice(0, 2));
  return `<ellipse cx="420" cy="330" rx="262" ry="212" fill="#00000033"/>
  <ellipse cx="410" cy="310" rx="260" ry="210" fill="${glaze}" stroke="#d8d2c6" stroke-width="3"/>
  <ellipse cx="410" cy="310" rx="196" ry="158" fill="#00000010"/>
  <path d="${blob(rng, 400, 305, 150, 115)}" fill="${look.base}"/>
  <path d="${blob(rng, 385, 290, 90, 60)}" fill="#ffffff" opacity=".18"/>
  ${pieces(rng, look.toppings, 400, 305, 120, 90, 14)}
  ${leaves(rng, look.garnish, 400, 305, 120, 90)}`;
}

function bowl(rng: Random, look: DishLook): string {
  const glaze = rng.pick(GLAZES);
  return `<ellipse cx="425" cy="335" rx="238" ry="200" fill="#00000040"/>
  <ellipse cx="410" cy="310" rx="232" ry="196" fill="${glaze}" stroke="#00000022" stroke-width="3"/>
  <ellipse cx="410" cy="310" rx="196" ry="162" fill="#00000026"/>
  <ellipse cx="410" cy="314" rx="186" ry="152" fill="${look.base}"/>
  <ellipse cx="380" cy="280" rx="110" ry="70" fill="#ffffff" opacity=".16"/>
  ${pieces(rng, look.toppings, 410, 314, 150, 118, 16)}
  ${leaves(rng, look.garnish, 410, 314, 150, 118)}
  <g fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity=".35">
    <path d="M360 130 q-20 -30 0 -60 q20 -30 0 -60"/><path d="M430 140 q-20 -30 0 -60 q20 -30 0 -60"/>
  </g>`;
}

function stack(rng: Random, look: DishLook): string {
  const layers = Array.from({ length: 4 }, (_, index) => {
    const y = 360 - index * 34;
    return `<ellipse cx="410" cy="${y + 12}" rx="170" ry="70" fill="#00000030"/><ellipse cx="410" cy="${y}" rx="170" ry="70" fill="${look.base}" stroke="#8a5a2b" stroke-width="3"/>`;
  }).join('');
  return `<ellipse cx="420" cy="390" rx="262" ry="150" fill="#00000033"/>
  <ellipse cx="410" cy="370" rx="260" ry="148" fill="${rng.pick(GLAZES.slice(0, 2))}" stroke="#d8d2c6" stroke-width="3"/>
  ${layers}
  <path d="${blob(rng, 410, 258, 120, 46, 8)}" fill="#7a3f0c" opacity=".55"/>
  ${pieces(rng, look.toppings, 410, 258, 110, 40, 9)}`;
}

function flatbread(rng: Random, look: DishLook): string {
  const spots = Array.from(
    { length: 18 },
    () =>
      `<circle cx="${rng.between(250, 570).toFixed(0)}" cy="${rng.between(170, 450).toFixed(0)}" r="${rng.between(4, 10).toFixed(0)}" fill="#5b2c06" opacity=".35"/>`,
  ).join('');
  return `<rect x="120" y="90" width="580" height="440" rx="60" fill="#a9743f" stroke="#7a4f24" stroke-width="6"/>
  <rect x="130" y="100" width="560" height="420" rx="54" fill="#00000010"/>
  <ellipse cx="420" cy="320" rx="208" ry="178" fill="#00000033"/>
  <path d="${blob(rng, 410, 308, 205, 172, 14)}" fill="${look.base}" stroke="#00000030" stroke-width="4"/>
  ${spots}
  ${pieces(rng, look.toppings, 410, 308, 160, 130, 18)}
  ${leaves(rng, look.garnish, 410, 308, 160, 130)}`;
}

const draw = { plate, bowl, stack, flatbread } as const;

export function mealSvg(title: string, look: DishLook): string {
  const rng = random(title);
  const [light, dark] = rng.pick(TABLES);
  const grain = Array.from({ length: 14 }, (_, index) => {
    const y = index * 45 + rng.between(0, 20);
    return `<path d="M0 ${y.toFixed(0)} C200 ${(y + rng.between(-15, 15)).toFixed(0)} 600 ${(y + rng.between(-15, 15)).toFixed(0)} 800 ${y.toFixed(0)}" stroke="${dark}" stroke-width="2" opacity=".25" fill="none"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><radialGradient id="light" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="#ffffff" stop-opacity=".22"/><stop offset="1" stop-color="#000000" stop-opacity=".28"/></radialGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="${light}"/>
  ${grain}
  <rect x="600" y="-40" width="230" height="300" rx="10" transform="rotate(14 715 110)" fill="${rng.pick(NAPKINS)}"/>
  <g fill="#c9ccd1" stroke="#8f949b" stroke-width="2">
    <rect x="708" y="250" width="14" height="260" rx="7"/><rect x="742" y="250" width="12" height="260" rx="6"/>
    <path d="M735 200 v60 M745 200 v60 M755 200 v60" fill="none"/>
  </g>
  ${draw[look.kind](rng, look)}
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>
</svg>`;
}

/** The dish as a JPEG (the media store re-encodes it to WebP like any upload). */
export function mealImage(title: string, look: DishLook): Promise<Buffer> {
  return sharp(Buffer.from(mealSvg(title, look)))
    .jpeg({ quality: 86 })
    .toBuffer();
}
