// Catalogue growth: list and search latency at 1,000 / 10,000 / 100,000 generated products.
// Usage: npx tsx bench/catalog-growth.ts [1000 10000 100000]
//   Runs in process against a fresh in-memory PGlite per size. With BENCH_DATABASE_URL set
//   (e.g. postgres://postgres@127.0.0.1:5432/postgres) it creates, uses and drops a database
//   per size on that PostgreSQL server instead. RUNS (default 200) measured calls per case.
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { productQuerySchema } from "#server/schemas/catalog.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { clearCatalogueCache } from "#server/modules/catalog/catalogue-cache.ts";
import { listProducts } from "#server/modules/catalog/products.ts";

const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
const sizes = SIZES.length > 0 ? SIZES : [1_000, 10_000, 100_000];
const RUNS = Number(process.env.RUNS ?? 200);
const COLD_RUNS = Number(process.env.COLD_RUNS ?? 30);
const WARM_UP = 20;
const BATCH = 1_000;

const CASES: { name: string; query: Record<string, string> }[] = [
  { name: "first page, newest", query: {} },
  { name: "category + price", query: { category: "Sports Nutrition", minPrice: "200", maxPrice: "800" } },
  { name: "search, one typo (protien)", query: { search: "protien" } },
  { name: "search, name word (ashwagandha)", query: { search: "ashwagandha" } },
];

// ---------------------------------------------------------------------------
// Generated catalogue: deterministic, varied names, brands, tags and descriptions.
// ---------------------------------------------------------------------------

/** A generated product's schedule and the flag that follows from it (the database checks they agree). */
function rx(required: boolean) {
  return { prescriptionRequired: required, schedule: required ? ("H" as const) : ("OTC" as const) };
}

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SECTIONS = {
  "Women Care": ["PCOS Care", "Pregnancy & Fertility", "Menstrual Health", "Bone & Joint", "Skin & Hair"],
  "Sports Nutrition": ["Protein", "Pre-Workout", "Recovery", "Hydration", "Weight Management"],
  "Kids Nutrition": ["Growth & Development", "Immunity", "Brain Health", "Multivitamins", "Digestion"],
} as const;
const CATEGORY_NAMES = Object.keys(SECTIONS) as (keyof typeof SECTIONS)[];
const BRAND_ROOTS = [
  "Healthcare",
  "Femora",
  "Aarogya",
  "Muscle",
  "Stamina",
  "Peak",
  "Little",
  "Bal",
  "Veda",
  "Nutri",
  "Prana",
  "Ayur",
  "Zen",
  "Vital",
  "Sattva",
  "Jeevan",
  "Shakti",
  "Amrit",
  "Tej",
  "Surya",
];
const BRAND_SUFFIXES = ["Pharma", "Life", "Labs", "Fuel", "Sprout", "Poshan", "Wellness", "Naturals", "Bio", "Health"];
const INGREDIENTS = [
  "Whey Protein",
  "Plant Protein",
  "Soy Protein",
  "Casein Protein",
  "Creatine",
  "BCAA",
  "Glutamine",
  "Ashwagandha",
  "Shatavari",
  "Brahmi",
  "Tulsi",
  "Turmeric",
  "Curcumin",
  "Giloy",
  "Moringa",
  "Spirulina",
  "Myo-Inositol",
  "Folic Acid",
  "Iron",
  "Calcium",
  "Vitamin D3",
  "Vitamin C",
  "Vitamin B12",
  "Zinc",
  "Magnesium",
  "Omega-3",
  "DHA",
  "Collagen",
  "Biotin",
  "Probiotic",
  "Electrolyte",
  "Caffeine",
  "L-Carnitine",
  "Melatonin",
  "Multivitamin",
  "Evening Primrose",
  "Cranberry",
  "Elderberry",
  "Lycopene",
  "Coenzyme Q10",
];
const FORMS = ["Tablet", "Syrup", "Capsule", "Powder", "Topical", "Injection"] as const;
const FORM_WORDS: Record<(typeof FORMS)[number], string[]> = {
  Tablet: ["Tablets", "Chewable Tablets", "Effervescent Tablets"],
  Syrup: ["Syrup", "Drops", "Suspension"],
  Capsule: ["Capsules", "Softgels", "Veg Capsules"],
  Powder: ["Powder", "Sachets", "Granules"],
  Topical: ["Gel", "Cream", "Roll-On"],
  Injection: ["Injection"],
};
const QUALIFIERS = [
  "Advanced",
  "Daily",
  "Pure",
  "Ultra",
  "Gold",
  "Kids",
  "Women's",
  "Active",
  "Max",
  "Essential",
  "Organic",
  "Micronised",
  "Sugar Free",
  "Sustained Release",
  "Extra Strength",
  "Natural",
  "",
];
const FLAVOURS = [
  "Chocolate",
  "Vanilla",
  "Mango",
  "Kesar Badam",
  "Orange",
  "Lemon",
  "Strawberry",
  "Unflavoured",
  "Mint",
  "",
];
const STRENGTHS = ["100 mg", "250 mg", "500 mg", "1000 mg", "60,000 IU", "1 kg", "2 kg", "200 ml", "30 Sachets", ""];
const TAGS = [
  "Vegetarian",
  "Vegan",
  "Sugar Free",
  "Gluten Free",
  "Ayurvedic",
  "Immunity",
  "Energy",
  "Recovery",
  "Muscle",
  "Bone Health",
  "Heart Health",
  "Skin",
  "Hair",
  "Sleep",
  "Focus",
  "Digestion",
  "Weight Gain",
  "Weight Loss",
  "Pregnancy",
  "PCOS",
  "Kids",
  "Women",
  "Men",
  "Seniors",
  "Daily",
  "New Launch",
  "Bestseller",
];
const SENTENCES = [
  "Supports {ingredient} levels as part of a balanced diet.",
  "Formulated by nutritionists with clinically studied {ingredient}.",
  "Take one serving daily after meals, or as advised by your doctor.",
  "Made in a GMP-certified facility in India and tested for purity.",
  "Helps maintain energy, stamina and overall wellbeing.",
  "Store in a cool, dry place away from direct sunlight.",
  "Suitable for adults; consult a physician if pregnant or nursing.",
  "Each pack is sealed for freshness and batch-tested.",
  "Combines {ingredient} with essential vitamins and minerals.",
  "Easy to mix and gentle on the stomach.",
];

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

function generatedProduct(index: number, next: () => number, now: number): typeof products.$inferInsert {
  const category = pick(next, CATEGORY_NAMES);
  const subcategory = pick(next, SECTIONS[category]);
  const form = pick(next, FORMS);
  const ingredient = pick(next, INGREDIENTS);
  const brand = `${pick(next, BRAND_ROOTS)} ${pick(next, BRAND_SUFFIXES)}`;
  const name = [
    pick(next, QUALIFIERS),
    ingredient,
    form === "Powder" ? pick(next, FLAVOURS) : "",
    pick(next, STRENGTHS),
    pick(next, FORM_WORDS[form]),
  ]
    .filter(Boolean)
    .join(" ");
  const description = Array.from({ length: 3 + Math.floor(next() * 4) }, () =>
    pick(next, SENTENCES).replaceAll("{ingredient}", ingredient.toLowerCase()),
  ).join(" ");
  const tags = [...new Set(Array.from({ length: 2 + Math.floor(next() * 4) }, () => pick(next, TAGS)))];
  const mrpPaise = (20 + Math.floor(next() * 1980)) * 100;
  const pricePaise = Math.round(mrpPaise * (0.7 + next() * 0.3));
  const createdAt = new Date(now - Math.floor(next() * 730 * 24 * 3600 * 1000));
  return {
    name,
    description,
    pricePaise,
    mrpPaise,
    images: [{ url: `/images/products/generated-${index % 50}.webp`, altText: name }],
    category,
    subcategory,
    form,
    tags,
    brand,
    sku: `GEN-${String(index).padStart(7, "0")}`,
    collections: [category.toLowerCase().replaceAll(" ", "-"), ...(next() < 0.1 ? ["bestsellers"] : [])],
    bestseller: next() < 0.1,
    rating: Math.round(next() * 50) / 10,
    numReviews: Math.floor(next() * 500),
    stock: Math.floor(next() * 200),
    packText: pick(next, ["/Sachet", "200ml", "60 Tablets", "1 kg", "30 Capsules"]),
    ...rx(form === "Injection" || next() < 0.05),
    hsnCode: "2106",
    gstRateBps: 1800,
    published: next() > 0.02,
    createdAt,
    updatedAt: createdAt,
  };
}

export async function generateCatalogue(handle: DatabaseHandle, count: number) {
  const next = random(42);
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) =>
      generatedProduct(start + i, next, now),
    );
    await handle.db.insert(products).values(rows);
  }
  await handle.db.execute("analyze products");
}

// ---------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Wall-clock and CPU time per call; CPU time stays meaningful on a busy machine. */
async function timeRuns(runs: number, run: () => Promise<unknown>) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await run();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: percentile(wall, 50),
    p95: percentile(wall, 95),
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
  };
}

/** Warm: the match count is cached for the catalogue version (the usual case). Cold: every call counts. */
async function measure(handle: DatabaseHandle, input: Record<string, string>) {
  const query = productQuerySchema.parse(input);
  let total = 0;
  for (let i = 0; i < WARM_UP; i++) total = (await listProducts(handle.db, query)).total;
  const warm = await timeRuns(RUNS, () => listProducts(handle.db, query));
  const cold = await timeRuns(COLD_RUNS, () => {
    clearCatalogueCache(handle.db);
    return listProducts(handle.db, query);
  });
  return { ...warm, coldP50: cold.p50, coldP95: cold.p95, coldCpuP95: cold.cpuP95, total };
}

async function openFresh(size: number): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "pglite-memory" });
    return { handle, drop: () => handle.close() };
  }
  const name = `bench_growth_${size}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 2 });
  return {
    handle,
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name}`);
      await client.end();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();

async function main() {
  type Result = Awaited<ReturnType<typeof measure>>;
  const results = new Map<number, Map<string, Result>>();
  const engine = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite (in memory)";
  console.log(
    `Catalogue growth on ${engine}: ${RUNS} runs per case after ${WARM_UP} warm-up runs, the match count cached per ` +
      `catalogue version as in the shop; "uncounted": ${COLD_RUNS} runs with that cache emptied before each call\n`,
  );

  for (const size of sizes) {
    const { handle, drop } = await openFresh(size);
    try {
      await handle.migrate();
      const started = performance.now();
      await generateCatalogue(handle, size);
      console.log(
        `${size.toLocaleString("en-US")} products generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const bySize = new Map<string, Result>();
      for (const { name, query } of CASES) bySize.set(name, await measure(handle, query));
      results.set(size, bySize);
      console.table(
        [...bySize].map(([name, r]) => ({
          case: name,
          matches: r.total,
          "p50 ms": +r.p50.toFixed(2),
          "p95 ms": +r.p95.toFixed(2),
          "CPU p50": +r.cpuP50.toFixed(2),
          "CPU p95": +r.cpuP95.toFixed(2),
          "uncounted p50": +r.coldP50.toFixed(2),
          "uncounted p95": +r.coldP95.toFixed(2),
        })),
      );
    } finally {
      await drop();
    }
  }

  const smallest = Math.min(...results.keys());
  const largest = Math.max(...results.keys());
  if (smallest !== largest) {
    console.log(
      `\nGrowth ${smallest.toLocaleString("en-US")} → ${largest.toLocaleString("en-US")} products (p95 ratio; target ≤ 2×)`,
    );
    console.table(
      CASES.map(({ name }) => {
        const small = results.get(smallest)!.get(name)!;
        const large = results.get(largest)!.get(name)!;
        return {
          case: name,
          [`p95 @${smallest}`]: +small.p95.toFixed(2),
          [`p95 @${largest}`]: +large.p95.toFixed(2),
          growth: `${(large.p95 / small.p95).toFixed(2)}×`,
          [`CPU p95 @${smallest}`]: +small.cpuP95.toFixed(2),
          [`CPU p95 @${largest}`]: +large.cpuP95.toFixed(2),
          "CPU growth": `${(large.cpuP95 / small.cpuP95).toFixed(2)}×`,
          [`uncounted p95 @${smallest}`]: +small.coldP95.toFixed(2),
          [`uncounted p95 @${largest}`]: +large.coldP95.toFixed(2),
          "uncounted growth": `${(large.coldP95 / small.coldP95).toFixed(2)}×`,
        };
      }),
    );
  }
}
