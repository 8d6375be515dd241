import { Link } from "react-router";
import { RETURN_WINDOW_DAYS } from "#common/returns.ts";
import { PolicyPage, useSeller } from "~/components/content/policy";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Terms and Conditions",
    "The terms for buying medicines and supplements from our online pharmacy: prescriptions, prices, payment, cancellations, returns, refunds and grievances.",
  );

export default function Terms() {
  const seller = useSeller();
  const sellerName = seller?.name ?? "the seller named below";
  return (
    <PolicyPage
      title="Terms and Conditions"
      intro="The rules that apply when you use this website and buy from us. Please read them before placing an order; by ordering you accept them."
      sections={[
        {
          id: "about-these-terms",
          title: "About these terms",
          body: (
            <>
              <p>
                This website is run by {sellerName} ("we", "us"), a licensed retail pharmacy and manufacturer of health
                supplements. These terms, together with our <Link to="/privacy">Privacy Policy</Link>, our{" "}
                <Link to="/shipping">Shipping and Delivery policy</Link> and the <Link to="/how-to-order">How to Order</Link>{" "}
                guide, form the agreement between you and us. They are published as required by the Consumer Protection
                (E-Commerce) Rules, 2020.
              </p>
              <p>
                Nothing in these terms takes away the rights you have as a consumer under the Consumer Protection Act, 2019.
              </p>
            </>
          ),
        },
        {
          id: "your-account",
          title: "Your account",
          body: (
            <ul>
              <li>You must be 18 or older to buy from us. A parent or guardian may order for a child.</li>
              <li>Give us accurate name, phone, email and delivery details, and keep them up to date.</li>
              <li>
                Keep your password private. You are responsible for orders placed from your account; tell us at once if you
                think someone else has used it.
              </li>
              <li>We may suspend an account used for fraud, resale of medicines or abuse of offers, and will tell you why.</li>
            </ul>
          ),
        },
        {
          id: "prescription-medicines",
          title: "Prescription medicines",
          body: (
            <>
              <p>
                Medicines marked <strong>Rx Only</strong> (Schedule H and H1 drugs) are sold only against a valid prescription
                from a registered medical practitioner, as the Drugs and Cosmetics Rules, 1945 require. Online orders are not
                exempt.
              </p>
              <ul>
                <li>Upload a clear photo or PDF of the prescription at checkout. Rx items cannot be ordered without one.</li>
                <li>
                  Our registered pharmacist{seller ? `, ${seller.pharmacistName},` : ""} or a pharmacist working under their
                  supervision reviews every prescription before the order is packed, and approves or rejects it with a reason.
                </li>
                <li>
                  A prescription must show the doctor's name, qualification, registration number and address; the patient's
                  name, age and sex; the date; and each medicine with its strength, dose and duration. We accept it for up to
                  six months from its date, unless the doctor wrote a shorter period.
                </li>
                <li>
                  We dispense only the quantity the prescription supports and record each sale in the registers the law
                  requires.
                </li>
                <li>
                  We do not sell narcotic or psychotropic drugs or Schedule X drugs online, whatever the prescription says.
                </li>
              </ul>
              <p>
                If a prescription is rejected, we cancel the whole order, including any items that do not need a
                prescription, and refund in full anything you have paid for it; you can upload a new prescription and
                order again.
              </p>
            </>
          ),
        },
        {
          id: "health-information",
          title: "Health information on this site",
          body: (
            <p>
              Product descriptions, articles and answers from our team are general information, not a diagnosis or a
              substitute for advice from your doctor. Health supplements are not meant to diagnose, treat, cure or prevent any
              disease. Consult a doctor before starting a supplement if you are pregnant, breastfeeding, taking medicines or
              buying for a child.
            </p>
          ),
        },
        {
          id: "prices-and-invoices",
          title: "Prices, taxes and invoices",
          body: (
            <ul>
              <li>All prices are in Indian rupees and include GST. Delivery within India is free.</li>
              <li>
                We never charge more than the maximum retail price (MRP) printed on the pack; where we sell below MRP, both
                prices are shown.
              </li>
              <li>
                If a price on the site is wrong because of an obvious error, we will tell you before dispatch and you can
                confirm at the correct price or cancel for a full refund.
              </li>
              <li>
                Every order comes with a GST tax invoice showing our GSTIN and drug licence number and, for medicines, the batch
                number and expiry date.
              </li>
            </ul>
          ),
        },
        {
          id: "orders-and-payment",
          title: "Orders and payment",
          body: (
            <>
              <p>
                Placing an order is an offer to buy. A contract is formed when we confirm the order by email, or for
                prescription items when our pharmacist approves the prescription. We may decline or cancel an order if a
                product is out of stock, the prescription is not valid, the delivery PIN code is not serviceable, or we suspect
                fraud; you then receive a full refund.
              </p>
              <p>
                Payments are processed securely by Razorpay using credit and debit cards, UPI or net banking. We never see or
                store your full card number, CVV or UPI PIN. See <Link to="/how-to-order">How to Order</Link> for details.
              </p>
            </>
          ),
        },
        {
          id: "cancellations-returns-refunds",
          title: "Cancellations, returns and refunds",
          body: (
            <>
              <ul>
                <li>
                  You can cancel an order until it is shipped (from My Orders, or by writing to us), and a paid order is
                  refunded in full.
                </li>
                <li>
                  We take back and refund items if you receive the wrong item, a damaged or tampered pack, or an item that has
                  expired or is near expiry. Ask from the order's page within {RETURN_WINDOW_DAYS} days of delivery.
                </li>
                <li>
                  For your safety, medicines and supplements that were correctly delivered in good condition cannot be
                  returned once they have left our pharmacy, and opened packs cannot be returned.
                </li>
                <li>
                  A refund is made when we cancel the order or approve the return: to the original payment method for an order
                  paid online (your bank usually credits it within 5 to 7 business days), or by our care team to your bank
                  account for a cash-on-delivery order.
                </li>
              </ul>
              <p>
                The full process is in our{" "}
                <Link to="/shipping#returns-and-refunds">Shipping and Delivery policy</Link>.
              </p>
            </>
          ),
        },
        {
          id: "reviews-and-content",
          title: "Reviews and your content",
          body: (
            <p>
              You may post honest reviews of products you have used. Do not post content that is false, offensive, promotional,
              or that makes medical claims or names a patient. We may remove reviews that break these rules. By posting, you
              allow us to show your review and first name on this site.
            </p>
          ),
        },
        {
          id: "intellectual-property",
          title: "Intellectual property",
          body: (
            <p>
              The brand names, logos, product images, text and design of this site belong to us or our licensors. You may view
              and print pages for your personal use, but not copy, sell or reuse them commercially without our written
              permission.
            </p>
          ),
        },
        {
          id: "liability",
          title: "Our liability",
          body: (
            <p>
              We take care to describe products accurately and to deliver them in good condition. To the extent the law allows,
              we are not liable for losses that were not foreseeable, for misuse of a product against its label or your
              doctor's advice, or for delays caused by events outside our control such as natural disasters or strikes. Our
              liability for any order is limited to the amount you paid for it, except where the law does not allow such a
              limit.
            </p>
          ),
        },
        {
          id: "governing-law",
          title: "Governing law and changes",
          body: (
            <>
              <p>
                These terms are governed by the laws of India. Subject to your right to approach a Consumer Commission where
                you live, the courts at Bengaluru, Karnataka have jurisdiction.
              </p>
              <p>
                We may update these terms; the date at the top of this page shows the latest change. The terms in force when
                you placed an order apply to that order.
              </p>
            </>
          ),
        },
      ]}
    />
  );
}
