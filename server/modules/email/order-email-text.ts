// The words of the order emails (order-emails.ts) in each of the shop's languages (decisions/064):
// one entry per language, each with every text (the type makes a missing one a compile error), and
// one rendering code for all of them. An order's emails are in the order's language. Amounts are
// given already formatted (formatRupees: "₹1,299" in both languages), dates already written in the
// language (common/dates.ts), product names as billed; the shop's name and brands stay as they are.
import { orderStateLabel } from "#common/orders.ts";
import type { Language } from "#common/language.ts";
import type { ReturnReasonId } from "#common/returns.ts";
import { returnReasonLabel } from "#common/returns.ts";

export interface OrderEmailText {
  hello: (name: string) => string;
  // The order summary (text and table) and the footer.
  item: string;
  quantity: string;
  amount: string;
  subtotal: string;
  discount: string;
  shipping: string;
  free: string;
  codFee: string;
  gstIncluded: string;
  total: string;
  youSave: (amount: string) => string;
  youSaveLabel: string;
  payment: string;
  paymentMethod: (method: string) => string;
  shippingAddress: string;
  landmark: string;
  phone: string;
  viewOrder: (orderNumber: string) => string;
  viewOrderText: string;
  indiaTime: string;
  expectedDelivery: (date: string) => string;
  confirmCodBy: (deadline: string, link: string) => string;
  // The confirmation.
  confirmedSubject: (orderNumber: string) => string;
  thanksCod: (orderNumber: string, amount: string) => string;
  invoiceAtDispatch: string;
  thanksPaid: (orderNumber: string, amount: string) => string;
  invoiceLink: (link: string) => string;
  prescriptionUnderReview: string;
  // Status changes.
  statusSubject: { Shipped: (orderNumber: string) => string; Delivered: (orderNumber: string) => string };
  statusSentence: { Shipped: (orderNumber: string) => string; Delivered: (orderNumber: string) => string };
  courier: (courier: string, awb: string) => string;
  track: (url: string) => string;
  // Cancellation and refunds.
  cancelledSubject: (orderNumber: string) => string;
  cancelled: (orderNumber: string) => string;
  notConfirmedInTime: string;
  refunded: (amount: string) => string;
  noPaymentTaken: string;
  invoiceCancelled: (serial: string, link: string) => string;
  // Prescription review.
  prescriptionApprovedSubject: (orderNumber: string) => string;
  prescriptionApproved: (orderNumber: string, pharmacist: { name: string; registration: string | null } | null) => string;
  prescriptionRejectedSubject: (orderNumber: string) => string;
  prescriptionRejected: (orderNumber: string) => string;
  reason: (reason: string) => string;
  uploadAgain: (link: string) => string;
  // Returns.
  returnReason: (id: string) => string;
  returnRequestedSubject: (orderNumber: string) => string;
  returnRequested: (items: string, orderNumber: string, reason: string) => string;
  returnNext: string;
  returnApprovedSubject: (orderNumber: string) => string;
  returnRejectedSubject: (orderNumber: string) => string;
  returnApproved: (items: string, orderNumber: string) => string;
  refundByHand: (amount: string) => string;
  returnCreditNote: (serial: string) => string;
  returnRejected: (items: string, orderNumber: string) => string;
}

const approvedLabel = orderStateLabel({ status: "Processing", prescription: { status: "approved" } });
const rejectedLabel = orderStateLabel({ status: "Cancelled", prescription: { status: "rejected" } });
const underReviewLabel = orderStateLabel({ status: "Processing", prescription: { status: "pending" } });

const english: OrderEmailText = {
  hello: (name) => `Hello ${name},`,
  item: "Item",
  quantity: "Qty",
  amount: "Amount",
  subtotal: "Subtotal",
  discount: "Discount",
  shipping: "Shipping",
  free: "FREE",
  codFee: "Cash on delivery fee",
  gstIncluded: "GST included",
  total: "Total",
  youSave: (amount) => `You save ${amount} on MRP`,
  youSaveLabel: "You save on MRP",
  payment: "Payment",
  paymentMethod: (method) => (method === "cod" ? "Cash on delivery" : "Online payment"),
  shippingAddress: "Shipping address",
  landmark: "Landmark",
  phone: "Phone",
  viewOrder: (n) => `View your order ${n}`,
  viewOrderText: "View your order",
  indiaTime: "India time",
  expectedDelivery: (date) => `Expected delivery by ${date}.`,
  confirmCodBy: (deadline, link) =>
    `Please confirm this cash-on-delivery order by ${deadline} (India time) on your order page: ${link}. An order not confirmed by then is cancelled and its items released.`,
  confirmedSubject: (n) => `Order ${n} confirmed`,
  thanksCod: (n, amount) => `Thank you for your order ${n}, to be paid by cash on delivery. We are preparing your order; please keep ${amount} ready for the courier.`,
  invoiceAtDispatch: "Your tax invoice will be available on your order page once the order is shipped.",
  thanksPaid: (n, amount) => `Thank you for your order ${n}. We have received your payment of ${amount} and are preparing your order.`,
  invoiceLink: (link) => `Your tax invoice: ${link}`,
  prescriptionUnderReview: `Status: ${underReviewLabel}. Your order has prescription medicines: our pharmacist checks your prescription before the order is packed, and we email you as soon as it is approved.`,
  statusSubject: { Shipped: (n) => `Order ${n}: Shipped`, Delivered: (n) => `Order ${n}: Delivered` },
  statusSentence: {
    Shipped: (n) => `Good news: your order ${n} has been shipped and is on its way.`,
    Delivered: (n) => `Your order ${n} has been delivered. We hope you are happy with it.`,
  },
  courier: (courier, awb) => `Courier: ${courier}. AWB / tracking number: ${awb}.`,
  track: (url) => `Track your parcel: ${url}`,
  cancelledSubject: (n) => `Order ${n} cancelled`,
  cancelled: (n) => `Your order ${n} has been cancelled.`,
  notConfirmedInTime: "It was not confirmed in time, so its items were released. You are welcome to order again.",
  refunded: (amount) => `A refund of ${amount} has been issued to your original payment method. Banks usually credit it within 5–7 working days.`,
  noPaymentTaken: "No payment was taken for this order.",
  invoiceCancelled: (serial, link) => `Your invoice has been cancelled by credit note ${serial}, on your order page: ${link}`,
  prescriptionApprovedSubject: (n) => `Order ${n}: ${approvedLabel}`,
  prescriptionApproved: (n, pharmacist) =>
    `${approvedLabel}: our pharmacist${pharmacist ? `, ${pharmacist.name} (registration ${pharmacist.registration}),` : ""} has checked and approved the prescription for your order ${n}. We are now preparing it for dispatch and will email you when it ships.`,
  prescriptionRejectedSubject: (n) => `Order ${n}: ${rejectedLabel}`,
  prescriptionRejected: (n) => `${rejectedLabel}: our pharmacist could not accept the prescription for your order ${n}, so the order has been cancelled.`,
  reason: (reason) => `Reason: ${reason}`,
  uploadAgain: (link) => `You can upload a new prescription at ${link} and place the order again.`,
  returnReason: returnReasonLabel,
  returnRequestedSubject: (n) => `Order ${n}: return requested`,
  returnRequested: (items, n, reason) => `We have received your request to return ${items} from order ${n} (${reason}).`,
  returnNext: "Our team will look at it within two business days and email you the decision. Please keep the items and their packs until then.",
  returnApprovedSubject: (n) => `Order ${n}: return approved`,
  returnRejectedSubject: (n) => `Order ${n}: return rejected`,
  returnApproved: (items, n) => `We have approved the return of ${items} from order ${n}.`,
  refundByHand: (amount) =>
    `A refund of ${amount} has been approved. As the order was paid in cash on delivery, our care team will contact you to pay it to your bank account.`,
  returnCreditNote: (serial) => `Credit note ${serial} for the returned items is on your order page.`,
  returnRejected: (items, n) => `We could not accept the return of ${items} from order ${n}.`,
};

const HINDI_RETURN_REASONS: Record<ReturnReasonId, string> = {
  "wrong-item": "गलत सामान (कोई दूसरा प्रोडक्ट, स्ट्रेंथ या पैक साइज़)",
  damaged: "खराब, लीक होता या छेड़छाड़ किया हुआ पैक",
  "near-expiry": "एक्सपायर हो चुका या एक्सपायरी के करीब (तीन महीने से कम बचे)",
};

const hindi: OrderEmailText = {
  hello: (name) => `नमस्ते ${name} जी,`,
  item: "सामान",
  quantity: "मात्रा",
  amount: "राशि",
  subtotal: "सबटोटल",
  discount: "छूट",
  shipping: "डिलीवरी शुल्क",
  free: "मुफ़्त",
  codFee: "कैश ऑन डिलीवरी शुल्क",
  gstIncluded: "GST शामिल",
  total: "कुल",
  youSave: (amount) => `MRP पर आपकी बचत: ${amount}`,
  youSaveLabel: "MRP पर आपकी बचत",
  payment: "भुगतान",
  paymentMethod: (method) => (method === "cod" ? "कैश ऑन डिलीवरी" : "ऑनलाइन भुगतान"),
  shippingAddress: "डिलीवरी का पता",
  landmark: "लैंडमार्क",
  phone: "फ़ोन",
  viewOrder: (n) => `अपना ऑर्डर ${n} देखें`,
  viewOrderText: "अपना ऑर्डर देखें",
  indiaTime: "भारतीय समय",
  expectedDelivery: (date) => `डिलीवरी ${date} तक होने की उम्मीद है।`,
  confirmCodBy: (deadline, link) =>
    `कृपया कैश ऑन डिलीवरी वाले इस ऑर्डर को ${deadline} (भारतीय समय) तक अपने ऑर्डर पेज पर कन्फ़र्म करें: ${link} । तब तक कन्फ़र्म न होने पर ऑर्डर रद्द हो जाएगा और उसका सामान दूसरे ग्राहकों के लिए खोल दिया जाएगा।`,
  confirmedSubject: (n) => `आपका ऑर्डर ${n} कन्फ़र्म हो गया है`,
  thanksCod: (n, amount) =>
    `धन्यवाद, आपका ऑर्डर ${n} हमें मिल गया है। इसका भुगतान कैश ऑन डिलीवरी से होगा। हम आपका ऑर्डर तैयार कर रहे हैं; कृपया कूरियर को देने के लिए ${amount} तैयार रखें।`,
  invoiceAtDispatch: "ऑर्डर भेजे जाने के बाद आपका टैक्स इनवॉइस आपके ऑर्डर पेज पर मिलेगा।",
  thanksPaid: (n, amount) => `धन्यवाद, आपका ऑर्डर ${n} हमें मिल गया है। आपका ${amount} का भुगतान हमें मिल गया है और हम आपका ऑर्डर तैयार कर रहे हैं।`,
  invoiceLink: (link) => `आपका टैक्स इनवॉइस: ${link}`,
  prescriptionUnderReview:
    "स्थिति: प्रिस्क्रिप्शन की जाँच हो रही है। आपके ऑर्डर में प्रिस्क्रिप्शन वाली दवाइयाँ हैं: ऑर्डर पैक होने से पहले हमारे फ़ार्मासिस्ट आपका प्रिस्क्रिप्शन जाँचते हैं, और मंज़ूरी मिलते ही हम आपको ईमेल करेंगे।",
  statusSubject: { Shipped: (n) => `ऑर्डर ${n}: भेज दिया गया`, Delivered: (n) => `ऑर्डर ${n}: डिलीवर हो गया` },
  statusSentence: {
    Shipped: (n) => `अच्छी ख़बर: आपका ऑर्डर ${n} भेज दिया गया है और आप तक पहुँचने के रास्ते में है।`,
    Delivered: (n) => `आपका ऑर्डर ${n} डिलीवर हो गया है। उम्मीद है आपको सब कुछ पसंद आया होगा।`,
  },
  courier: (courier, awb) => `कूरियर: ${courier}। AWB / ट्रैकिंग नंबर: ${awb}।`,
  track: (url) => `अपना पार्सल ट्रैक करें: ${url}`,
  cancelledSubject: (n) => `ऑर्डर ${n} रद्द कर दिया गया है`,
  cancelled: (n) => `आपका ऑर्डर ${n} रद्द कर दिया गया है।`,
  notConfirmedInTime: "यह ऑर्डर समय पर कन्फ़र्म नहीं हुआ, इसलिए इसका सामान दूसरे ग्राहकों के लिए खोल दिया गया है। आप जब चाहें दोबारा ऑर्डर कर सकते हैं।",
  refunded: (amount) => `${amount} का रिफ़ंड आपके भुगतान के मूल माध्यम में भेज दिया गया है। बैंक आम तौर पर 5–7 कामकाजी दिनों में इसे आपके खाते में जमा कर देते हैं।`,
  noPaymentTaken: "इस ऑर्डर के लिए आपसे कोई भुगतान नहीं लिया गया था।",
  invoiceCancelled: (serial, link) => `आपका इनवॉइस क्रेडिट नोट ${serial} से रद्द कर दिया गया है, जो आपके ऑर्डर पेज पर है: ${link}`,
  prescriptionApprovedSubject: (n) => `ऑर्डर ${n}: प्रिस्क्रिप्शन मंज़ूर`,
  prescriptionApproved: (n, pharmacist) =>
    `प्रिस्क्रिप्शन मंज़ूर: हमारे फ़ार्मासिस्ट${pharmacist ? ` ${pharmacist.name} (रजिस्ट्रेशन ${pharmacist.registration})` : ""} ने आपके ऑर्डर ${n} का प्रिस्क्रिप्शन जाँचकर मंज़ूर कर दिया है। अब हम इसे भेजने के लिए तैयार कर रहे हैं और भेजते ही आपको ईमेल करेंगे।`,
  prescriptionRejectedSubject: (n) => `ऑर्डर ${n}: प्रिस्क्रिप्शन अस्वीकार`,
  prescriptionRejected: (n) => `प्रिस्क्रिप्शन अस्वीकार: हमारे फ़ार्मासिस्ट आपके ऑर्डर ${n} का प्रिस्क्रिप्शन स्वीकार नहीं कर सके, इसलिए ऑर्डर रद्द कर दिया गया है।`,
  reason: (reason) => `कारण: ${reason}`,
  uploadAgain: (link) => `आप ${link} पर नया प्रिस्क्रिप्शन अपलोड करके दोबारा ऑर्डर कर सकते हैं।`,
  returnReason: (id) => HINDI_RETURN_REASONS[id as ReturnReasonId] ?? id,
  returnRequestedSubject: (n) => `ऑर्डर ${n}: वापसी का अनुरोध मिला`,
  returnRequested: (items, n, reason) => `ऑर्डर ${n} से ${items} वापस करने का आपका अनुरोध हमें मिल गया है (${reason})।`,
  returnNext: "हमारी टीम दो कामकाजी दिनों में इसे देखकर आपको फ़ैसला ईमेल करेगी। तब तक कृपया सामान और उनके पैक संभालकर रखें।",
  returnApprovedSubject: (n) => `ऑर्डर ${n}: वापसी मंज़ूर`,
  returnRejectedSubject: (n) => `ऑर्डर ${n}: वापसी अस्वीकार`,
  returnApproved: (items, n) => `हमने ऑर्डर ${n} से ${items} की वापसी मंज़ूर कर दी है।`,
  refundByHand: (amount) =>
    `${amount} का रिफ़ंड मंज़ूर हो गया है। इस ऑर्डर का भुगतान कैश ऑन डिलीवरी से हुआ था, इसलिए हमारी कस्टमर केयर टीम रिफ़ंड आपके बैंक खाते में भेजने के लिए आपसे संपर्क करेगी।`,
  returnCreditNote: (serial) => `लौटाए गए सामान का क्रेडिट नोट ${serial} आपके ऑर्डर पेज पर है।`,
  returnRejected: (items, n) => `हम ऑर्डर ${n} से ${items} की वापसी स्वीकार नहीं कर सके।`,
};

export const ORDER_EMAIL_TEXT: Record<Language, OrderEmailText> = { en: english, hi: hindi };
