import { Link } from "react-router";
import { PolicyPage, useDeliveryTexts, useSeller } from "~/components/content/policy";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Shipping and Delivery",
    "Free delivery across India: PIN code serviceability, delivery times by region, order tracking, cold-chain packing, cancellations, returns and refunds.",
  );

// Typical times of the serviceability table's demo ranges (migration 0011); the date for one PIN
// code is what "Check delivery" and the checkout show.
const DELIVERY_TIMES = [
  { region: "Bengaluru city", days: "1–2 working days" },
  { region: "Delhi, Noida, Gurugram, Mumbai, Pune, Chennai, Hyderabad, Kolkata", days: "2–3 working days" },
  { region: "Rest of Karnataka, Tamil Nadu, Kerala, Andhra Pradesh, Telangana", days: "3–5 working days" },
  { region: "Other states and union territories", days: "4–7 working days" },
  { region: "North-East, Jammu and Kashmir, Ladakh, Andaman and Nicobar, Lakshadweep", days: "6–10 working days" },
];

const ORDER_STATES = [
  { name: "Placed", meaning: "we have your order and payment." },
  { name: "Prescription under review", meaning: "our pharmacist is checking the prescription (Rx items only)." },
  { name: "Confirmed", meaning: "your order is approved and being packed." },
  { name: "Shipped", meaning: "the courier has it; you receive a tracking link by email and SMS." },
  { name: "Out for delivery", meaning: "it will reach you today; the order can no longer be cancelled." },
  { name: "Delivered", meaning: "handed over at your address." },
];

export default function Shipping() {
  const seller = useSeller();
  const delivery = useDeliveryTexts();
  return (
    <PolicyPage
      title="Shipping and Delivery"
      intro="Free delivery on every order across India, packed by our pharmacy team in Bengaluru. Here is how long it takes, how to track it, and what to do if something goes wrong."
      sections={[
        {
          id: "free-shipping",
          title: "Free shipping",
          body: (
            <p>
              {delivery.cost} {delivery.where} Prices are in rupees and include GST; the total you see at checkout, with every
              fee on its own line, is the total you pay.
            </p>
          ),
        },
        {
          id: "serviceable-pin-codes",
          title: "Where we deliver",
          body: (
            <>
              <p>
                We deliver to most PIN codes in India through our courier partners. Enter your six-digit PIN code in the
                "Check delivery" box on a product page, in the cart or at checkout and we tell you, before you pay, whether we
                can deliver there, the expected delivery date and whether cash on delivery is available.
              </p>
              <p>
                Some remote PIN codes are not serviceable, and temperature-sensitive products can only go to PIN codes where
                our couriers can keep the cold chain. If your PIN code is not covered, <Link to="/contact">contact us</Link>{" "}
                and we will look for another way to reach you.
              </p>
            </>
          ),
        },
        {
          id: "delivery-times",
          title: "Dispatch and delivery times",
          body: (
            <>
              <p>
                {delivery.dispatch} Prescription orders are dispatched once our pharmacist has approved the prescription,
                usually within four business hours.
              </p>
              <table className="mt-4 w-full border-collapse text-left text-sm sm:text-base">
                <caption className="pb-2 text-left font-semibold text-gray-900">
                  Typical delivery time after dispatch
                </caption>
                <thead>
                  <tr className="border-b-2 border-gray-300">
                    <th scope="col" className="py-2 pr-4 font-semibold text-gray-900">
                      Delivery region
                    </th>
                    <th scope="col" className="py-2 font-semibold text-gray-900">
                      Delivery time
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {DELIVERY_TIMES.map((row) => (
                    <tr key={row.region} className="border-b border-gray-200 align-top">
                      <th scope="row" className="py-2 pr-4 font-normal text-gray-800">
                        {row.region}
                      </th>
                      <td className="py-2 whitespace-nowrap text-gray-800">{row.days}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p>
                Working days are Monday to Saturday. National holidays, floods, strikes and other events outside our control
                can cause delays; we will tell you if your order is affected.
              </p>
            </>
          ),
        },
        {
          id: "cash-on-delivery",
          title: "Cash on delivery",
          body: <p>{delivery.cod}</p>,
        },
        {
          id: "tracking",
          title: "Tracking your order",
          body: (
            <>
              <p>
                We email you at every step, and send a tracking link by email and SMS as soon as the courier collects your
                parcel. You can also see each order's status under My Orders in your profile. An order moves through these
                stages:
              </p>
              <ol>
                {ORDER_STATES.map((state) => (
                  <li key={state.name}>
                    <strong>{state.name}</strong>: {state.meaning}
                  </li>
                ))}
              </ol>
            </>
          ),
        },
        {
          id: "cold-chain",
          title: "Temperature-sensitive products",
          body: (
            <p>
              Products that must be kept between 2 °C and 8 °C travel in insulated boxes with gel packs and are delivered
              within 48 hours of dispatch, only to PIN codes where this is possible. Someone must be home to receive them; we do
              not leave them with neighbours or at the door. Put them in the refrigerator as soon as they arrive.
            </p>
          ),
        },
        {
          id: "receiving-your-order",
          title: "Receiving your order",
          body: (
            <ul>
              <li>
                Check that the outer box is sealed. If the seal is broken or the box is badly damaged, refuse the delivery and
                tell us; we will send a replacement at no cost.
              </li>
              <li>
                The courier tries to deliver three times. If delivery fails, the parcel returns to us and we refund the order in
                full (a cash-on-delivery order was never charged).
              </li>
              <li>You can change the delivery address until the order is shipped by contacting our care team.</li>
            </ul>
          ),
        },
        {
          id: "cancellations",
          title: "Cancelling an order",
          body: (
            <p>
              You can cancel an order at any time until it is <strong>out for delivery</strong>: write to{" "}
              {seller ? <a href={`mailto:${seller.email}`}>{seller.email}</a> : "our care team"} or call us with your order
              number. We refund the full amount, including for orders already shipped, once the parcel is on its way back to us.
            </p>
          ),
        },
        {
          id: "returns-and-refunds",
          title: "Returns, replacements and refunds",
          body: (
            <>
              <p>We accept returns, or send a free replacement, when you receive:</p>
              <ul>
                <li>a different product, strength or pack size from the one you ordered;</li>
                <li>a damaged, leaking or tampered pack, or one with a broken seal;</li>
                <li>
                  an expired product, or one that is near expiry. We dispatch products with at least six months of shelf life
                  left (or the full shelf life, if that is shorter); if what you receive has less than three months left, we
                  take it back.
                </li>
              </ul>
              <p>
                Tell us within <strong>7 days of delivery</strong>, with your order number and photos of the product, the
                batch number and the expiry date. We arrange a free pickup, or ask you to keep or dispose of the item where a
                return is not safe.
              </p>
              <p>
                For your safety, we cannot take back medicines or supplements that were delivered correctly and in good
                condition, opened packs, or temperature-sensitive products unless they arrived damaged or wrong.
              </p>
              <h3>Refunds</h3>
              <ul>
                <li>Approved refunds go back to the original payment method: card, UPI account or bank account.</li>
                <li>
                  We start the refund within two business days of approving it; your bank usually credits it within 5 to 7
                  business days.
                </li>
                <li>If a payment was taken but no order was created, it is reversed automatically within 5 to 7 business days.</li>
              </ul>
            </>
          ),
        },
      ]}
    />
  );
}
