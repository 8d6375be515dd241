import { Link } from "react-router";
import { orderStateLabel, RESERVATION_MINUTES } from "#common/orders.ts";
import { RETURN_WINDOW_DAYS } from "#common/returns.ts";
import { PolicyPage, useDeliveryTexts, useSeller } from "~/components/content/policy";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Shipping and Delivery",
    "Free delivery across India: PIN code serviceability, delivery times by region, order status and emails, cold-chain packing, cancellations, returns and refunds.",
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

// How long an unpaid online order is held before it is cancelled: the checkout's reservation
// (common/orders.ts RESERVATION_MINUTES; the sweeper in server/modules/orders/expiry.ts cancels it).
const PAYMENT_WINDOW = `${RESERVATION_MINUTES} minutes`;

// The states a shopper sees on My Orders, the order page and in emails, worded by orderStateLabel
// (common/orders.ts): the statuses of orders/transitions.ts plus the prescription review.
const ORDER_STATES = [
  {
    name: orderStateLabel({ status: "Pending" }),
    meaning: `an order paid online is waiting for its payment. Choose "Complete payment" on the order page or in My Orders within ${PAYMENT_WINDOW} of placing it; an order not paid by then is cancelled.`,
  },
  {
    name: orderStateLabel({ status: "Processing" }),
    meaning: "we have your payment, or your cash-on-delivery order, and are preparing it for dispatch.",
  },
  {
    name: orderStateLabel({ status: "Processing", prescription: { status: "pending" } }),
    meaning: "your order has prescription medicines, and our pharmacist is checking your prescription. Nothing is packed before it is approved.",
  },
  {
    name: orderStateLabel({ status: "Processing", prescription: { status: "approved" } }),
    meaning: "our pharmacist has approved your prescription and we are preparing the order for dispatch.",
  },
  {
    name: orderStateLabel({ status: "Cancelled", prescription: { status: "rejected" } }),
    meaning: "our pharmacist could not accept the prescription, so the order is cancelled and any payment refunded. We email you the reason.",
  },
  {
    name: orderStateLabel({ status: "Shipped" }),
    meaning: "the order has left our pharmacy with the courier. It can no longer be cancelled.",
  },
  {
    name: orderStateLabel({ status: "Delivered" }),
    meaning: "handed over at your address. A cash-on-delivery order is paid to the courier at this point.",
  },
  {
    name: orderStateLabel({ status: "Cancelled" }),
    meaning: "cancelled by you or by us before it was shipped, because an online payment did not arrive in time, or because a cash-on-delivery parcel was refused at the door. Any payment taken is refunded to your original payment method.",
  },
];

export default function Shipping() {
  const seller = useSeller();
  const delivery = useDeliveryTexts();
  return (
    <PolicyPage
      title="Shipping and Delivery"
      intro="Free delivery on every order across India, packed by our pharmacy team in Bengaluru. Here is how long it takes, how to follow it, and what to do if something goes wrong."
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
          title: "Following your order",
          body: (
            <>
              <p>
                You can see each order's status under My Orders in your profile and on the order's own page. We email you
                when your order is confirmed (your payment is received, or your cash-on-delivery order is placed), when a
                prescription is approved or rejected, when the order is shipped, when it is delivered, and if it is
                cancelled. An order shows one of these states:
              </p>
              <ul>
                {ORDER_STATES.map((state) => (
                  <li key={state.name}>
                    <strong>{state.name}</strong>: {state.meaning}
                  </li>
                ))}
              </ul>
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
                The courier tries to deliver three times. If delivery still fails, the parcel returns to us and our care team
                contacts you to send it again; a cash-on-delivery order is not charged for a parcel you did not receive.
              </li>
              <li>You can change the delivery address until the order is shipped by contacting our care team.</li>
            </ul>
          ),
        },
        {
          id: "cancellations",
          title: "Cancelling an order",
          body: (
            <>
              <p>
                You can cancel an order until it is <strong>shipped</strong>: open it from My Orders and choose "Cancel order",
                or write to {seller ? <a href={`mailto:${seller.email}`}>{seller.email}</a> : "our care team"} or call us with
                your order number. The items go back on the shelf and a paid order is refunded in full to your original payment method at
                once; your bank usually credits it within 5 to 7 business days.
              </p>
              <p>
                Once an order is shipped it can no longer be cancelled. If you refuse a cash-on-delivery parcel at the door, it
                comes back to us, the order is cancelled and you pay nothing.
              </p>
            </>
          ),
        },
        {
          id: "returns-and-refunds",
          title: "Returns and refunds",
          body: (
            <>
              <p>We take back items, and refund them, when you receive:</p>
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
                Ask within <strong>{RETURN_WINDOW_DAYS} days of delivery</strong>: open the order from My Orders and choose
                "Return items", then the items and how many, the reason, and what is wrong. The batch number and expiry date
                printed on the pack help us; the form takes text only. We arrange a free pickup, or ask you to keep or
                dispose of the item where a return is not safe.
              </p>
              <p>
                For your safety, we cannot take back medicines or supplements that were delivered correctly and in good
                condition, opened packs, or temperature-sensitive products unless they arrived damaged or wrong.
              </p>
              <h3>Refunds</h3>
              <ul>
                <li>
                  We refund the returned items' price (after their share of any coupon) when we approve the return, and the
                  credit note for them is on your order page.
                </li>
                <li>
                  An order paid online is refunded to the original payment method: card, UPI account or bank account; your
                  bank usually credits it within 5 to 7 business days.
                </li>
                <li>
                  A cash-on-delivery order was paid in cash, so our care team contacts you to pay the refund to your bank
                  account.
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
