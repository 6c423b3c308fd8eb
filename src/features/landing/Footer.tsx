/**
 * The public footer (spec section 2): product, company and contact columns, social links, the
 * address linking to a map, tel and mailto links, the app store and demo video links, the policies,
 * and the delete-account link to /login?action=deleteAccount. About, Careers and Home go to /home.
 */
import { Link } from 'react-router';
import { KakshaMark, MailIcon, MapPinIcon, PhoneIcon, PlayIcon, SocialGlyph, StoreIcon } from './icons';
import { site } from './site';
import type { LandingTexts } from './texts';

export function Footer({ texts }: { texts: LandingTexts }) {
  const footer = texts.footer;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <footer className="lp-footer">
      <div className="lp-container lp-footer-grid">
        <div className="lp-footer-brand">
          <Link to="/home" className="lp-brand lp-brand-light" aria-label={texts.nav.homeLabel}>
            <KakshaMark />
            <span aria-hidden="true">Kaksha</span>
          </Link>
          <p>{footer.tagline}</p>
          <h2 className="lp-footer-heading">{footer.getApp}</h2>
          <ul className="lp-footer-list">
            <li>
              <a href={site.appStoreUrl} {...external}>
                <StoreIcon />
                {footer.appStore}
                <span className="visually-hidden"> {footer.newTab}</span>
              </a>
            </li>
            <li>
              <a href={site.demoVideoUrl} {...external}>
                <PlayIcon />
                {footer.demoVideo}
                <span className="visually-hidden"> {footer.newTab}</span>
              </a>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 className="lp-footer-heading" id="footer-product">
            {footer.product}
          </h2>
          <ul className="lp-footer-list">
            <li>
              <a href="#features">{footer.links.features}</a>
            </li>
            <li>
              <a href="#benefits">{footer.links.benefits}</a>
            </li>
            <li>
              <a href="#how-it-works">{footer.links.howItWorks}</a>
            </li>
            <li>
              <a href="#faq">{footer.links.faq}</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 className="lp-footer-heading" id="footer-company">
            {footer.company}
          </h2>
          <ul className="lp-footer-list">
            <li>
              <Link to="/home">{footer.links.about}</Link>
            </li>
            <li>
              <Link to="/home">{footer.links.careers}</Link>
            </li>
            <li>
              <Link to="/home">{footer.links.home}</Link>
            </li>
            <li>
              <a href="#contact">{footer.links.contact}</a>
            </li>
          </ul>
        </nav>
        <div className="lp-footer-contact">
          <h2 className="lp-footer-heading">{footer.contact}</h2>
          <address className="lp-footer-list">
            <a href={site.mapUrl} {...external} aria-label={footer.mapLabel(site.address)}>
              <MapPinIcon />
              {site.address}
            </a>
            <a href={site.phoneHref} aria-label={`${footer.phone}: ${site.phone}`}>
              <PhoneIcon />
              {site.phone}
            </a>
            <a href={site.emailHref} aria-label={`${footer.email}: ${site.email}`}>
              <MailIcon />
              {site.email}
            </a>
          </address>
          <h2 className="lp-footer-heading">{footer.follow}</h2>
          <ul className="lp-social">
            {site.social.map((social) => (
              <li key={social.id}>
                <a href={social.url} {...external} aria-label={`${social.name} ${footer.newTab}`} title={social.name}>
                  <SocialGlyph id={social.id} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="lp-container lp-footer-bottom">
        <p>{footer.copyright(new Date().getFullYear())}</p>
        <nav aria-label={footer.legal}>
          <ul>
            <li>
              <Link to="/privacy-policy">{footer.privacy}</Link>
            </li>
            <li>
              <Link to="/terms-of-service">{footer.terms}</Link>
            </li>
            <li>
              <Link to="/login?action=deleteAccount">{footer.deleteAccount}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
