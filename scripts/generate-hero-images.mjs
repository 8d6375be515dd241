#!/usr/bin/env node
// Renders the home page's three hero slides (1600x700) as SVG art and encodes them to WebP with
// sharp. Nothing is downloaded; the output is committed, so a fresh clone never needs to run
// this. Re-run after changing the art:
//
//   node scripts/generate-hero-images.mjs
//
// Style: calm, abstract, in the brand's teal with one warm companion colour per slide. The left
// ~45% stays quiet because the slide's headline is HTML laid over it; no text is drawn here.
// Shapes are smooth and few so each file stays small (the first slide is the page's LCP image).

import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(root, "public/images/hero");
const WIDTH = 1600;
const HEIGHT = 700;
const MAX_BYTES = 60 * 1024;
const WEBP = { quality: 74, effort: 6, smartSubsample: true };

const BRAND = { 50: "#effaf7", 100: "#d7f2ea", 200: "#b0e4d6", 500: "#1d9a7e", 600: "#127d66", 700: "#0f6553" };

/** A soft light behind the motif: a big blurred circle. */
const glow = (cx, cy, r, colour, opacity = 0.7) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" opacity="${opacity}" filter="url(#soft)"/>`;

/** A capsule (two-tone pill) centred on (cx, cy), rotated by `angle` degrees. */
function capsule(cx, cy, length, thickness, angle, left, right) {
  const r = thickness / 2;
  const half = length / 2;
  return `<g transform="translate(${cx} ${cy}) rotate(${angle})" filter="url(#shadow)">
    <path d="M0 ${-r} H${-half + r} A${r} ${r} 0 0 0 ${-half + r} ${r} H0 Z" fill="${left}"/>
    <path d="M0 ${-r} H${half - r} A${r} ${r} 0 0 1 ${half - r} ${r} H0 Z" fill="${right}"/>
    <rect x="${-half + r * 0.6}" y="${-r * 0.62}" width="${length - r * 1.6}" height="${r * 0.34}" rx="${r * 0.17}" fill="#ffffff" opacity="0.45"/>
  </g>`;
}

/** A leaf pointing along `angle`, base at (x, y). */
function leaf(x, y, size, angle, fill, opacity = 1) {
  const s = size;
  return `<g transform="translate(${x} ${y}) rotate(${angle})" opacity="${opacity}">
    <path d="M0 0 C ${s * 0.35} ${-s * 0.32}, ${s * 0.8} ${-s * 0.3}, ${s} 0 C ${s * 0.8} ${s * 0.3}, ${s * 0.35} ${s * 0.32}, 0 0 Z" fill="${fill}"/>
    <path d="M${s * 0.08} 0 L${s * 0.86} 0" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${Math.max(2, s * 0.025)}" stroke-linecap="round"/>
  </g>`;
}

/** A four-pointed sparkle. */
const sparkle = (x, y, r, fill, opacity = 0.9) =>
  `<path transform="translate(${x} ${y})" opacity="${opacity}" fill="${fill}" d="M0 ${-r} C ${r * 0.12} ${-r * 0.12}, ${r * 0.12} ${-r * 0.12}, ${r} 0 C ${r * 0.12} ${r * 0.12}, ${r * 0.12} ${r * 0.12}, 0 ${r} C ${-r * 0.12} ${r * 0.12}, ${-r * 0.12} ${r * 0.12}, ${-r} 0 C ${-r * 0.12} ${-r * 0.12}, ${-r * 0.12} ${-r * 0.12}, 0 ${-r} Z"/>`;

/** A bubble with a highlight. */
const bubble = (cx, cy, r, fill, opacity = 0.85) => `<g opacity="${opacity}">
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>
    <ellipse cx="${cx - r * 0.35}" cy="${cy - r * 0.4}" rx="${r * 0.28}" ry="${r * 0.18}" transform="rotate(-30 ${cx - r * 0.35} ${cy - r * 0.4})" fill="#ffffff" opacity="0.6"/>
  </g>`;

function frame({ from, to, body }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.35">
      <stop offset="0" stop-color="${from}"/><stop offset="0.45" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="70"/></filter>
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="180%">
      <feDropShadow dx="0" dy="14" stdDeviation="14" flood-color="#0b3f36" flood-opacity="0.16"/>
    </filter>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  ${body}
</svg>`;
}

/** Women care: a blossom of translucent petals in teal and blush, with leaves. */
function womenCare() {
  const petals = Array.from({ length: 8 }, (_, i) => {
    const angle = i * 45;
    const fill = i % 2 === 0 ? "url(#petalPink)" : "url(#petalTeal)";
    return `<ellipse cx="0" cy="-120" rx="70" ry="130" fill="${fill}" opacity="0.78" transform="rotate(${angle})"/>`;
  }).join("");
  return frame({
    from: "#f5fbf9",
    to: "#fbe3ec",
    body: `
  <defs>
    <linearGradient id="petalPink" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4b6cb"/><stop offset="1" stop-color="#fbe3ec"/></linearGradient>
    <linearGradient id="petalTeal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BRAND[200]}"/><stop offset="1" stop-color="${BRAND[50]}"/></linearGradient>
  </defs>
  ${glow(1180, 340, 330, "#f7c6d7", 0.75)}
  ${glow(1480, 620, 220, BRAND[200], 0.6)}
  <circle cx="1160" cy="350" r="270" fill="none" stroke="${BRAND[200]}" stroke-width="3" opacity="0.9"/>
  <circle cx="1160" cy="350" r="318" fill="none" stroke="#f4b6cb" stroke-width="2" stroke-dasharray="2 14" stroke-linecap="round"/>
  <g transform="translate(1160 350)" filter="url(#shadow)">${petals}
    <circle r="56" fill="#ffffff" opacity="0.95"/>
    <circle r="34" fill="${BRAND[500]}" opacity="0.85"/>
  </g>
  ${leaf(930, 560, 170, -28, BRAND[500], 0.85)}
  ${leaf(960, 600, 120, 8, BRAND[200])}
  ${leaf(1390, 140, 130, -150, "#e58fae", 0.7)}
  ${sparkle(1440, 520, 22, BRAND[500], 0.6)}
  ${sparkle(880, 170, 16, "#e58fae", 0.7)}
  ${sparkle(1500, 290, 12, BRAND[500], 0.5)}`,
  });
}

/** Sports nutrition: flowing ribbons of energy in teal and sky blue, with floating capsules. */
function sportsNutrition() {
  const ribbon = (d, width, stroke, opacity) =>
    `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" opacity="${opacity}"/>`;
  return frame({
    from: "#f4fbf9",
    to: "#d9e9fb",
    body: `
  <defs>
    <linearGradient id="ribbonA" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${BRAND[200]}"/><stop offset="1" stop-color="${BRAND[500]}"/></linearGradient>
    <linearGradient id="ribbonB" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#cfe0f7"/><stop offset="1" stop-color="#5b8ede"/></linearGradient>
  </defs>
  ${glow(1250, 300, 320, "#bcd6f6", 0.8)}
  ${glow(900, 640, 200, BRAND[100], 0.8)}
  ${ribbon("M760 620 C 980 560, 1060 300, 1300 280 S 1560 180, 1700 60", 70, "url(#ribbonA)", 0.55)}
  ${ribbon("M820 700 C 1040 620, 1120 420, 1340 390 S 1580 300, 1720 220", 42, "url(#ribbonB)", 0.6)}
  ${ribbon("M880 740 C 1100 690, 1200 520, 1400 500 S 1600 430, 1740 380", 18, BRAND[500], 0.35)}
  <circle cx="1290" cy="280" r="118" fill="none" stroke="#ffffff" stroke-width="10" opacity="0.7"/>
  <circle cx="1290" cy="280" r="160" fill="none" stroke="${BRAND[200]}" stroke-width="3" opacity="0.9"/>
  ${capsule(1120, 190, 190, 66, -32, BRAND[500], "#ffffff")}
  ${capsule(1440, 470, 160, 56, 24, "#5b8ede", "#ffffff")}
  ${capsule(1020, 470, 120, 42, 58, BRAND[600], BRAND[100])}
  ${bubble(1300, 280, 46, BRAND[500], 0.8)}
  ${sparkle(1520, 150, 18, "#5b8ede", 0.7)}
  ${sparkle(930, 300, 14, BRAND[500], 0.6)}`,
  });
}

/** Kids nutrition: playful bubbles and sparkles over soft hills, warm yellow and teal. */
function kidsNutrition() {
  return frame({
    from: "#fbfcf6",
    to: "#ffeccd",
    body: `
  ${glow(1220, 300, 320, "#ffd99a", 0.7)}
  ${glow(1500, 120, 180, BRAND[100], 0.9)}
  <path d="M700 700 C 900 560, 1080 560, 1240 620 S 1500 560, 1600 520 V700 Z" fill="${BRAND[100]}" opacity="0.9"/>
  <path d="M900 700 C 1080 610, 1260 640, 1400 660 S 1560 630, 1600 610 V700 Z" fill="${BRAND[200]}" opacity="0.8"/>
  ${bubble(1200, 300, 150, "#ffc46b", 0.85)}
  ${bubble(1420, 420, 92, BRAND[500], 0.7)}
  ${bubble(1010, 420, 70, "#f7a08a", 0.75)}
  ${bubble(1430, 190, 54, "#ffe1a8", 0.95)}
  ${bubble(1060, 170, 38, BRAND[200], 0.95)}
  ${bubble(1300, 540, 34, "#ffd27f", 0.9)}
  ${bubble(920, 560, 26, BRAND[500], 0.55)}
  <circle cx="1200" cy="300" r="196" fill="none" stroke="#ffffff" stroke-width="6" stroke-dasharray="1 22" stroke-linecap="round" opacity="0.9"/>
  ${sparkle(1540, 300, 24, "#f59e0b", 0.7)}
  ${sparkle(960, 260, 18, BRAND[500], 0.6)}
  ${sparkle(1120, 560, 14, "#f59e0b", 0.6)}
  ${sparkle(1350, 110, 12, BRAND[500], 0.6)}
  ${leaf(1500, 640, 110, -120, BRAND[500], 0.7)}`,
  });
}

const SLIDES = [
  { file: "slide-1.webp", svg: womenCare() },
  { file: "slide-2.webp", svg: sportsNutrition() },
  { file: "slide-3.webp", svg: kidsNutrition() },
];

await mkdir(OUT_DIR, { recursive: true });
for (const slide of SLIDES) {
  const file = path.join(OUT_DIR, slide.file);
  await sharp(Buffer.from(slide.svg)).webp(WEBP).toFile(file);
  const { size } = await stat(file);
  if (size > MAX_BYTES) throw new Error(`${slide.file} is ${size} bytes, over the ${MAX_BYTES}-byte budget`);
  console.log(`${path.relative(root, file)}  ${(size / 1024).toFixed(1)} KB`);
}
