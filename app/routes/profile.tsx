import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("profile", "profile page");

export default function Page() {
  return (
    <main id="main">
      <PageHero title="profile" />
    </main>
  );
}
