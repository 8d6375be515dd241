import { Link } from "react-router";
import { useLocalePath, useT } from "~/lib/i18n";

/** An account page's way back to My Profile and its title (My Addresses, My Prescriptions, My Refills). */
export function AccountPageTitle({ title }: { title: string }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <>
      <p className="text-sm">
        <Link to={lp("/profile")} className="font-medium text-brand-800 underline hover:text-brand-900">
          {t("account.profile.title")}
        </Link>
        <span aria-hidden> / </span>
        <span className="text-gray-700">{title}</span>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">{title}</h1>
    </>
  );
}
