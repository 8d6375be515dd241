import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("collection", "collection page");

export default function Page() {
  return (
    <main id="main">
      <PageHero title="collection" />
    </main>
  );
}
