import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("talent-network", "talent-network page");

export default function Page() {
  return (
    <main id="main">
      <PageHero title="talent-network" />
    </main>
  );
}
