import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("login", "login page");

export default function Page() {
  return (
    <main id="main">
      <PageHero title="login" />
    </main>
  );
}
