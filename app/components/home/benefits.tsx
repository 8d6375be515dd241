import { Lock, ShieldCheck, Truck } from "lucide-react";
import { useDeliveryTexts } from "~/components/content/delivery-texts";

/**
 * The strip of shopping promises between New Arrivals and New Launch. The delivery promise is the
 * one /shipping, /how-to-order and the checkout make (common/delivery-policy.ts): India only, in
 * rupees, not the spec's "Free International Shipping on orders over $100".
 */
export function BenefitsStrip() {
  const delivery = useDeliveryTexts();
  const BENEFITS = [
    { icon: Truck, title: delivery.benefitTitle, text: delivery.benefitText },
    { icon: ShieldCheck, title: "Quality Assured", text: "GMP-certified, batch-tested products" },
    { icon: Lock, title: "Secure Checkout", text: "Encrypted payments through Razorpay" },
  ];
  return (
    <section aria-label="Why shop with us" className="below-fold border-y border-brand-100 bg-brand-50">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:grid-cols-3 sm:px-6">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-center gap-4">
            <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
              <Icon className="h-6 w-6" aria-hidden />
            </span>
            <span>
              <span className="block font-semibold text-gray-900">{title}</span>
              <span className="block text-sm text-gray-700">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
