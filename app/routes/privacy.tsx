import { Link } from "react-router";
import { PolicyPage, useSeller } from "~/components/content/policy";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Privacy Policy",
    "How we collect, use, protect and retain your personal and health data under the DPDP Act 2023, and how to access, correct or erase it or withdraw consent.",
  );

export default function Privacy() {
  const seller = useSeller();
  const sellerName = seller?.name ?? "the seller named below";
  const grievanceEmail = seller?.grievanceOfficerEmail;
  return (
    <PolicyPage
      title="Privacy Policy"
      intro="What personal data we collect when you shop with us, why we need it, who we share it with and the rights you have under the Digital Personal Data Protection Act, 2023."
      grievanceNote={
        <p>
          For requests about your personal data, the Grievance Officer is also the contact for exercising your rights under
          the Digital Personal Data Protection Act, 2023.
        </p>
      }
      sections={[
        {
          id: "who-we-are",
          title: "Who we are",
          body: (
            <p>
              {sellerName} decides why and how your personal data is processed on this website, and is the data fiduciary
              under the Digital Personal Data Protection Act, 2023 (DPDP Act). This policy covers our website, orders, emails
              and customer care. It does not cover other websites you reach from links in our emails.
            </p>
          ),
        },
        {
          id: "data-we-collect",
          title: "Data we collect",
          body: (
            <ul>
              <li>
                <strong>Account details</strong>: your name, email address and password (stored only as a one-way hash).
              </li>
              <li>
                <strong>Order details</strong>: delivery name, address, PIN code and phone number, the products you buy and
                your order history.
              </li>
              <li>
                <strong>Prescriptions</strong>: the image or PDF you upload and what it shows (doctor's details, patient's
                name, age and sex, medicines). This is health data and we treat it with extra care.
              </li>
              <li>
                <strong>Payment details</strong>: Razorpay processes your payment. We receive only the payment reference,
                method, amount and status, never your full card number, CVV, UPI PIN or net-banking password.
              </li>
              <li>
                <strong>Messages</strong>: what you send through our contact form, by email or by phone, and product reviews
                you post.
              </li>
              <li>
                <strong>Newsletter</strong>: your email address, if you subscribe.
              </li>
              <li>
                <strong>Technical data</strong>: IP address, browser type and the pages you request, kept in server logs to
                keep the site secure and working.
              </li>
            </ul>
          ),
        },
        {
          id: "how-we-use-data",
          title: "Why we use it",
          body: (
            <>
              <p>We process your data only for the purposes below, and only as much as each purpose needs:</p>
              <ul>
                <li>to create your account, take payment, deliver your order and send order updates;</li>
                <li>
                  to have a registered pharmacist review prescriptions and to keep the prescription records that the Drugs
                  and Cosmetics Rules, 1945 require;
                </li>
                <li>to issue GST invoices and keep the accounts that tax and company law require;</li>
                <li>to answer your questions, handle returns and resolve complaints;</li>
                <li>to prevent fraud and misuse and to keep the website secure;</li>
                <li>to send newsletters and offers, only if you subscribed to them.</li>
              </ul>
              <p>
                Where we rely on your consent, such as for newsletters, you can withdraw it at any time as easily as you gave
                it, using the unsubscribe link in any email or by writing to us. Withdrawing consent does not affect what we
                did before, and we may still need some data to complete an order or to meet a legal duty.
              </p>
            </>
          ),
        },
        {
          id: "prescriptions-and-health-data",
          title: "Prescriptions and health data",
          body: (
            <p>
              Only our registered pharmacists and the staff who pack your order can see your prescription. We use it to check
              and dispense your order and to keep the records the law requires, and for nothing else: never for advertising,
              profiling or sharing with drug companies. We do not sell prescription data.
            </p>
          ),
        },
        {
          id: "sharing",
          title: "Who we share it with",
          body: (
            <>
              <p>We never sell your personal data. We share only what each of these needs to do its job for us:</p>
              <ul>
                <li>courier partners: your name, delivery address, PIN code and phone number;</li>
                <li>Razorpay, our payment gateway: the order amount and the details needed to process and refund payments;</li>
                <li>our email and hosting providers, who store data on our behalf under written contracts;</li>
                <li>
                  government authorities, such as drug-control or tax officers, when the law requires it or on a lawful order.
                </li>
              </ul>
              <p>These processors may use your data only on our instructions and must keep it secure.</p>
            </>
          ),
        },
        {
          id: "cookies",
          title: "Cookies",
          body: (
            <p>
              We use only the cookies the shop needs to work, such as the one that keeps you signed in. We do not use
              advertising cookies or cross-site trackers.
            </p>
          ),
        },
        {
          id: "retention",
          title: "How long we keep it",
          body: (
            <ul>
              <li>Account details: while your account is open; erased at once when you delete your account.</li>
              <li>
                Prescriptions and prescription records: for at least three years, or longer if the Drugs and Cosmetics Rules
                require it. A prescription no order used is deleted six months after you upload it.
              </li>
              <li>Invoices and order records: for eight years, as tax and company law require.</li>
              <li>Contact messages: for two years after your query is closed.</li>
              <li>Newsletter email: until you unsubscribe.</li>
              <li>Server logs: for 90 days.</li>
            </ul>
          ),
        },
        {
          id: "what-we-keep",
          title: "Downloading your data and deleting your account",
          body: (
            <>
              <p>
                On <Link to="/profile">your profile</Link>, "Download my data" gives you everything we hold about you as one
                file: your profile, saved addresses, orders, reviews, newsletter subscription and the details of your
                prescriptions. "Delete my account" asks for your password and, after you confirm, deletes the account at once:
              </p>
              <ul>
                <li>
                  <strong>Erased</strong>: your name, email address, phone number and password, your sign-ins on every
                  device, saved addresses, cart, newsletter subscription, unused password-reset links and the emails we sent
                  you. You can no longer sign in, and you can register again with the same email later as a new customer.
                </li>
                <li>
                  <strong>Anonymised</strong>: your reviews stay on the products, with their rating and text, under the
                  name "Former customer", so product ratings stay honest for other shoppers.
                </li>
                <li>
                  <strong>Kept, without your profile</strong>: your orders and their tax invoices (with the name and
                  delivery address printed on them), because GST law requires us to keep accounts and invoices for 72
                  months from the due date of the annual return of their year, about eight years; and prescriptions and
                  prescription records, because the Drugs and Cosmetics Rules require the register of prescription sales
                  to be kept, Schedule H1 sales for three years. The DPDP Act lets us keep data another law requires us to
                  keep, for that purpose only. These records are no longer linked to any account.
                </li>
              </ul>
              <p>
                While an order is not finished (not yet delivered or cancelled, or a return you asked for is waiting for our
                reply), the account cannot be deleted: you need it to follow, cancel or return the order and to download its
                invoice. Your profile names those orders; come back once they are finished.
              </p>
            </>
          ),
        },
        {
          id: "your-rights",
          title: "Your rights",
          body: (
            <>
              <p>Under the DPDP Act you can ask us to:</p>
              <ul>
                <li>give you a summary of the personal data we hold about you and who we have shared it with;</li>
                <li>correct, complete or update data that is wrong or incomplete;</li>
                <li>erase data we no longer need, unless the law requires us to keep it;</li>
                <li>hear and resolve a grievance about how we handle your data;</li>
                <li>let a person you nominate exercise these rights if you die or become unable to.</li>
              </ul>
              <p>
                Write to{" "}
                {grievanceEmail ? <a href={`mailto:${grievanceEmail}`}>{grievanceEmail}</a> : "our Grievance Officer"} from
                the email address on your account. We answer within 30 days. If you are not satisfied with our answer, you can
                complain to the Data Protection Board of India.
              </p>
            </>
          ),
        },
        {
          id: "children",
          title: "Children",
          body: (
            <p>
              Our kids nutrition products are bought by parents and guardians. We do not knowingly create accounts for people
              under 18, and we process a child's data (for example, the patient details on a child's prescription) only with
              the consent of the parent or guardian placing the order. We never track children's behaviour or target
              advertising at them.
            </p>
          ),
        },
        {
          id: "security",
          title: "How we protect it",
          body: (
            <p>
              The site uses HTTPS throughout; passwords are hashed; prescriptions and order data are kept on access-controlled
              systems that only authorised staff can use, and every access is logged. If a breach ever affects your data, we
              will inform you and the Data Protection Board of India as the law requires.
            </p>
          ),
        },
        {
          id: "changes",
          title: "Changes to this policy",
          body: (
            <p>
              When we change this policy we update the date at the top of this page, and we email you about any significant
              change before it applies. Questions? <Link to="/contact">Contact us</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
