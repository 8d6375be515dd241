/**
 * The demo catalogue's medicine information (issue 19; docs/decisions/027), one entry per SKU of
 * server/db/seed/products.ts. The composition, uses and directions restate each product's own
 * description; side effects and safety advice are the well-known ones of the named ingredients,
 * worded cautiously (ask a doctor or pharmacist) and never as a promise. The brands are demo
 * brands: their makers and addresses are demo values, like the seller's defaults in
 * server/config.ts.
 */

export interface DemoSafetyAdvice {
  pregnancy: string;
  breastfeeding: string;
  alcohol: string;
  driving: string;
}

export interface DemoMedicineInformation {
  composition: string;
  uses: string;
  directions: string;
  sideEffects: string;
  safety: DemoSafetyAdvice;
  storage: string;
}

interface DemoMaker {
  manufacturer: string;
  marketer: string;
  countryOfOrigin: string;
}

const SHOP_MARKETER = "Healthcare Pharma Private Limited, Plot 14, Sector 5, HSR Layout, Bengaluru, Karnataka 560102, India";
const SAHYADRI = "Sahyadri Formulations Pvt. Ltd., Plot B-27, MIDC Industrial Area, Satara, Maharashtra 415004, India";
const HIMGIRI = "Himgiri Healthcare Pvt. Ltd., Khasra No. 112, Baddi-Barotiwala Industrial Area, Solan, Himachal Pradesh 173205, India";
const NUTRIMAX = "Nutrimax Foods Pvt. Ltd., Plot 88, Sector 8, IMT Manesar, Gurugram, Haryana 122050, India";

/** Who makes and who markets each demo brand. */
export const DEMO_MAKERS: Record<string, DemoMaker> = {
  "Healthcare Pharma": { manufacturer: SAHYADRI, marketer: SHOP_MARKETER, countryOfOrigin: "India" },
  Femora: {
    manufacturer: HIMGIRI,
    marketer: "Femora Wellness Pvt. Ltd., 302 Sunrise Business Park, Andheri East, Mumbai, Maharashtra 400093, India",
    countryOfOrigin: "India",
  },
  "Aarogya Life": {
    manufacturer: "Aarogya Life Sciences Pvt. Ltd., Plot 41, Sector 3, SIDCUL, Haridwar, Uttarakhand 249403, India",
    marketer: "Aarogya Life Sciences Pvt. Ltd., Plot 41, Sector 3, SIDCUL, Haridwar, Uttarakhand 249403, India",
    countryOfOrigin: "India",
  },
  MuscleVeda: {
    manufacturer: NUTRIMAX,
    marketer: "MuscleVeda Nutrition Pvt. Ltd., 2nd Floor, 48 Residency Road, Bengaluru, Karnataka 560025, India",
    countryOfOrigin: "India",
  },
  "Stamina Labs": {
    manufacturer: "Stamina Labs Pvt. Ltd., Plot 9, GIDC Industrial Estate, Vapi, Gujarat 396195, India",
    marketer: "Stamina Labs Pvt. Ltd., Plot 9, GIDC Industrial Estate, Vapi, Gujarat 396195, India",
    countryOfOrigin: "India",
  },
  "Peak Fuel": {
    manufacturer: NUTRIMAX,
    marketer: "Peak Fuel Sports Nutrition LLP, 22 Ring Road, Lajpat Nagar IV, New Delhi 110024, India",
    countryOfOrigin: "India",
  },
  LittleSprout: {
    manufacturer: HIMGIRI,
    marketer: "LittleSprout Nutrition Pvt. Ltd., 4th Floor, 7 Whitefield Main Road, Bengaluru, Karnataka 560066, India",
    countryOfOrigin: "India",
  },
  "Bal Poshan": {
    manufacturer: "Bal Poshan Ayurveda Pvt. Ltd., Plot 17, Sitapura Industrial Area, Jaipur, Rajasthan 302022, India",
    marketer: "Bal Poshan Ayurveda Pvt. Ltd., Plot 17, Sitapura Industrial Area, Jaipur, Rajasthan 302022, India",
    countryOfOrigin: "India",
  },
};

const DRY = "Store below 30°C in a dry place, away from direct sunlight. Keep out of the reach of children.";
const POWDER = "Store below 30°C in a cool, dry place with the lid closed tightly; use a dry scoop. Keep out of the reach of children.";
const SYRUP = "Store below 30°C, away from direct sunlight; do not freeze. Close the cap tightly after use. Keep out of the reach of children.";
const SOFTGEL = "Store below 25°C in a dry place, away from direct sunlight. Keep out of the reach of children.";

/** Advice for a food supplement an adult takes by mouth. */
const SUPPLEMENT: DemoSafetyAdvice = {
  pregnancy: "Ask your doctor before use.",
  breastfeeding: "Ask your doctor before use.",
  alcohol: "No known interaction; keep alcohol moderate.",
  driving: "Not known to affect driving.",
};

/** Advice for a children's product: the parent is the reader. */
const CHILDREN: DemoSafetyAdvice = {
  pregnancy: "Made for children; not intended for use in pregnancy.",
  breastfeeding: "Made for children; a breastfeeding mother should ask her doctor about her own supplements.",
  alcohol: "Not applicable: made for children.",
  driving: "Not applicable: made for children.",
};

const CAFFEINE: DemoSafetyAdvice = {
  pregnancy: "Do not use: contains caffeine.",
  breastfeeding: "Do not use: caffeine passes into breast milk.",
  alcohol: "Do not mix with alcohol.",
  driving: "Not known to affect driving.",
};

export const DEMO_MEDICINE_INFORMATION: Record<string, DemoMedicineInformation> = {
  "HP-WC-001": {
    composition: "L-Arginine, Proanthocyanidins (grape seed extract), Lycopene 10%, L-Methyl Folate and Zinc (per sachet)",
    uses: "Nutritional support for women with PCOS or planning a pregnancy: blood flow, antioxidant protection, egg quality and early foetal development.",
    directions: "Dissolve one sachet in a glass of water once a day, or as advised by your gynaecologist.",
    sideEffects: "Usually well tolerated. Some people notice mild bloating or stomach upset. Stop and see a doctor if a rash or swelling appears.",
    safety: {
      ...SUPPLEMENT,
      pregnancy: "Made for women planning a pregnancy; once pregnant, continue only if your gynaecologist advises.",
    },
    storage: DRY,
  },
  "HP-WC-002": {
    composition: "Myo-Inositol 2000 mg, D-Chiro-Inositol 50 mg (40:1) and Folic Acid (per sachet)",
    uses: "Supports insulin sensitivity, regular cycles and ovulation in women with PCOS.",
    directions: "Take one sachet in water once a day. Results are usually assessed after three months of regular use.",
    sideEffects: "Usually well tolerated. Mild nausea, wind or loose stools may occur, mostly in the first weeks.",
    safety: SUPPLEMENT,
    storage: DRY,
  },
  "HP-WC-003": {
    composition: "Myo-Inositol 600 mg + Metformin Hydrochloride 500 mg (sustained release)",
    uses: "Prescribed to improve insulin resistance and cycle regularity in PCOS.",
    directions: "Take with or after meals, exactly as prescribed. Swallow whole; do not crush or chew the sustained-release tablet.",
    sideEffects:
      "Common: nausea, stomach upset, diarrhoea and a metallic taste, mostly at the start. Long use can lower Vitamin B12. Rare but serious: lactic acidosis (deep fast breathing, muscle pain, unusual tiredness): seek medical help at once.",
    safety: {
      pregnancy: "Tell your doctor if you are pregnant or planning a pregnancy; use only as prescribed.",
      breastfeeding: "Ask your doctor before use.",
      alcohol: "Avoid alcohol: with metformin it raises the risk of lactic acidosis and low blood sugar.",
      driving: "Not expected to affect driving; take care if you feel dizzy or shaky from low blood sugar.",
    },
    storage: DRY,
  },
  "HP-WC-004": {
    composition: "Myo-Inositol, Chromium Picolinate and Vitamin D3 (Cholecalciferol)",
    uses: "Daily nutritional support for women with PCOS and insulin resistance, alongside a balanced diet and exercise.",
    directions: "Take one tablet after breakfast.",
    sideEffects: "Usually well tolerated. Mild stomach upset or headache may occur. People with diabetes on medicines should check their sugar levels, as chromium may lower them.",
    safety: SUPPLEMENT,
    storage: DRY,
  },
  "HP-WC-005": {
    composition: "Standardised Spearmint (Mentha spicata) leaf extract (vegetarian capsule)",
    uses: "Traditionally taken for PCOS-related unwanted hair growth, for its mild anti-androgen effect.",
    directions: "Take one capsule twice a day after meals.",
    sideEffects: "Usually well tolerated. Heartburn or a mild stomach upset may occur.",
    safety: { ...SUPPLEMENT, pregnancy: "Do not use unless your doctor advises." },
    storage: DRY,
  },
  "HP-WC-006": {
    composition: "Natural Micronised Progesterone 200 mg (sustained release)",
    uses: "Prescribed to support the uterine lining in early pregnancy and in some fertility treatments.",
    directions: "Take at the dose and for the duration your doctor prescribes, often at bedtime. Do not stop suddenly without asking your doctor.",
    sideEffects: "Drowsiness, dizziness, breast tenderness, bloating, headache and mood changes. See a doctor at once for leg pain or swelling, chest pain or sudden breathlessness.",
    safety: {
      pregnancy: "Used in early pregnancy only on a doctor's prescription.",
      breastfeeding: "Ask your doctor before use.",
      alcohol: "Avoid alcohol: it can add to the drowsiness.",
      driving: "May cause drowsiness or dizziness; do not drive or use machines if affected.",
    },
    storage: DRY,
  },
  "HP-WC-007": {
    composition: "Iron Sucrose equivalent to elemental Iron 100 mg per 5 ml",
    uses: "Iron-deficiency anaemia, including in pregnancy, when iron by mouth is not tolerated or not enough.",
    directions: "Given slowly into a vein by a trained health professional in a clinic or hospital. The dose is calculated by your doctor from your haemoglobin and body weight.",
    sideEffects: "Taste changes, headache, nausea, low blood pressure and pain at the injection site. Rarely, a serious allergic reaction, which is why it is given where reactions can be managed.",
    safety: {
      pregnancy: "Used after the first trimester only when your doctor decides it is needed.",
      breastfeeding: "Ask your doctor before use.",
      alcohol: "Ask your doctor.",
      driving: "Do not drive straight after an infusion if you feel dizzy or light-headed.",
    },
    storage: "Store below 25°C in the carton; do not freeze. Kept and given by the clinic or hospital. Keep out of the reach of children.",
  },
  "HP-WC-008": {
    composition: "Algal DHA 200 mg, Folic Acid 400 mcg, Iodine and Vitamin D3 (per softgel)",
    uses: "Nutrition before conception and through pregnancy and breastfeeding: DHA for the baby's brain and eyes, folic acid to lower the risk of neural tube defects.",
    directions: "Take one softgel a day with a meal.",
    sideEffects: "Usually well tolerated. Burping or mild nausea may occur.",
    safety: {
      pregnancy: "Made for use before and during pregnancy; tell your doctor about all supplements you take.",
      breastfeeding: "Made for use while breastfeeding.",
      alcohol: "Avoid alcohol in pregnancy.",
      driving: "Not known to affect driving.",
    },
    storage: SOFTGEL,
  },
  "HP-WC-009": {
    composition: "Letrozole 2.5 mg",
    uses: "Prescribed by fertility specialists to induce ovulation, commonly in women with PCOS.",
    directions: "Usually taken for five days early in the cycle with ultrasound monitoring. Follow your specialist's schedule exactly.",
    sideEffects: "Hot flushes, headache, tiredness, dizziness, nausea and breast tenderness.",
    safety: {
      pregnancy: "Must not be taken once pregnancy is confirmed.",
      breastfeeding: "Do not use while breastfeeding.",
      alcohol: "Ask your doctor.",
      driving: "May cause dizziness or tiredness; do not drive if affected.",
    },
    storage: DRY,
  },
  "HP-WC-010": {
    composition: "Tranexamic Acid 500 mg + Mefenamic Acid 250 mg",
    uses: "Heavy menstrual bleeding with painful periods: tranexamic acid reduces blood loss and mefenamic acid eases cramps.",
    directions: "Take only during the days of bleeding, with or after food, as prescribed.",
    sideEffects: "Nausea, stomach pain, heartburn, diarrhoea and headache. Stop and see a doctor for black stools, vomiting blood, leg pain or swelling, or sudden breathlessness.",
    safety: {
      pregnancy: "Not for use in pregnancy unless your doctor advises.",
      breastfeeding: "Ask your doctor before use.",
      alcohol: "Avoid alcohol: with mefenamic acid it raises the risk of stomach bleeding.",
      driving: "May cause dizziness or drowsiness; do not drive if affected.",
    },
    storage: DRY,
  },
  "HP-WC-011": {
    composition: "Ferrous Ascorbate, Folic Acid and Vitamin B12 (Cyanocobalamin), sugar-free",
    uses: "Helps rebuild iron stores lost through monthly periods.",
    directions: "Take 10 ml once a day after a meal.",
    sideEffects: "Dark or black stools (harmless), constipation, nausea or stomach discomfort.",
    safety: { ...SUPPLEMENT, pregnancy: "Ask your doctor: iron in pregnancy is dosed by your doctor." },
    storage: SYRUP,
  },
  "HP-WC-012": {
    composition: "Menthol, Wintergreen oil (Methyl Salicylate) and Ginger oil",
    uses: "Soothing warmth over the lower abdomen and back during period cramps.",
    directions: "Roll gently over the area two to three times a day. For external use only: keep away from the eyes and broken skin, and wash your hands after use.",
    sideEffects: "Warmth, tingling or redness of the skin. Stop if the skin burns, itches or blisters.",
    safety: {
      pregnancy: "Ask your doctor before use: contains methyl salicylate.",
      breastfeeding: "Do not apply on the breasts.",
      alcohol: "No known interaction.",
      driving: "Not known to affect driving.",
    },
    storage: "Store below 30°C with the cap closed, away from flames and direct sunlight. Keep out of the reach of children.",
  },
  "HP-WC-013": {
    composition: "Evening Primrose Oil 1000 mg, rich in gamma-linolenic acid (GLA) (per softgel)",
    uses: "Taken by many women for premenstrual breast tenderness and dry skin; evidence for PMS relief is mixed.",
    directions: "Take one softgel twice a day with meals. Give it two to three cycles before judging.",
    sideEffects: "Mild stomach upset, loose stools or headache. Ask your doctor if you take blood thinners or have epilepsy.",
    safety: { ...SUPPLEMENT, pregnancy: "Do not use unless your doctor advises." },
    storage: SOFTGEL,
  },
  "HP-WC-014": {
    composition: "Calcium Citrate, Vitamin D3, Magnesium and Zinc",
    uses: "Bone density and muscle function for women over 35, during pregnancy and after menopause.",
    directions: "Take one tablet twice a day after meals.",
    sideEffects: "Constipation, wind or bloating. Ask your doctor if you have kidney stones.",
    safety: { ...SUPPLEMENT, pregnancy: "Suitable in pregnancy at the dose your doctor advises." },
    storage: DRY,
  },
  "HP-WC-015": {
    composition: "Cholecalciferol (Vitamin D3) 60,000 IU (per softgel)",
    uses: "Correcting Vitamin D deficiency; supports bones, muscles and immunity.",
    directions: "Usually one softgel a week for eight weeks, then once a month, as advised after a blood test. Do not exceed the dose your doctor advises.",
    sideEffects: "Rare at the advised dose. Too much builds up in the body and raises calcium: nausea, thirst, frequent urination, confusion: stop and see a doctor.",
    safety: {
      pregnancy: "Only at the dose your doctor advises.",
      breastfeeding: "Only at the dose your doctor advises.",
      alcohol: "No known interaction.",
      driving: "Not known to affect driving.",
    },
    storage: SOFTGEL,
  },
  "HP-WC-016": {
    composition: "Hydrolysed marine collagen peptides, Hyaluronic Acid, Vitamin C and Biotin (10 g scoop)",
    uses: "Joint comfort, skin elasticity and hair.",
    directions: "Mix one 10 g scoop into water, juice or a smoothie once a day.",
    sideEffects: "Usually well tolerated; mild fullness or heartburn may occur. Not for people allergic to fish.",
    safety: SUPPLEMENT,
    storage: POWDER,
  },
  "HP-WC-017": {
    composition: "Cefixime 200 mg (as Cefixime Trihydrate) per tablet",
    uses: "Bacterial infections a doctor has diagnosed, such as uncomplicated urinary tract infections. It does not work against colds, flu or other viral infections.",
    directions: "Only as your doctor prescribes, usually one tablet once or twice a day with or without food, for the number of days written on the prescription. Finish the course even if you feel better.",
    sideEffects: "Diarrhoea, loose stools, stomach pain, nausea and headache are the common ones. Severe or bloody diarrhoea, a rash, swelling of the face or difficulty breathing: stop and see a doctor at once.",
    safety: {
      pregnancy: "Only if your doctor prescribes it knowing you are pregnant.",
      breastfeeding: "Tell your doctor you are breastfeeding before taking it.",
      alcohol: "No known interaction; alcohol may make stomach upset worse.",
      driving: "Not known to affect driving; do not drive if you feel dizzy.",
    },
    storage: DRY,
  },
  "HP-SN-001": {
    composition: "Whey Protein Concentrate (24 g protein and 5.3 g naturally occurring BCAAs per 33 g scoop), cocoa, flavour",
    uses: "A protein shake after workouts or to meet a daily protein target.",
    directions: "Mix one scoop in water or milk; take one to two scoops a day.",
    sideEffects: "Bloating or wind, especially in people sensitive to lactose. Contains milk.",
    safety: SUPPLEMENT,
    storage: POWDER,
  },
  "HP-SN-002": {
    composition: "Whey Protein Isolate, cross-flow micro-filtered (27 g protein and under 1 g lactose per scoop), unflavoured",
    uses: "Lean protein after training or between meals; suits mild lactose sensitivity.",
    directions: "Take one scoop after training or between meals, blended into water, oats, smoothies or curd.",
    sideEffects: "Usually well tolerated; bloating is possible. Contains milk.",
    safety: SUPPLEMENT,
    storage: POWDER,
  },
  "HP-SN-003": {
    composition: "Pea Protein and Brown Rice Protein (25 g protein per serving) with digestive enzymes, vanilla flavour",
    uses: "Vegan protein, free from dairy and soy.",
    directions: "Shake one scoop with 250 ml of water or plant milk.",
    sideEffects: "Bloating or wind in some people.",
    safety: SUPPLEMENT,
    storage: POWDER,
  },
  "HP-SN-004": {
    composition: "Oats, Maltodextrin and Milk Protein (3:1 carbohydrate to protein), saffron and almond flavour",
    uses: "Extra calories for hard gainers alongside strength training.",
    directions: "Take one serving with milk.",
    sideEffects: "Fullness or bloating. High in sugars: people with diabetes should ask their doctor. Contains milk and nuts.",
    safety: SUPPLEMENT,
    storage: POWDER,
  },
  "HP-SN-005": {
    composition: "Caffeine 200 mg, Beta-Alanine 3.2 g and L-Citrulline 6 g (per scoop), fruit punch flavour",
    uses: "Energy, focus and pump before training.",
    directions: "Take one scoop 20 to 30 minutes before training; avoid it late in the evening. Not for under-18s.",
    sideEffects: "A harmless tingling of the skin (beta-alanine), jitteriness, a fast heartbeat and poor sleep. Not for anyone sensitive to caffeine.",
    safety: CAFFEINE,
    storage: POWDER,
  },
  "HP-SN-006": {
    composition: "Creatine Monohydrate, micronised (3 to 5 g per serving)",
    uses: "Strength and high-intensity performance.",
    directions: "Take 3 to 5 g a day with plenty of water; no loading phase is needed.",
    sideEffects: "A little weight gain from water held in the muscles; stomach upset at large doses. Ask your doctor if you have kidney disease.",
    safety: SUPPLEMENT,
    storage: POWDER,
  },
  "HP-SN-007": {
    composition: "L-Citrulline Malate, L-Arginine and Beetroot extract (stimulant-free)",
    uses: "Blood flow to working muscles before exercise, without caffeine.",
    directions: "Take three capsules 30 to 45 minutes before exercise.",
    sideEffects: "Stomach upset or loose stools; beetroot may turn urine pink. Ask your doctor if you take blood-pressure medicines.",
    safety: SUPPLEMENT,
    storage: DRY,
  },
  "HP-SN-008": {
    composition: "Caffeine 100 mg + L-Theanine 200 mg",
    uses: "Smooth alertness before early training or long study hours.",
    directions: "Take one tablet with water; not more than three a day and not within six hours of bedtime.",
    sideEffects: "Jitteriness, a fast heartbeat, headache or poor sleep, mostly at higher caffeine intakes.",
    safety: CAFFEINE,
    storage: DRY,
  },
  "HP-SN-009": {
    composition: "Branched-chain amino acids L-Leucine, L-Isoleucine and L-Valine (2:1:1) with electrolytes, watermelon flavour",
    uses: "Sipping during long sessions; may reduce muscle soreness when total protein intake is low.",
    directions: "Mix one scoop in 500 ml of water.",
    sideEffects: "Usually well tolerated; mild nausea or bloating may occur.",
    safety: SUPPLEMENT,
    storage: POWDER,
  },
  "HP-SN-010": {
    composition: "L-Glutamine, fermentation-derived, unflavoured",
    uses: "Often taken by athletes during heavy training blocks.",
    directions: "Take 5 g once or twice a day, for example in a protein shake.",
    sideEffects: "Usually well tolerated; bloating may occur. Ask your doctor if you have liver or kidney disease.",
    safety: SUPPLEMENT,
    storage: POWDER,
  },
  "HP-SN-011": {
    composition: "Diclofenac Diethylamine 1.16% w/w (gel)",
    uses: "Sprains, strains and muscle or joint pain after sport.",
    directions: "Rub a thin layer over the painful area three to four times a day and wash your hands afterwards. For external use only; do not use on broken skin.",
    sideEffects: "Redness, itching or a rash where applied. Stop if the skin reacts or you become wheezy.",
    safety: {
      pregnancy: "Ask a pharmacist or doctor before use; do not use in the last three months of pregnancy.",
      breastfeeding: "Ask a pharmacist before use; do not apply on the breasts.",
      alcohol: "No known interaction when used on the skin.",
      driving: "Not known to affect driving.",
    },
    storage: "Store below 30°C with the cap closed. Keep out of the reach of children.",
  },
  "HP-SN-012": {
    composition: "Zinc, Magnesium Aspartate and Vitamin B6 (Pyridoxine)",
    uses: "Muscle function and sleep quality for active people who lose minerals through sweat.",
    directions: "Take three capsules on an empty stomach before bed, away from calcium-rich foods.",
    sideEffects: "Nausea or loose stools; take with a small snack if the stomach is upset.",
    safety: SUPPLEMENT,
    storage: DRY,
  },
  "HP-SN-013": {
    composition: "Sodium, Potassium, Magnesium and Chloride (low sugar), lemon flavour",
    uses: "Replacing salts lost in sweat during long runs, matches and hot-weather training.",
    directions: "Empty one sachet into 500 ml of water and sip during or after exercise.",
    sideEffects: "Usually well tolerated. People on a salt-restricted diet or with kidney or heart disease should ask their doctor.",
    safety: SUPPLEMENT,
    storage: DRY,
  },
  "HP-SN-014": {
    composition: "Sodium, Potassium, Magnesium and Vitamin C, effervescent, no added sugar, orange flavour",
    uses: "Replacing salts lost in sweat on treks, long rides and training.",
    directions: "Drop one tablet into 500 ml of water and drink once dissolved.",
    sideEffects: "Usually well tolerated. People on a salt-restricted diet or with kidney or heart disease should ask their doctor.",
    safety: SUPPLEMENT,
    storage: "Store below 30°C in the tube with the cap closed tightly; moisture spoils the tablets. Keep out of the reach of children.",
  },
  "HP-SN-015": {
    composition: "Oral Rehydration Salts, reduced osmolarity (WHO formula): Sodium Chloride, Potassium Chloride, Sodium Citrate and Dextrose",
    uses: "Rehydration after heavy sweating, heat exhaustion or diarrhoea.",
    directions: "Dissolve the full sachet in one litre of clean drinking water; sip often and use within 24 hours. Seek medical help if vomiting, very little urine or drowsiness persists.",
    sideEffects: "Vomiting if drunk too fast; sip slowly.",
    safety: {
      pregnancy: "Safe to use for rehydration.",
      breastfeeding: "Safe to use for rehydration.",
      alcohol: "Avoid alcohol while dehydrated.",
      driving: "Not known to affect driving.",
    },
    storage: "Store the sachets below 30°C in a dry place. Keep the made-up solution covered and throw away what is left after 24 hours.",
  },
  "HP-KN-001": {
    composition: "Malted chocolate powder with Milk Protein, Calcium, Vitamin D and 23 other nutrients (27 g serving)",
    uses: "A more nourishing glass of milk for picky eaters aged 3 to 12; does not replace meals.",
    directions: "Mix two heaped spoons (27 g) in a glass of milk twice a day.",
    sideEffects: "Usually well tolerated. Contains milk and malted cereals (gluten).",
    safety: CHILDREN,
    storage: POWDER,
  },
  "HP-KN-002": {
    composition: "Calcium Carbonate and Vitamin D3 suspension, mango flavour",
    uses: "Growing bones and teeth in children who drink little milk.",
    directions: "Shake well and give 5 ml twice a day, or as advised by your paediatrician.",
    sideEffects: "Constipation or a mild stomach upset.",
    safety: CHILDREN,
    storage: SYRUP,
  },
  "HP-KN-003": {
    composition: "Iron with Folic Acid, paediatric drops (with a marked dropper)",
    uses: "Infants and young children at risk of iron deficiency.",
    directions: "The dose depends on the child's weight: give it as your paediatrician advises, using the marked dropper.",
    sideEffects: "Dark stools (harmless), constipation, stomach upset; may stain teeth, so wipe or brush after a dose.",
    safety: CHILDREN,
    storage: "Store below 30°C, away from direct sunlight; do not freeze. Keep out of the reach of children: an iron overdose is dangerous.",
  },
  "HP-KN-004": {
    composition: "Zinc Sulphate equivalent to elemental Zinc 20 mg (dispersible)",
    uses: "Given with ORS for 14 days in childhood diarrhoea to shorten the episode and lower the chance of another.",
    directions: "Dissolve one tablet in a spoon of clean water or breast milk once a day for 14 days; infants under six months take half a tablet. Follow your doctor's advice.",
    sideEffects: "Nausea or vomiting, especially if given on an empty stomach.",
    safety: CHILDREN,
    storage: DRY,
  },
  "HP-KN-005": {
    composition: "Vitamin C 100 mg and Zinc (per chewable tablet), sweetened without refined sugar, orange flavour",
    uses: "Everyday immunity for children aged 4 and above.",
    directions: "One tablet a day after food, chewed.",
    sideEffects: "Usually well tolerated; stomach upset if more than the advised amount is taken.",
    safety: CHILDREN,
    storage: DRY,
  },
  "HP-KN-006": {
    composition: "Lactobacillus rhamnosus GG, 5 billion CFU per sachet",
    uses: "Gut health in children during and after a course of antibiotics.",
    directions: "Mix one sachet into cool milk, water or curd (not hot food) once a day.",
    sideEffects: "Mild wind or bloating in the first days.",
    safety: CHILDREN,
    storage: "Store below 25°C in a dry place, away from direct sunlight. Keep out of the reach of children.",
  },
  "HP-KN-007": {
    composition: "Black Elderberry extract, Zinc and Vitamin C (syrup), berry flavour",
    uses: "A food supplement for children aged 2 and above, popular in the cold season.",
    directions: "Give 5 ml once a day. See a doctor for a fever lasting more than two days.",
    sideEffects: "Usually well tolerated; mild stomach upset may occur.",
    safety: CHILDREN,
    storage: SYRUP,
  },
  "HP-KN-008": {
    composition: "Algal DHA (omega-3), fish-free syrup, fruit flavour",
    uses: "Children's brain and eye development.",
    directions: "Shake well and give 5 ml a day with a meal.",
    sideEffects: "Usually well tolerated; burping or loose stools may occur.",
    safety: CHILDREN,
    storage: SYRUP,
  },
  "HP-KN-009": {
    composition: "Algal DHA 100 mg (per chewable softgel, vegetarian), orange flavour",
    uses: "Brain, eye and nerve development in the school years, for children aged 4 and above.",
    directions: "One softgel a day after lunch, chewed.",
    sideEffects: "Usually well tolerated; burping or loose stools may occur.",
    safety: CHILDREN,
    storage: SOFTGEL,
  },
  "HP-KN-010": {
    composition: "Brahmi (Bacopa monnieri) and Shankhpushpi extracts, without alcohol or artificial colours",
    uses: "An Ayurvedic syrup traditionally used to support memory and calm focus in children above 5 years.",
    directions: "Give 5 ml twice a day after meals.",
    sideEffects: "Usually well tolerated; mild stomach upset or loose stools may occur.",
    safety: CHILDREN,
    storage: SYRUP,
  },
  "HP-KN-011": {
    composition: "13 vitamins and 8 minerals including Iron, Zinc and Iodine (per chewable tablet), fruit flavour",
    uses: "Filling nutritional gaps in children aged 4 to 12 on days when meals are incomplete.",
    directions: "One tablet a day after breakfast, chewed.",
    sideEffects: "Usually well tolerated; contains iron, so keep it out of reach: an overdose is dangerous.",
    safety: CHILDREN,
    storage: DRY,
  },
  "HP-KN-012": {
    composition: "B-complex Vitamins, Vitamins A, C, D and E, Zinc and Lysine (syrup), orange flavour",
    uses: "Children with a poor appetite or recovering from illness.",
    directions: "Give 5 ml once or twice a day as advised by your paediatrician.",
    sideEffects: "Usually well tolerated; mild stomach upset may occur.",
    safety: CHILDREN,
    storage: SYRUP,
  },
  "HP-KN-013": {
    composition: "Cholecalciferol (Vitamin D3) 400 IU per 1 ml (drops)",
    uses: "Vitamin D for infants and toddlers, as paediatricians commonly advise from the first weeks for breastfed babies.",
    directions: "Give 1 ml a day on a spoon or directly in the mouth, or as your paediatrician advises. Do not give more than advised.",
    sideEffects: "Rare at the advised dose; too much can raise calcium (vomiting, constipation, poor feeding): stop and see a doctor.",
    safety: CHILDREN,
    storage: SYRUP,
  },
};

/** The safety advice as stored: one line per topic (common/medicine-information.ts reads it back). */
export function safetyAdviceText(safety: DemoSafetyAdvice): string {
  return [
    `Pregnancy: ${safety.pregnancy}`,
    `Breastfeeding: ${safety.breastfeeding}`,
    `Alcohol: ${safety.alcohol}`,
    `Driving: ${safety.driving}`,
  ].join("\n");
}

/** The product row's medicine information columns for a demo product (null for an unknown SKU or brand). */
export function demoMedicineColumns(sku: string, brand: string) {
  const info = DEMO_MEDICINE_INFORMATION[sku];
  const maker = DEMO_MAKERS[brand];
  return {
    composition: info?.composition ?? null,
    uses: info?.uses ?? null,
    directions: info?.directions ?? null,
    sideEffects: info?.sideEffects ?? null,
    safetyAdvice: info ? safetyAdviceText(info.safety) : null,
    storage: info?.storage ?? null,
    manufacturer: maker?.manufacturer ?? null,
    marketer: maker?.marketer ?? null,
    countryOfOrigin: maker?.countryOfOrigin ?? null,
  };
}
