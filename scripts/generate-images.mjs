#!/usr/bin/env node
// Renders the demo catalogue's pack shots and the research-article images as SVG and encodes
// them to WebP with sharp. Nothing is downloaded; the output is committed, so a fresh clone
// never needs to run this. Re-run after changing server/db/seed/products.ts or articles.ts:
//
//   node scripts/generate-images.mjs
//
// Style: a soft gradient tinted by category, a pack drawn by dosage form (carton, bottle,
// jar, sachet, tube, vial) in the brand's colour, and the brand and name in a generic font.

import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seedModule = (file) => tsImport(path.join(root, "server/db/seed", file), import.meta.url);
const { DEMO_PRODUCTS } = await seedModule("products.ts");
const { DEMO_ARTICLES } = await seedModule("articles.ts");
const { HIGHLIGHT_COUNT, packShapeOf, productImageFiles } = await seedModule("packshots.ts");

const PRODUCT_DIR = path.join(root, "public/images/products");
const ARTICLE_DIR = path.join(root, "public/images/articles");
const FONT = "DejaVu Sans, Arial, sans-serif";
const WEBP = { quality: 72, effort: 6, smartSubsample: true };
const INK = "#1f2937";
const MUTED = "#4b5563";

const CATEGORY_STYLE = {
  "Women Care": { from: "#fdf2f6", to: "#f4c6d6", chip: "#9d174d" },
  "Sports Nutrition": { from: "#eef5ff", to: "#bcd5f5", chip: "#1e3a8a" },
  "Kids Nutrition": { from: "#fffaeb", to: "#f9dc9b", chip: "#92400e" },
};

const BRAND_COLOUR = {
  "Healthcare Pharma": "#0f766e",
  Femora: "#be185d",
  "Aarogya Life": "#6d28d9",
  MuscleVeda: "#b91c1c",
  "Peak Fuel": "#c2410c",
  "Stamina Labs": "#1d4ed8",
  LittleSprout: "#15803d",
  "Bal Poshan": "#b45309",
};

const ARTICLE_STYLE = {
  research: { from: "#eef2ff", to: "#c4cdf6", accent: "#4338ca" },
  education: { from: "#ecfdf5", to: "#a8e6cc", accent: "#047857" },
  clinical: { from: "#f0f9ff", to: "#b6dcf5", accent: "#0369a1" },
};

// ---------------------------------------------------------------------------
// Small SVG helpers
// ---------------------------------------------------------------------------

const escapeXml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]);

/** Mixes a hex colour with white (amount > 0) or black (amount < 0). */
function shade(hex, amount) {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [n >> 16, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)),
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** A rough width of a line in DejaVu Sans (bold by default); enough to wrap and fit labels. */
function textWidth(text, size, { bold = true, spacing = 0 } = {}) {
  let em = 0;
  for (const ch of text) {
    if (ch === " ") em += 0.33;
    else if (/[A-Z]/.test(ch)) em += 0.74;
    else if (/[0-9]/.test(ch)) em += 0.7;
    else if (/[iljtf.,:;'!|()]/.test(ch)) em += 0.38;
    else if (/[mw]/.test(ch)) em += 1.0;
    else em += 0.64;
  }
  return em * size * (bold ? 1 : 0.9) + spacing * text.length;
}

/** Word-wraps text into lines that fit maxWidth x maxHeight, shrinking the font if needed. */
function fitText(text, maxWidth, { size, minSize = 14, maxLines = 3, maxHeight = Infinity, bold = true, spacing = 0 }) {
  const measure = (line, s) => textWidth(line, s, { bold, spacing });
  let lines = [text];
  for (let s = size; s >= minSize; s -= 1) {
    lines = [];
    let line = "";
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (measure(next, s) <= maxWidth || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    const height = s * (1 + 1.18 * (lines.length - 1));
    if (lines.length <= maxLines && height <= maxHeight && lines.every((l) => measure(l, s) <= maxWidth)) {
      return { lines, size: s };
    }
  }
  return { lines, size: minSize };
}

function textBlock(lines, { x, y, size, weight = 700, fill = INK, anchor = "middle", lineHeight = 1.18, spacing = 0 }) {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${(y + i * size * lineHeight).toFixed(1)}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${spacing ? ` letter-spacing="${spacing}"` : ""}>${escapeXml(line)}</text>`,
    )
    .join("");
}

function background(width, height, from, to) {
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#000000" stop-opacity="0.22"/><stop offset="1" stop-color="#000000" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000000" stop-opacity="0.10"/>
      <stop offset="0.28" stop-color="#ffffff" stop-opacity="0.30"/>
      <stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.16"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>`;
}

// ---------------------------------------------------------------------------
// Packs: each returns its artwork and the label area the text goes into
// ---------------------------------------------------------------------------

const PACKS = {
  carton(c) {
    return {
      art: `
      <polygon points="230,250 570,250 622,212 282,212" fill="${shade(c, 0.25)}"/>
      <polygon points="570,250 622,212 622,612 570,650" fill="${shade(c, -0.3)}"/>
      <rect x="230" y="250" width="340" height="400" fill="#ffffff"/>
      <rect x="230" y="250" width="340" height="96" fill="${c}"/>
      <rect x="230" y="600" width="340" height="50" fill="${c}"/>
      <path d="M230 346 Q400 386 570 346 L570 362 Q400 402 230 362 Z" fill="${shade(c, 0.55)}"/>
      <rect x="230" y="250" width="340" height="400" fill="url(#sheen)" opacity="0.6"/>`,
      brand: { y: 308, fill: "#ffffff" },
      label: { x: 244, y: 400, w: 312, h: 180 },
      pack: { y: 634, fill: "#ffffff" },
    };
  },
  "pill-bottle"(c) {
    const ridges = Array.from({ length: 11 }, (_, i) => `<rect x="${296 + i * 20}" y="222" width="6" height="70" fill="${shade(c, -0.35)}" opacity="0.5"/>`).join("");
    return {
      art: `
      <rect x="282" y="214" width="236" height="84" rx="14" fill="${c}"/>${ridges}
      <rect x="300" y="292" width="200" height="26" fill="${shade(c, 0.7)}"/>
      <rect x="258" y="312" width="284" height="350" rx="42" fill="#f8fafc"/>
      <rect x="258" y="372" width="284" height="232" fill="#ffffff"/>
      <rect x="258" y="372" width="284" height="16" fill="${c}"/>
      <rect x="258" y="588" width="284" height="16" fill="${c}"/>
      <rect x="258" y="312" width="284" height="350" rx="42" fill="url(#sheen)"/>`,
      brand: { y: 420, fill: c },
      label: { x: 272, y: 436, w: 256, h: 112 },
      pack: { y: 574, fill: MUTED },
    };
  },
  "syrup-bottle"(c) {
    return {
      art: `
      <rect x="346" y="190" width="108" height="66" rx="10" fill="${c}"/>
      <rect x="346" y="240" width="108" height="10" fill="${shade(c, -0.35)}" opacity="0.6"/>
      <path d="M364 256 L436 256 L436 292 Q530 314 534 366 L534 630 Q534 662 502 662 L298 662 Q266 662 266 630 L266 366 Q270 314 364 292 Z" fill="#8a4a12"/>
      <path d="M364 256 L436 256 L436 292 Q530 314 534 366 L534 630 Q534 662 502 662 L298 662 Q266 662 266 630 L266 366 Q270 314 364 292 Z" fill="url(#sheen)"/>
      <rect x="282" y="384" width="236" height="236" rx="10" fill="#ffffff"/>
      <rect x="282" y="384" width="236" height="14" rx="4" fill="${c}"/>
      <rect x="282" y="606" width="236" height="14" rx="4" fill="${c}"/>`,
      brand: { y: 432, fill: c },
      label: { x: 294, y: 448, w: 212, h: 112 },
      pack: { y: 588, fill: MUTED },
    };
  },
  jar(c) {
    return {
      art: `
      <rect x="212" y="236" width="376" height="94" rx="20" fill="${c}"/>
      <rect x="212" y="300" width="376" height="12" fill="${shade(c, -0.3)}" opacity="0.6"/>
      <rect x="224" y="318" width="352" height="344" rx="44" fill="#ffffff"/>
      <rect x="224" y="384" width="352" height="210" fill="${shade(c, 0.88)}"/>
      <rect x="224" y="384" width="352" height="12" fill="${c}"/>
      <rect x="224" y="582" width="352" height="12" fill="${c}"/>
      <rect x="224" y="318" width="352" height="344" rx="44" fill="url(#sheen)"/>
      <rect x="212" y="236" width="376" height="94" rx="20" fill="url(#sheen)" opacity="0.7"/>`,
      brand: { y: 432, fill: c },
      label: { x: 240, y: 448, w: 320, h: 100 },
      pack: { y: 570, fill: MUTED },
    };
  },
  sachet(c) {
    // Serrated heat-sealed edges: 17 teeth of 18 px across the top and the bottom.
    const top = Array.from({ length: 17 }, (_, i) => `L${256 + i * 18} 196 L${265 + i * 18} 206`).join(" ");
    const bottom = Array.from({ length: 17 }, (_, i) => `L${544 - i * 18} 664 L${535 - i * 18} 654`).join(" ");
    return {
      art: `
      <path d="M247 206 ${top} L553 654 ${bottom} Z" fill="${c}"/>
      <path d="M247 206 L553 206 L553 654 L247 654 Z" fill="url(#sheen)"/>
      <rect x="247" y="226" width="306" height="4" fill="#ffffff" opacity="0.35"/>
      <rect x="247" y="630" width="306" height="4" fill="#ffffff" opacity="0.35"/>
      <rect x="271" y="318" width="258" height="248" rx="18" fill="#ffffff"/>`,
      brand: { y: 282, fill: "#ffffff" },
      label: { x: 283, y: 332, w: 234, h: 172 },
      pack: { y: 546, fill: c },
    };
  },
  tube(c) {
    return {
      art: `
      <rect x="262" y="190" width="276" height="34" rx="4" fill="${shade(c, -0.2)}"/>
      ${Array.from({ length: 13 }, (_, i) => `<rect x="${272 + i * 20}" y="194" width="8" height="26" fill="#ffffff" opacity="0.18"/>`).join("")}
      <path d="M268 224 L532 224 L494 592 Q492 604 480 604 L320 604 Q308 604 306 592 Z" fill="#ffffff"/>
      <path d="M268 224 L532 224 L526 282 L274 282 Z" fill="${c}"/>
      <path d="M300 540 L500 540 L494 592 Q492 604 480 604 L320 604 Q308 604 306 592 Z" fill="${c}"/>
      <path d="M268 224 L532 224 L494 592 Q492 604 480 604 L320 604 Q308 604 306 592 Z" fill="url(#sheen)"/>
      <rect x="340" y="604" width="120" height="58" rx="10" fill="${shade(c, -0.3)}"/>`,
      brand: { y: 262, fill: "#ffffff" },
      label: { x: 292, y: 318, w: 216, h: 150 },
      pack: { y: 508, fill: MUTED },
    };
  },
  vial(c) {
    return {
      art: `
      <rect x="336" y="206" width="128" height="50" rx="12" fill="${c}"/>
      <rect x="326" y="250" width="148" height="58" rx="8" fill="#cbd5e1"/>
      <rect x="326" y="250" width="148" height="58" rx="8" fill="url(#sheen)"/>
      <rect x="352" y="306" width="96" height="34" fill="#dbe7ef"/>
      <path d="M352 340 Q352 360 300 372 Q280 378 280 404 L280 628 Q280 662 314 662 L486 662 Q520 662 520 628 L520 404 Q520 378 500 372 Q448 360 448 340 Z" fill="#e6f0f5"/>
      <path d="M352 340 Q352 360 300 372 Q280 378 280 404 L280 628 Q280 662 314 662 L486 662 Q520 662 520 628 L520 404 Q520 378 500 372 Q448 360 448 340 Z" fill="url(#sheen)"/>
      <rect x="280" y="418" width="240" height="196" fill="#ffffff"/>
      <rect x="280" y="418" width="240" height="12" fill="${c}"/>
      <rect x="280" y="602" width="240" height="12" fill="${c}"/>`,
      brand: { y: 462, fill: c },
      label: { x: 292, y: 478, w: 216, h: 92 },
      pack: { y: 592, fill: MUTED },
    };
  },
};

function packText(product) {
  return product.packText.startsWith("/") ? `1 ${product.packText.slice(1)}` : product.packText;
}

/** The pack with its brand, name and pack size, in 800x800 coordinates. */
function packArtwork(product) {
  const colour = BRAND_COLOUR[product.brand] ?? "#334155";
  const pack = PACKS[packShapeOf(product)](colour);
  const { label } = pack;
  const brand = fitText(product.brand.toUpperCase(), label.w, { size: 22, minSize: 12, maxLines: 1, spacing: 2 });
  const name = fitText(product.packLabel ?? product.name, label.w, {
    size: 36,
    minSize: 16,
    maxLines: 3,
    maxHeight: label.h,
  });
  const nameHeight = name.size * 1.18 * (name.lines.length - 1);
  const nameTop = label.y + (label.h - nameHeight) / 2 + name.size * 0.36;
  return `
    ${pack.art}
    ${textBlock(brand.lines, { x: 400, y: pack.brand.y, size: brand.size, fill: pack.brand.fill, spacing: 2 })}
    ${textBlock(name.lines, { x: 400, y: nameTop, size: name.size, fill: INK })}
    ${textBlock([packText(product).toUpperCase()], { x: 400, y: pack.pack.y, size: 18, weight: 600, fill: pack.pack.fill, spacing: 1 })}`;
}

function cornerMarks(product, style) {
  const chipText = product.category.toUpperCase();
  const chipWidth = textWidth(chipText, 18, { spacing: 0.5 }) + 36;
  let marks = `
    <rect x="36" y="36" width="${chipWidth.toFixed(0)}" height="40" rx="20" fill="#ffffff" opacity="0.85"/>
    ${textBlock([chipText], { x: 36 + chipWidth / 2, y: 62, size: 18, fill: style.chip, spacing: 0.5 })}`;
  if (product.prescriptionRequired) {
    marks += `
    <circle cx="726" cy="74" r="40" fill="#b91c1c"/>
    ${textBlock(["Rx"], { x: 726, y: 86, size: 32, fill: "#ffffff" })}`;
  }
  return marks;
}

function productSvg(product) {
  const style = CATEGORY_STYLE[product.category];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  ${background(800, 800, style.from, style.to)}
  <circle cx="400" cy="420" r="330" fill="url(#glow)"/>
  <ellipse cx="400" cy="676" rx="230" ry="30" fill="url(#floor)"/>
  ${packArtwork(product)}
  ${cornerMarks(product, style)}
</svg>`;
}

/** The second view: a smaller pack beside a card of the product's highlights. */
function productDetailSvg(product) {
  const style = CATEGORY_STYLE[product.category];
  const colour = BRAND_COLOUR[product.brand] ?? "#334155";
  const highlights = product.tags.slice(0, HIGHLIGHT_COUNT);
  const items = highlights
    .map((tag, i) => {
      const y = 300 + i * 62;
      const fitted = fitText(tag, 230, { size: 24, minSize: 14, maxLines: 1 });
      return `
      <circle cx="486" cy="${y - 8}" r="14" fill="${colour}"/>
      <path d="M479 ${y - 8} l5 5 l9 -10" stroke="#ffffff" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
      ${textBlock(fitted.lines, { x: 512, y, size: fitted.size, fill: INK, anchor: "start" })}`;
    })
    .join("");
  const details = [packText(product), product.form, product.hsnCode === "3004" ? "Medicine" : "Supplement"].join(" · ");
  const detailText = fitText(details, 270, { size: 18, minSize: 13, maxLines: 2, bold: false });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  ${background(800, 800, style.from, style.to)}
  <circle cx="250" cy="430" r="260" fill="url(#glow)"/>
  <ellipse cx="240" cy="650" rx="160" ry="22" fill="url(#floor)"/>
  <g transform="translate(-42 150) scale(0.7)">${packArtwork(product)}</g>
  <rect x="446" y="170" width="318" height="500" rx="28" fill="#ffffff" opacity="0.92"/>
  ${textBlock(["KEY HIGHLIGHTS"], { x: 472, y: 226, size: 20, fill: colour, anchor: "start", spacing: 1.5 })}
  <rect x="472" y="244" width="60" height="4" rx="2" fill="${colour}"/>
  ${items}
  ${textBlock(detailText.lines, { x: 472, y: 622, size: detailText.size, weight: 400, fill: MUTED, anchor: "start" })}
  ${cornerMarks(product, style)}
</svg>`;
}

// ---------------------------------------------------------------------------
// Article images (800x500)
// ---------------------------------------------------------------------------

const ARTICLE_ART = {
  research(c) {
    const hex = (cx, cy, r) =>
      Array.from({ length: 6 }, (_, i) => {
        const a = (Math.PI / 3) * i - Math.PI / 2;
        return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
      }).join(" ");
    return `
    <polygon points="${hex(600, 210, 70)}" fill="none" stroke="${c}" stroke-width="10" stroke-linejoin="round"/>
    <polygon points="${hex(721, 280, 70)}" fill="none" stroke="${shade(c, 0.35)}" stroke-width="10" stroke-linejoin="round"/>
    <line x1="600" y1="140" x2="600" y2="92" stroke="${c}" stroke-width="10" stroke-linecap="round"/>
    <circle cx="600" cy="84" r="16" fill="${c}"/>
    <circle cx="539" cy="245" r="14" fill="${shade(c, 0.35)}"/>
    <g transform="rotate(-35 610 380)">
      <rect x="540" y="350" width="140" height="60" rx="30" fill="#ffffff"/>
      <path d="M610 350 L650 350 A30 30 0 0 1 650 410 L610 410 Z" fill="${c}"/>
    </g>`;
  },
  education(c) {
    return `
    <path d="M470 170 Q560 140 620 180 L620 400 Q560 360 470 390 Z" fill="#ffffff"/>
    <path d="M770 170 Q680 140 620 180 L620 400 Q680 360 770 390 Z" fill="${shade(c, 0.85)}"/>
    <path d="M470 170 Q560 140 620 180 Q680 140 770 170 L770 390 Q680 360 620 400 Q560 360 470 390 Z" fill="none" stroke="${c}" stroke-width="8" stroke-linejoin="round"/>
    ${[220, 255, 290, 325].map((y) => `<line x1="500" y1="${y}" x2="592" y2="${y - 12}" stroke="${shade(c, 0.5)}" stroke-width="6" stroke-linecap="round"/>`).join("")}
    <circle cx="695" cy="250" r="38" fill="none" stroke="${c}" stroke-width="9"/>
    <line x1="695" y1="288" x2="695" y2="342" stroke="${c}" stroke-width="9" stroke-linecap="round"/>
    <line x1="670" y1="318" x2="720" y2="318" stroke="${c}" stroke-width="9" stroke-linecap="round"/>`;
  },
  clinical(c) {
    return `
    ${[70, 105, 140].map((r, i) => `<path d="M${640 - r} 330 A${r} ${r} 0 0 1 ${640 + r} 330" fill="none" stroke="${shade(c, 0.2 + i * 0.2)}" stroke-width="8" stroke-linecap="round"/>`).join("")}
    <path d="M640 150 Q700 240 700 290 A60 60 0 0 1 580 290 Q580 240 640 150 Z" fill="${c}"/>
    <path d="M612 290 A28 28 0 0 0 640 318" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" opacity="0.8"/>
    <rect x="530" y="356" width="220" height="12" rx="6" fill="${shade(c, 0.5)}"/>`;
  },
};

function articleSvg(article) {
  const style = ARTICLE_STYLE[article.category];
  const title = fitText(article.title, 400, { size: 48, minSize: 28, maxLines: 3, maxHeight: 200 });
  const chip = article.category.toUpperCase();
  const chipWidth = textWidth(chip, 18, { spacing: 1 }) + 36;
  const titleTop = 250 - (title.size * 1.18 * (title.lines.length - 1)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  ${background(800, 500, style.from, style.to)}
  <circle cx="640" cy="260" r="230" fill="url(#glow)"/>
  <g transform="translate(${article.category === "research" ? -28 : 0} 0)">${ARTICLE_ART[article.category](style.accent)}</g>
  <rect x="48" y="60" width="${chipWidth.toFixed(0)}" height="40" rx="20" fill="${style.accent}"/>
  ${textBlock([chip], { x: 48 + chipWidth / 2, y: 86, size: 18, fill: "#ffffff", spacing: 1 })}
  ${textBlock(title.lines, { x: 48, y: titleTop, size: title.size, fill: INK, anchor: "start" })}
  ${textBlock(["Healthcare Pharma · Research Highlights"], { x: 48, y: 440, size: 18, weight: 400, fill: MUTED, anchor: "start" })}
</svg>`;
}

// ---------------------------------------------------------------------------

async function render(svg, file) {
  await sharp(Buffer.from(svg)).webp(WEBP).toFile(file);
  return (await stat(file)).size;
}

/** Removes generated files no longer produced (a product renamed or deleted). */
async function removeStale(dir, keep) {
  for (const file of await readdir(dir)) {
    if (file.endsWith(".webp") && !keep.has(file)) await rm(path.join(dir, file));
  }
}

await mkdir(PRODUCT_DIR, { recursive: true });
await mkdir(ARTICLE_DIR, { recursive: true });

const sizes = [];
const productFiles = new Set();
for (const product of DEMO_PRODUCTS) {
  const [main, second] = productImageFiles(product);
  sizes.push([main, await render(productSvg(product), path.join(PRODUCT_DIR, main))]);
  productFiles.add(main);
  if (second) {
    sizes.push([second, await render(productDetailSvg(product), path.join(PRODUCT_DIR, second))]);
    productFiles.add(second);
  }
}
await removeStale(PRODUCT_DIR, productFiles);

const articleFiles = new Set();
for (const article of DEMO_ARTICLES) {
  const file = path.basename(article.image);
  sizes.push([file, await render(articleSvg(article), path.join(ARTICLE_DIR, file))]);
  articleFiles.add(file);
}
await removeStale(ARTICLE_DIR, articleFiles);

const total = sizes.reduce((sum, [, size]) => sum + size, 0);
const largest = sizes.reduce((a, b) => (b[1] > a[1] ? b : a));
console.log(
  `Wrote ${productFiles.size} product and ${articleFiles.size} article images, ${(total / 1024).toFixed(0)} KB in all; largest ${largest[0]} at ${(largest[1] / 1024).toFixed(1)} KB`,
);
