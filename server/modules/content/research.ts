import { desc } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { researchArticles } from "#server/db/schema.ts";
import type { ResearchArticle } from "#common/research.ts";

/** The research highlights, newest first. */
export async function listResearchArticles(db: Database): Promise<ResearchArticle[]> {
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
