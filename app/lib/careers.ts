/** The careers pages' shared facts: where applications go and the roles currently open. */
export const CAREERS_EMAIL = "careers@healthcarepharma.in";

export interface JobOpening {
  slug: string;
  title: string;
  department: string;
  location: string;
  type: string;
  summary: string;
  /** What a candidate should mention beyond a CV, shown on the apply page. */
  askFor: string[];
}

export const JOB_OPENINGS: readonly JobOpening[] = [
  {
    slug: "registered-pharmacist",
    title: "Registered Pharmacist, Online Dispensing",
    department: "Pharmacy",
    location: "Bengaluru, Karnataka",
    type: "Full-time",
    summary:
      "Review and approve prescriptions for online orders, counsel customers on dosage and interactions by phone, and keep the prescription registers the Drugs and Cosmetics Rules require.",
    askFor: [
      "Your B.Pharm or D.Pharm qualification and year of passing",
      "Your State Pharmacy Council registration number",
      "Whether you can work one Saturday shift a month",
    ],
  },
  {
    slug: "quality-assurance-executive",
    title: "Quality Assurance Executive",
    department: "Quality",
    location: "Bengaluru, Karnataka (manufacturing site)",
    type: "Full-time",
    summary:
      "Review batch manufacturing records, run in-process checks, manage deviations and CAPA, and help us stay audit-ready for WHO-GMP, ISO 22000 and FSSC 22000.",
    askFor: [
      "Your M.Sc., B.Pharm or M.Pharm qualification",
      "The GMP or food-safety audits you have taken part in",
      "Any QMS or LIMS software you have used",
    ],
  },
  {
    slug: "territory-sales-manager-women-care",
    title: "Territory Sales Manager, Women Care",
    department: "Sales",
    location: "Mumbai, Maharashtra",
    type: "Full-time, field role",
    summary:
      "Build relationships with gynaecologists, fertility clinics and pharmacies across Mumbai and Thane, and grow our women care range with science-led conversations.",
    askFor: [
      "Your years of pharmaceutical field sales and the therapy areas you covered",
      "The territories you know well",
      "A two-wheeler licence, as the role involves daily travel",
    ],
  },
  {
    slug: "clinical-nutritionist",
    title: "Clinical Nutritionist",
    department: "Research & Development",
    location: "Remote, anywhere in India",
    type: "Contract, 12 months",
    summary:
      "Write evidence-based product guides for sports and kids nutrition, answer customers' diet questions, and review new formulations with our R&D team.",
    askFor: [
      "Your M.Sc. in Clinical Nutrition or Dietetics, or RD credential",
      "Two short samples of patient or consumer education you have written",
      "The hours you can commit each week",
    ],
  },
];

/** The opening a `?role=` value names, or undefined for a missing or unknown slug. */
export function findOpening(slug: string | null | undefined): JobOpening | undefined {
  if (!slug) return undefined;
  return JOB_OPENINGS.find((opening) => opening.slug === slug);
}

/** A mailto: link to the careers inbox with the subject already filled in. */
export function careersMailto(subject: string): string {
  return `mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(subject)}`;
}
