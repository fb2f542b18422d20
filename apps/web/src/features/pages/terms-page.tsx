import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Clock, Mail, MapPin } from 'lucide-react';
import { usePageTitle } from '../../lib/page-title.js';

const SECTIONS = [
  { id: 'terms-of-use', title: 'Terms of use' },
  { id: 'privacy-policy', title: 'Privacy policy' },
  { id: 'refund-and-returns', title: 'Refund and returns' },
  { id: 'shipping', title: 'Shipping and delivery' },
  { id: 'grievance', title: 'Grievance contact' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)?.title;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6 border-t border-neutral-200 pt-8">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-neutral-900 md:text-2xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-[0.9375rem] leading-7 text-neutral-700 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:text-neutral-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}

function TermsOfUse() {
  return (
    <Section id="terms-of-use">
      <p>
        This website is run by Phoolwala Gifts, Kochi, Kerala. By browsing the store, creating an account or placing an
        order you agree to these terms. If you do not agree, please do not use the store.
      </p>
      <ul>
        <li>
          You must give true and complete details when you register or order: your name, email address, the
          recipient&apos;s delivery address, PIN code and a phone number we can reach on the day of delivery.
        </li>
        <li>
          You are responsible for keeping your password private and for everything done with your account. Tell us
          straight away if you think someone else has used it.
        </li>
        <li>
          All prices are in Indian rupees (₹) and include applicable taxes. A discount shown on a product applies only
          during its stated offer period. We may correct an obvious pricing error before your order is confirmed.
        </li>
        <li>
          Flowers and cakes are handmade and seasonal, so the product you receive may differ slightly from its picture.
          When a flower or flavour is unavailable we may substitute one of equal or higher value and similar look.
        </li>
        <li>
          Payment is taken by card or UPI through our payment partner. An order is confirmed only once the payment has
          been verified.
        </li>
        <li>
          Reviews you write must be honest and about the product. We may remove reviews that are abusive, misleading or
          unrelated to what you bought.
        </li>
        <li>
          The pictures, text and designs on this website belong to Phoolwala Gifts and may not be copied for commercial
          use without our written permission.
        </li>
      </ul>
      <p>
        These terms are governed by the laws of India, and the courts at Kochi, Kerala have jurisdiction over any
        dispute. We may update them from time to time; the version on this page applies to every order placed while it
        is published.
      </p>
    </Section>
  );
}

function PrivacyPolicy() {
  return (
    <Section id="privacy-policy">
      <p>We collect only what we need to take your order to its recipient, and we never sell your personal data.</p>
      <ul>
        <li>
          <strong>What we collect:</strong> your name, email address and password (stored only in hashed form), the
          delivery address, PIN code and phone number you enter at checkout, your orders and the reviews you write.
        </li>
        <li>
          <strong>How we use it:</strong> to deliver and support your orders, to check whether we deliver to a PIN code,
          to send order updates and, only if you ask for them, offers.
        </li>
        <li>
          <strong>Who sees it:</strong> our florists, bakers and delivery partners receive the recipient&apos;s name,
          address and phone number for the delivery. Card and UPI details are entered with our payment partner and never
          reach or stay on our servers.
        </li>
        <li>
          <strong>Cookies and local storage:</strong> we keep you signed in with a session cookie, remember your cart
          and preferences (such as whether the side menu is open) on your device, and use no advertising trackers.
        </li>
        <li>
          <strong>Your choices:</strong> you can view and correct your details on your profile page, and ask us to
          delete your account by writing to the grievance officer below.
        </li>
      </ul>
    </Section>
  );
}

function RefundAndReturns() {
  return (
    <Section id="refund-and-returns">
      <p>
        Flowers, cakes and most of our gifts are perishable, so <strong>we do not accept returns</strong>. If something
        goes wrong with your order, we will put it right.
      </p>
      <ol>
        <li>
          If an item arrives <strong>damaged, defective or is not what you ordered</strong>, report it to us at{' '}
          <a href="mailto:grievance@phoolwala.in" className="font-medium text-brand-700 underline">
            grievance@phoolwala.in
          </a>{' '}
          <strong>within 48 hours</strong> of delivery, with a photo of the item as it arrived and your order number.
        </li>
        <li>
          Once we have checked the photo, you choose one of these remedies:
          <ul className="mt-2">
            <li>redelivery of the same or an equivalent item at no extra cost;</li>
            <li>
              a refund as a <strong>gift certificate</strong>, issued <strong>within 24 hours</strong>;
            </li>
            <li>
              a refund to your <strong>original payment method</strong>, which reaches you in{' '}
              <strong>7–10 working days</strong>.
            </li>
          </ul>
        </li>
        <li>
          <strong>Shipping costs are not refundable.</strong>
        </li>
      </ol>
    </Section>
  );
}

function Shipping() {
  return (
    <Section id="shipping">
      <ul>
        <li>
          Orders <strong>ship within 1 day</strong> of being confirmed.
        </li>
        <li>
          Shipping is <strong>free on orders over ₹1000</strong>; below that a flat shipping charge of ₹100 applies,
          shown in your cart before you pay.
        </li>
        <li>
          Check a 6-digit PIN code on any product page to see whether we deliver there. Same-day delivery is available
          in Kochi for products marked for it.
        </li>
        <li>
          Please make sure someone can receive the order at the address given. Perishable items cannot be redelivered
          free of charge when the address is wrong or the recipient is unreachable.
        </li>
      </ul>
    </Section>
  );
}

function Grievance() {
  return (
    <Section id="grievance">
      <p>
        For a complaint about an order, a product or how we handle your data, contact our grievance officer. We
        acknowledge every complaint within 48 hours and aim to resolve it within one month, as required by the Consumer
        Protection (E-Commerce) Rules, 2020.
      </p>
      <address className="rounded-xl border border-brand-100 bg-brand-50 p-5 not-italic">
        <p className="font-semibold text-neutral-900">Meera Nair, Grievance Officer</p>
        <ul className="mt-3 list-none! space-y-2 pl-0!">
          <li className="flex items-start gap-2 pl-0!">
            <Mail className="mt-1.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <a href="mailto:grievance@phoolwala.in" className="font-medium text-brand-700 underline">
              grievance@phoolwala.in
            </a>
          </li>
          <li className="flex items-start gap-2 pl-0!">
            <MapPin className="mt-1.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>Phoolwala Gifts, 2nd Floor, Pioneer Towers, Marine Drive, Ernakulam, Kochi, Kerala 682031</span>
          </li>
          <li className="flex items-start gap-2 pl-0!">
            <Clock className="mt-1.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>Monday to Friday, 9:00 to 18:00 (IST)</span>
          </li>
        </ul>
      </address>
    </Section>
  );
}

export function TermsPage() {
  usePageTitle(
    'Terms and Conditions',
    'Terms of use, privacy policy, refund and returns, shipping and grievance contact of Phoolwala Gifts.',
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-neutral-600">
        <ol className="flex gap-2">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-neutral-900">
            Terms and Conditions
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-neutral-900 md:text-4xl">Terms and Conditions</h1>
      <p className="mt-3 max-w-2xl text-neutral-700">
        How our store works: your use of the website, your privacy, what happens if an order goes wrong, how we ship and
        whom to contact.
      </p>
      <div className="mt-8 grid gap-10 md:grid-cols-[13rem_1fr]">
        <nav aria-label="On this page" className="md:sticky md:top-6 md:self-start">
          <p className="text-xs font-semibold tracking-wider text-neutral-600 uppercase">On this page</p>
          <ul className="mt-3 space-y-1 border-l border-neutral-200">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="-ml-px block border-l-2 border-transparent py-1 pl-3 text-sm text-neutral-700 hover:border-brand-600 hover:text-brand-700"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="max-w-3xl space-y-10">
          <TermsOfUse />
          <PrivacyPolicy />
          <RefundAndReturns />
          <Shipping />
          <Grievance />
        </div>
      </div>
    </div>
  );
}
