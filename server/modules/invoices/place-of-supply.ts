/**
 * Place of supply for the tax invoice: which Indian state (GST state code) a delivery goes to.
 *
 * Since issue 14 the shipping address names its state (one of the 36, chosen or filled from the
 * PIN at checkout), and that state is the place of supply. Older addresses have none, so their
 * state is read from the PIN code. An Indian
 * PIN's first two digits name a postal circle, which is a state in most cases; where a circle
 * covers several states or union territories, the first three digits (or a range of full PINs)
 * decide. Sources: India Post's PIN code zones and GST state codes (CBIC).
 *
 * Known limits (documented choice, not an oversight): a few border post offices are served from
 * a neighbouring state's sorting district (e.g. some 244xxx PINs in Uttarakhand, some 160xxx in
 * Punjab); this table puts them in the state of their sorting district. A full PIN directory
 * would settle those; for the shop's own decision (is the buyer in the seller's state?) the
 * seller's circle (Karnataka, 56–59) has no such overlap.
 *
 * An Indian address whose PIN matches no state is treated as inter-state (IGST), because
 * CGST + SGST may only be charged when the supply is known to stay within the seller's state.
 * Addresses outside India are exports: IGST, place of supply "Other Country" (GST code 96).
 */
import type { PlaceOfSupply } from "#common/invoices.ts";


export const GST_STATES: Record<string, string> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
};

export const OUTSIDE_INDIA: PlaceOfSupply = { code: "96", name: "Other Country" };
export const UNKNOWN_STATE: PlaceOfSupply = { code: "97", name: "Other Territory (state not known)" };

/** First two PIN digits → GST state code. */
const BY_CIRCLE: Record<string, string> = {
  "11": "07",
  "12": "06",
  "13": "06",
  "14": "03",
  "15": "03",
  "16": "03",
  "17": "02",
  "18": "01",
  "19": "01",
  "20": "09",
  "21": "09",
  "22": "09",
  "23": "09",
  "24": "09",
  "25": "09",
  "26": "09",
  "27": "09",
  "28": "09",
  "30": "08",
  "31": "08",
  "32": "08",
  "33": "08",
  "34": "08",
  "36": "24",
  "37": "24",
  "38": "24",
  "39": "24",
  "40": "27",
  "41": "27",
  "42": "27",
  "43": "27",
  "44": "27",
  "45": "23",
  "46": "23",
  "47": "23",
  "48": "23",
  "49": "22",
  "50": "36",
  "51": "37",
  "52": "37",
  "53": "37",
  "56": "29",
  "57": "29",
  "58": "29",
  "59": "29",
  "60": "33",
  "61": "33",
  "62": "33",
  "63": "33",
  "64": "33",
  "67": "32",
  "68": "32",
  "69": "32",
  "70": "19",
  "71": "19",
  "72": "19",
  "73": "19",
  "74": "19",
  "75": "21",
  "76": "21",
  "77": "21",
  "78": "18",
  "80": "10",
  "81": "10",
  "82": "10",
  "83": "20",
  "84": "10",
  "85": "10",
};

/** First three PIN digits that belong to another state than their circle. */
const BY_DISTRICT: Record<string, string> = {
  "194": "38", // Leh and Kargil
  "246": "05", // Garhwal
  "248": "05", // Dehradun
  "249": "05", // Haridwar, Rishikesh, Tehri
  "263": "05", // Kumaon (Nainital, Almora, Haldwani)
  "396": "26", // Dadra and Nagar Haveli, Daman (and Valsad, Gujarat: see the ranges below)
  "403": "30", // Goa
  "605": "34", // Puducherry (and parts of Villupuram: see the ranges below)
  "682": "32", // Kochi (Lakshadweep is 682551-682559, below)
  "737": "11", // Sikkim
  "744": "35", // Andaman and Nicobar Islands
  "790": "12",
  "791": "12",
  "792": "12", // Arunachal Pradesh
  "793": "17",
  "794": "17", // Meghalaya
  "795": "14", // Manipur
  "796": "15", // Mizoram
  "797": "13",
  "798": "13", // Nagaland
  "799": "16", // Tripura
  "814": "20",
  "815": "20",
  "816": "20", // Santhal Pargana, Jharkhand
  "822": "20",
  "825": "20",
  "826": "20",
  "827": "20",
  "828": "20",
  "829": "20",
  "831": "20",
  "832": "20",
  "833": "20",
  "834": "20",
  "835": "20", // Jharkhand
  "820": "10",
  "821": "10",
  "823": "10",
  "824": "10", // Bihar (83 is otherwise Jharkhand, 82 Bihar/Jharkhand)
};

/** Whole PIN ranges inside a district of another state. */
const BY_RANGE: Array<{ from: number; to: number; code: string }> = [
  { from: 160001, to: 160036, code: "04" }, // Chandigarh
  { from: 396001, to: 396195, code: "24" }, // Valsad district, Gujarat
  { from: 396210, to: 396240, code: "26" }, // Daman, Silvassa
  { from: 396300, to: 396599, code: "24" }, // Navsari district, Gujarat
  { from: 682551, to: 682559, code: "31" }, // Lakshadweep
  { from: 605001, to: 605014, code: "34" }, // Puducherry town
  { from: 605101, to: 605110, code: "34" }, // Puducherry outskirts
  { from: 605501, to: 605502, code: "34" },
  { from: 605650, to: 605999, code: "33" }, // Villupuram district, Tamil Nadu
];

/** The Indian state of a six-digit PIN code, or undefined when it names none. */
export function stateFromPin(pin: string): PlaceOfSupply | undefined {
  const digits = pin.replace(/\s+/g, "");
  if (!/^[1-9][0-9]{5}$/.test(digits)) return undefined;
  const value = Number(digits);
  const code =
    BY_RANGE.find((range) => value >= range.from && value <= range.to)?.code ??
    BY_DISTRICT[digits.slice(0, 3)] ??
    BY_CIRCLE[digits.slice(0, 2)];
  return code ? { code, name: GST_STATES[code]! } : undefined;
}

/** The seller's state from the first two digits of its GSTIN. */
export function stateFromGstin(gstin: string): PlaceOfSupply {
  const code = gstin.slice(0, 2);
  const name = GST_STATES[code];
  return name ? { code, name } : UNKNOWN_STATE;
}

/** The GST state code of a state or union territory named as common/india.ts INDIAN_STATES names it. */
export function stateByName(name: string): PlaceOfSupply | undefined {
  const wanted = name.trim().toLowerCase();
  const code = Object.keys(GST_STATES).find((key) => GST_STATES[key]!.toLowerCase() === wanted);
  return code ? { code, name: GST_STATES[code]! } : undefined;
}

/**
 * Where the goods are delivered, for GST: the state the address names (chosen at checkout, issue
 * 14), else the state of its Indian PIN (orders placed before addresses had a state), else
 * outside India or unknown.
 */
export function placeOfSupply(address: { country: string; postalCode: string; state?: string }): PlaceOfSupply {
  if (address.country.trim().toLowerCase() !== "india") return OUTSIDE_INDIA;
  return (address.state ? stateByName(address.state) : undefined) ?? stateFromPin(address.postalCode) ?? UNKNOWN_STATE;
}
