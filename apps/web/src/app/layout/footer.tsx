import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { Logo } from './logo.js';
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from './social-icons.js';

const SHOP_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
  { to: '/products', label: 'All Products' },
];

const POLICY_LINKS = [
  { to: '/terms-and-conditions', label: 'Privacy Policy' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/terms-and-conditions', label: 'Refund and Returns' },
];

const SOCIAL_LINKS = [
  { href: 'https://www.instagram.com/phoolwalagifts', label: 'Instagram', icon: InstagramIcon },
  { href: 'https://www.facebook.com/phoolwalagifts', label: 'Facebook', icon: FacebookIcon },
  { href: 'https://www.youtube.com/@phoolwalagifts', label: 'YouTube', icon: YoutubeIcon },
  { href: 'https://x.com/phoolwalagifts', label: 'X', icon: XIcon },
];

const linkClasses = 'rounded text-sm text-neutral-300 hover:text-white hover:underline';

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className={linkClasses}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-12 bg-neutral-900 text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr_1fr_1fr] md:px-6">
        <div>
          <Logo tone="dark" />
          <p className="mt-3 max-w-sm text-sm">
            Fresh flowers, cakes, chocolates and combos for every occasion, delivered across India and the same day in
            Kochi, Delhi, Mumbai and Bengaluru.
          </p>
          <p className="mt-4 flex items-start gap-2 text-sm">
            <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Want to collaborate? Write to{' '}
              <a href="mailto:partners@phoolwala.in" className="font-medium text-white underline hover:text-brand-100">
                partners@phoolwala.in
              </a>
            </span>
          </p>
        </div>
        <LinkColumn title="Shop" links={SHOP_LINKS} />
        <LinkColumn title="Policies" links={POLICY_LINKS} />
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Follow us</h2>
          <ul className="mt-3 flex gap-2">
            {SOCIAL_LINKS.map(({ href, label, icon: Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  title={label}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="grid size-10 place-items-center rounded-full bg-neutral-800 text-neutral-200 hover:bg-brand-600 hover:text-white"
                >
                  <Icon className="size-5" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-neutral-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-neutral-400 md:px-6">
          © {year} Phoolwala Gifts. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
