import { useT } from "~/lib/i18n";

/** The prescription-only mark on cards and product pages ("Rx Only" everywhere, one rule). */
export function RxChip({ className = "" }: { className?: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ${className}`}
      title={t("catalog.rxTitle")}
    >
      {t("catalog.rxOnly")}
    </span>
  );
}
