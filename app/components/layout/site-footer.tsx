import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Crest } from '~/components/brand/crest';
import { SocialIcon } from '~/components/brand/social-icon';
import { useSiteSettings } from '~/lib/site-settings';
import { footerQuickLinks, legalLinks } from './navigation';

export function SiteFooter() {
  const settings = useSiteSettings();
  if (!settings) return null;
  return (
    <footer className="bg-navy-950 text-navy-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <div className="flex items-center gap-3">
            <Crest />
            <p className="font-display text-lg font-semibold leading-snug text-white">
              {settings.shortName} <span className="text-gold-300">{settings.chapterName}</span>
            </p>
          </div>
          <p className="text-sm leading-relaxed text-navy-200">
            {settings.associationName}, {settings.chapterName} chapter. Keeping past pupils connected to each other and to the school.
          </p>
          <ul className="flex gap-3" aria-label="Social media">
            {settings.socialLinks.map((link) => (
              <li key={link.label}>
                <a
                  href={link.url}
                  {...(link.url.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})}
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-gold-400 hover:text-navy-950"
                  aria-label={link.label}
                >
                  <SocialIcon label={link.label} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-sans text-sm font-semibold uppercase tracking-wider text-gold-300">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-navy-100 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-gold-300">Contact Us</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-3">
              <MapPin className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden />
              <span className="whitespace-pre-line">{settings.contactAddress}</span>
            </p>
            <p className="flex gap-3">
              <Phone className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden />
              <a href={`tel:${settings.contactPhone.replace(/[^+\d]/g, '')}`} className="hover:text-white hover:underline">
                {settings.contactPhone}
              </a>
            </p>
            <p className="flex gap-3">
              <Mail className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden />
              <a href={`mailto:${settings.contactEmail}`} className="min-w-0 wrap-anywhere hover:text-white hover:underline">
                {settings.contactEmail}
              </a>
            </p>
          </address>
        </div>

        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-gold-300">Our Branches</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {settings.branchLinks.map((link) => (
              <li key={link.label}>
                <a href={link.url} target="_blank" rel="noreferrer" className="hover:text-white hover:underline">
                  {link.label} branch
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-navy-200 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © 2025 {settings.associationName} – {settings.chapterName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
