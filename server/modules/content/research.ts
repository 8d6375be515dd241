import { desc } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { researchArticles } from "#server/db/schema.ts";

/** A research highlight as the home page shows it. */
export interface ResearchArticleJson {
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
  link: string;
}

/** The research highlights, newest first. */
export async function listResearchArticles(db: Database): Promise<ResearchArticleJson[]> {
  return db
    .select({
      slug: researchArticles.slug,
      title: researchArticles.title,
      description: researchArticles.description,
      fullContent: researchArticles.fullContent,
      category: researchArticles.category,
      image: researchArticles.image,
      imageAlt: researchArticles.imageAlt,
      publishedOn: researchArticles.publishedOn,
      link: researchArticles.link,
    })
    .from(researchArticles)
    .orderBy(desc(researchArticles.publishedOn));
}
