/** A research highlight as the home page shows it (server/modules/content/research.ts reads them). */
export interface ResearchArticle {
  slug: string;
  title: string;
  description: string;
  /** Paragraphs separated by a blank line. */
  fullContent: string;
  category: string;
  image: string;
  imageAlt: string;
  /** ISO date, YYYY-MM-DD. */
  publishedOn: string;
  /** "Read Full Study": the study's own page (its PubMed record), never a search (migration 0033). */
  link: string;
}
