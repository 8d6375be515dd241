import { Link } from "react-router";
import { RESERVATION_MINUTES } from "#common/orders.ts";
import { RETURN_WINDOW_DAYS } from "#common/returns.ts";
import { PolicyPage, useDeliveryTexts, useSeller } from "~/components/content/policy";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/how-to-order";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "How to Order",
    "Ordering from our online pharmacy step by step: find products, upload a prescription for Rx items, pay by card, UPI, net banking or cash on delivery, and track delivery.",
  );

export default function HowToOrder() {
  const seller = useSeller();
  const delivery = useDeliveryTexts();
  return (
    <PolicyPage
      title="How to Order"
      intro="Ordering takes a few minutes. Here is each step, what we need for prescription medicines, and the ways you can pay."
      sections={[
        {
          id: "steps",
          title: "Ordering step by step",
          body: (
            <ol>
              <li>
                <strong>Find your products.</strong> Browse <Link to="/collections/all">all products</Link> or go straight to{" "}
                <Link to="/collections/women-care">Women Care</Link>,{" "}
                <Link to="/collections/sports-nutrition">Sports Nutrition</Link> or{" "}
                <Link to="/collections/kids-nutrition">Kids Nutrition</Link>. The search box at the top of every page finds
                products by name or ingredient.
              </li>
              <li>
                <strong>Check the details.</strong> Each product page shows the price, MRP, pack size, ingredients and stock.
                Products marked <strong>Rx Only</strong> need a prescription.
              </li>
              <li>
                <strong>Add to cart.</strong> Choose the quantity and add the product to your cart. Open the cart at any time
                to change quantities or remove items.
              </li>
              <li>
                <strong>Sign in.</strong> Sign in or create an account when you check out, so you can follow your order and
                see it under My Orders.
              </li>
              <li>
                <strong>Enter your delivery address.</strong> Give your full address in India, six-digit PIN code and a
                phone number the courier can reach, or choose one you saved. We show whether and when we deliver to your PIN
                code before you pay.
              </li>
              <li>
                <strong>Upload your prescription</strong> if your cart has Rx items: a clear photo or PDF (see below), at
                checkout or beforehand under <Link to="/profile/prescriptions">My Prescriptions</Link>. You cannot pay for
                Rx items without one.
              </li>
              <li>
                <strong>Pay securely</strong> with a card, UPI or net banking through Razorpay, or choose cash on delivery
                where it is offered. {delivery.cost} If you close the payment window, your order waits under My Orders with
                a "Complete payment" button until its reservation ends ({RESERVATION_MINUTES} minutes).
              </li>
              <li>
                <strong>We confirm and dispatch.</strong> You get an email when the order is placed, when a pharmacist has
                approved your prescription, and when it ships, with a tracking link. See{" "}
                <Link to="/shipping">Shipping and Delivery</Link> for delivery times.
              </li>
            </ol>
          ),
        },
        {
          id: "prescriptions",
          title: "Ordering prescription medicines",
          body: (
            <>
              <p>
                By law, Schedule H and H1 medicines can be sold only against a valid prescription, reviewed by a registered
                pharmacist{seller ? ` (our pharmacist in charge is ${seller.pharmacistName}, ${seller.pharmacistRegistration})` : ""}.
                A valid prescription shows:
              </p>
              <ul>
                <li>the doctor's name, qualification, registration number, address and signature;</li>
                <li>the patient's name, age and sex;</li>
                <li>the date, which must be within the last six months;</li>
                <li>each medicine with its strength, dose and duration.</li>
              </ul>
              <p>
                Upload a clear photo or PDF showing the whole page. Our pharmacist reviews it during business hours, usually
                within four hours, and approves it or tells you why it cannot be accepted. If it is rejected, the whole order is
                cancelled and anything you have paid for it is refunded in full; you can upload a new prescription and order
                again.
              </p>
              <p>
                We do not sell narcotic, psychotropic or Schedule X drugs online. Orders that contain Rx items are dispatched
                together once the prescription is approved.
              </p>
            </>
          ),
        },
        {
          id: "payment-methods",
          title: "Payment methods",
          body: (
            <>
              <p>All payments are processed by Razorpay, a PCI DSS compliant payment gateway regulated by the Reserve Bank of India:</p>
              <ul>
                <li>
                  <strong>Cards</strong>: credit and debit cards on Visa, Mastercard and RuPay, with your bank's OTP
                  verification.
                </li>
                <li>
                  <strong>UPI</strong>: pay from any UPI app by entering your UPI ID or scanning the QR code.
                </li>
                <li>
                  <strong>Net banking</strong>: from the accounts of all major Indian banks.
                </li>
              </ul>
              <p>{delivery.cod}</p>
              <p>
                We never see or store your full card number, CVV, UPI PIN or banking password. If money leaves your account
                but the order is not confirmed, the payment is reversed automatically within 5 to 7 business days; write to us
                if it is not.
              </p>
            </>
          ),
        },
        {
          id: "prices-and-invoices",
          title: "Prices and invoices",
          body: (
            <p>
              Prices are in rupees and include GST; we never charge above the MRP on the pack. A GST tax invoice with our GSTIN,
              drug licence number and each medicine's batch and expiry is emailed with your order and packed in the parcel.
            </p>
          ),
        },
        {
          id: "changes-and-cancellations",
          title: "Changing or cancelling an order",
          body: (
            <p>
              You can cancel an order until it is shipped ("Cancel order" on the order's page), and change the address until
              it ships by contacting our care team. Returns are accepted for wrong, damaged or expired items within{" "}
              {RETURN_WINDOW_DAYS} days of delivery; see our{" "}
              <Link to="/shipping#returns-and-refunds">returns and refunds policy</Link> and the{" "}
              <Link to="/terms">Terms and Conditions</Link>.
            </p>
          ),
        },
        {
          id: "help",
          title: "Need help ordering?",
          body: (
            <p>
              Call us on {seller ? <a href={`tel:${seller.phone.replace(/\s+/g, "")}`}>{seller.phone}</a> : "our care line"}{" "}
              (Monday to Friday 9 AM to 6 PM, Saturday 10 AM to 2 PM) or <Link to="/contact">send us a message</Link>. Our
              pharmacists are happy to answer questions about a prescription before you order.
            </p>
          ),
        },
      ]}
    />
  );
}
