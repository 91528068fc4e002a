import { Link } from 'react-router-dom';
import { Container } from './container';
import { primaryNavItems } from './nav-items';
import { SiteMark } from './site-logo';
import { FacebookIcon, InstagramIcon, TwitterIcon } from './social-icons';

const socialLinks = [
  { href: 'https://www.facebook.com/jesuswalksnapa', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://www.instagram.com/jesuswalksnapa', label: 'Instagram', Icon: InstagramIcon },
  { href: 'https://twitter.com/jesuswalksnapa', label: 'Twitter', Icon: TwitterIcon },
] as const;

const footerLinkClass =
  'rounded-sm text-sm text-[#e9e1cf] underline-offset-4 transition-colors hover:text-white hover:underline';

export function Footer() {
  return (
    <footer data-surface="dark" className="bg-vine-900 text-[#f3ecdf]">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <div className="flex items-center gap-2.5">
            <SiteMark className="size-8" />
            <span className="font-serif text-lg font-bold">Jesus Walks</span>
          </div>
          <p className="mt-3 text-sm leading-relaxed text-[#e9e1cf]">
            Guided walks of faith and fellowship through the vineyards and hills of the Napa Valley.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-xs font-semibold tracking-widest text-[#e9c46a] uppercase">Explore</h2>
          <ul className="mt-3 grid gap-2">
            {primaryNavItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={footerLinkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/contact" className={footerLinkClass}>
                Contact us
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLinkClass}>
                Privacy
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-xs font-semibold tracking-widest text-[#e9c46a] uppercase">Follow us</h2>
          <ul className="mt-3 grid gap-2">
            {socialLinks.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${footerLinkClass} inline-flex items-center gap-2`}
                >
                  <Icon className="size-4" />
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="py-5">
          <p className="text-center text-sm text-[#e9e1cf] sm:text-left">
            © 2024 Jesus Walks. All rights reserved.
          </p>
        </Container>
      </div>
    </footer>
  );
}
