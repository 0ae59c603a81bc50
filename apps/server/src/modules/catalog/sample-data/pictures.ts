import { loadSharp } from '../../storage/images.js';
import { DERIVATIVE_WIDTHS, IMAGE_MAX_SIDE, THUMB_SIDE, type RenderedImage } from '../images/files.js';
import { SAMPLE_PRODUCTS, type Pictogram } from './catalog.js';

/**
 * Sample product pictures are drawn here (a gradient and a simple white pictogram) and encoded with
 * sharp: nothing is downloaded and no binary files ship with the code.
 */
const stroke = (width = 36, colour = '#fff', opacity = 1) =>
  `fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const S = stroke();
const F = 'fill="#fff" fill-opacity="0.92"';

const PICTOGRAMS: Record<Pictogram, string> = {
  headphones: `<path ${S} d="M300 560v-80a200 200 0 0 1 400 0v80"/><rect ${F} x="250" y="540" width="110" height="180" rx="40"/><rect ${F} x="640" y="540" width="110" height="180" rx="40"/>`,
  phone: `<rect ${F} x="360" y="230" width="280" height="540" rx="48"/><rect fill="#000" fill-opacity="0.18" x="390" y="290" width="220" height="400" rx="16"/><circle fill="#000" fill-opacity="0.25" cx="500" cy="730" r="16"/>`,
  watch: `<rect ${F} x="430" y="200" width="140" height="600" rx="40"/><circle fill="#fff" cx="500" cy="500" r="170"/><circle fill="#000" fill-opacity="0.15" cx="500" cy="500" r="130"/><path ${stroke(20, '#111', 0.5)} d="M500 500v-80M500 500l60 40"/>`,
  tshirt: `<path ${F} d="M390 250h220l170 110-70 120-80-45v335H370V435l-80 45-70-120z"/>`,
  hoodie: `<path ${F} d="M400 240q100-70 200 0l180 130-70 120-70-40v340H360V450l-70 40-70-120z"/><path ${stroke(24, '#000', 0.2)} d="M430 260q70 90 140 0M430 640h140"/>`,
  jeans: `<path ${F} d="M350 220h300l40 560H540l-40-380-40 380H310z"/><path ${stroke(16, '#000', 0.2)} d="M350 280h300"/>`,
  moka: `<path ${F} d="M380 470h240l-40 300H420z"/><path ${F} d="M400 250h200l20 200H380z"/><rect ${F} x="470" y="200" width="60" height="40" rx="10"/><path ${S} d="M620 300q90 20 60 140"/>`,
  pan: `<circle fill="#fff" fill-opacity="0.92" cx="430" cy="520" r="220"/><circle fill="#000" fill-opacity="0.15" cx="430" cy="520" r="170"/><path ${stroke(60, '#fff', 1)} d="M640 450l170-110"/>`,
  lamp: `<path ${F} d="M380 220h240l80 260H300z"/><path ${S} d="M500 480v240"/><rect ${F} x="380" y="720" width="240" height="60" rx="24"/>`,
  mat: `<rect ${F} x="220" y="520" width="520" height="160" rx="20"/><circle fill="#fff" cx="740" cy="540" r="120"/><circle fill="#000" fill-opacity="0.15" cx="740" cy="540" r="60"/>`,
  bottle: `<rect ${F} x="400" y="300" width="200" height="480" rx="70"/><rect ${F} x="440" y="210" width="120" height="80" rx="20"/><rect fill="#000" fill-opacity="0.15" x="400" y="460" width="200" height="90"/>`,
  book: `<rect ${F} x="300" y="220" width="400" height="560" rx="24"/><rect fill="#000" fill-opacity="0.2" x="300" y="220" width="60" height="560" rx="12"/><path ${stroke(20, '#000', 0.25)} d="M420 340h200M420 400h160"/>`,
};

function svgOf(pictogram: Pictogram, [from, to]: [string, string], detail: boolean): string {
  // The second picture of a product is a closer, tilted view of the same pictogram.
  const transform = detail ? 'translate(500 500) scale(1.35) rotate(-12) translate(-500 -500)' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1000" height="1000" fill="url(#g)"/>
  <circle cx="820" cy="180" r="220" fill="#fff" fill-opacity="0.08"/><circle cx="150" cy="880" r="260" fill="#fff" fill-opacity="0.06"/>
  <g transform="${transform}">${PICTOGRAMS[pictogram]}</g>
</svg>`;
}

/** One picture: the SVG drawn once, then every size encoded from it side by side (two trips through libuv's pool, not five). */
async function render(pictogram: Pictogram, palette: [string, string], index: number): Promise<RenderedImage> {
  const side = Math.min(1000, IMAGE_MAX_SIDE);
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svgOf(pictogram, palette, index > 0)))
    .resize(side)
    .png()
    .toBuffer();
  const widths = DERIVATIVE_WIDTHS.filter((w) => w < side);
  const [full, thumb, ...copies] = await Promise.all([
    sharp(png).webp({ quality: 82 }).toBuffer(),
    sharp(png).resize(THUMB_SIDE, THUMB_SIDE).webp({ quality: 80 }).toBuffer(),
    ...widths.map((width) => sharp(png).resize({ width }).webp({ quality: 82, effort: 4 }).toBuffer()),
  ]);
  return { full: full!, thumb: thumb!, width: side, height: side, derivatives: widths.map((width, i) => ({ width, body: copies[i]! })) };
}

let rendered: Promise<RenderedImage[][]> | undefined;

/**
 * Every sample picture (WebP within IMAGE_MAX_SIDE, card thumbnail, smaller copies), per product in
 * catalogue order, rendered once per process. All pictures are rendered at once: one after the
 * other they were ~100 trips in a row through libuv's 4 pool threads, each queued behind whatever
 * else waited there (sign-in hashing, file writes), and under load the first run never answered.
 */
export function samplePictures(): Promise<RenderedImage[][]> {
  if (!rendered) {
    rendered = Promise.all(SAMPLE_PRODUCTS.map((p) => Promise.all(p.palettes.map((palette, i) => render(p.pictogram, palette, i)))));
    rendered.catch(() => (rendered = undefined));
  }
  return rendered;
}
