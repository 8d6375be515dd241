-- "Read Full Study" opens the study itself, not a PubMed search (issue 27 item 7). The demo
-- articles seeded before this still hold the search links: each gets its study's PubMed page, only
-- where the link is still the seeded search (an article an editor changed is left alone).
--   Myo-inositol vs metformin: Greff et al., Reprod Biol Endocrinol 2023, PMID 36703143.
--   PCOS vs PCOD: Teede et al., 2023 International PCOS Guideline recommendations, J Clin Endocrinol Metab, PMID 37580314.
--   Oligohydramnios: Nabhan and Abdelmoula, AFI versus single deepest pocket, Int J Gynaecol Obstet 2009, PMID 19046586.
UPDATE "research_articles" SET "link" = 'https://pubmed.ncbi.nlm.nih.gov/36703143/' WHERE "slug" = 'myo-inositol-vs-metformin-in-pcos' AND "link" = 'https://pubmed.ncbi.nlm.nih.gov/?term=myo-inositol+metformin+polycystic+ovary+syndrome';
--> statement-breakpoint
UPDATE "research_articles" SET "link" = 'https://pubmed.ncbi.nlm.nih.gov/37580314/' WHERE "slug" = 'pcos-vs-pcod' AND "link" = 'https://pubmed.ncbi.nlm.nih.gov/?term=polycystic+ovary+syndrome+international+evidence-based+guideline+2023';
--> statement-breakpoint
UPDATE "research_articles" SET "link" = 'https://pubmed.ncbi.nlm.nih.gov/19046586/' WHERE "slug" = 'oligohydramnios' AND "link" = 'https://pubmed.ncbi.nlm.nih.gov/?term=oligohydramnios+single+deepest+pocket+amniotic+fluid+index';
