import type { MenuItem } from '~/content/source/types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { CustomerServiceCard } from './customer-service-card';
import { itemKey } from '~/content/menu-items';
import { SiteLink } from './site-link';
import { SocialLinks, type SocialPages } from './social-links';
import { columnThenRowStyle, stackStyle } from '~/lib/ui/styles';
import { SurveyLink } from './survey-link';
import { FooterSignup } from '~/newsletter/footer-signup';
import { FormDialogLink } from '~/forms/form-dialog';
import type { SignupSetup } from '~/newsletter/types';

export { footerSignupVisible } from './footer-signup';

export interface SiteFooterProps {
  /** The 'footer' menu: each top-level group is a column. */
  items: MenuItem[];
  /** Embedded page HTML by slug (menu item `post`), sanitised by the content service. */
  embeds: Record<string, string>;
  retailerName: string;
  copyrightCredit: string;
  year: number;
  /** Null when social links are hidden. */
  social: SocialPages | null;
  /** Null when there is no survey or it is hidden. */
  surveyUrl: string | null;
  /** Null when the card is hidden or the brand has no phone line. */
  customerService: { phone: string; hours: string } | null;
  /** Null when there is no pixel or it is hidden. */
  adTrackingPixelUrl: string | null;
  /** Whether the e-mail signup area shows on this page. */
  showSignup: boolean;
  /**
   * The signup dialog's form (choices, home store); without it the footer's form still posts
   * the address to the sign-up page.
   */
  signup?: SignupSetup | null;
}

const styles = {
  footer: sx({ bg: 'brand.solid', color: 'brand.contrast', position: 'relative' }),
  inner: sx({ maxW: '7xl', mx: 'auto', px: '4', py: '10' }),
  columns: sx({ display: 'flex', flexDirection: { base: 'column', lg: 'row' }, gap: '8' }),
  nav: sx({
    display: 'grid',
    gridTemplateColumns: {
      base: 'repeat(1, minmax(0, 1fr))',
      sm: 'repeat(2, minmax(0, 1fr))',
      md: 'repeat(3, minmax(0, 1fr))',
    },
    flex: '1',
    gap: '8',
  }),
  list: sx({ ...stackStyle, listStyleType: 'none', gap: '2' }),
  card: sx({ w: { lg: '18rem' }, flexShrink: 0 }),
  bottom: sx({
    ...columnThenRowStyle('flex-start', 'center'),
    justifyContent: 'space-between',
    mt: '10',
    pt: '6',
    borderTopWidth: '1px',
    borderColor: 'currentColor/30',
    gap: '4',
  }),
  extras: sx({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '6' }),
  copyright: sx({ fontSize: 'sm' }),
  pixel: sx({ position: 'absolute', bottom: '0', insetStart: '0' }),
  heading: sxRecipe(
    'heading',
    { size: 'sm' },
    { mb: '3', textTransform: 'uppercase', letterSpacing: 'wide' },
  ),
  embed: sx({
    '& p': { mb: '2' },
    '& a': { color: 'inherit', textDecoration: 'underline' },
    '& a:focus-visible': { outline: '2px solid currentColor', outlineOffset: '2px' },
    '& img': { maxW: 'full', h: 'auto' },
    fontSize: 'sm',
  }),
  link: sxRecipe(
    'link',
    { variant: 'plain' },
    {
      color: 'inherit',
      focusRingColor: 'currentColor',
      _hover: { textDecoration: 'underline' },
    },
  ),
};

/** Site footer (docs/reference/shell.md "Footer"). */
export function SiteFooter(props: SiteFooterProps) {
  const { items, embeds } = props;
  const groups = items.filter((i) => i.children.length > 0 || i.post);
  const loose = items.filter((i) => i.children.length === 0 && !i.post && i.to);
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        {props.showSignup ? (
          <div data-slot="footer-signup">
            <FooterSignup setup={props.signup ?? null} />
          </div>
        ) : null}
        <div className={styles.columns}>
          <nav aria-label="Footer" className={styles.nav}>
            {groups.map((group, i) => (
              <FooterColumn key={itemKey(group, i)} group={group} embeds={embeds} />
            ))}
            {loose.length > 0 ? (
              <ul className={styles.list}>
                {loose.map((item, i) => (
                  <li key={itemKey(item, i)}>
                    <FooterItemLink item={item} />
                  </li>
                ))}
              </ul>
            ) : null}
          </nav>
          {props.customerService ? (
            <div className={styles.card}>
              <CustomerServiceCard
                phone={props.customerService.phone}
                hours={props.customerService.hours}
              />
            </div>
          ) : null}
        </div>
        <div className={styles.bottom}>
          <div className={styles.extras}>
            {props.social ? <SocialLinks social={props.social} /> : null}
            {props.surveyUrl ? <SurveyLink url={props.surveyUrl} /> : null}
          </div>
          <p className={styles.copyright} data-testid="copyright">
            {`© ${props.year} ${props.retailerName}. ${props.copyrightCredit}`}
          </p>
        </div>
      </div>
      {props.adTrackingPixelUrl ? (
        <img
          src={props.adTrackingPixelUrl}
          alt=""
          width={1}
          height={1}
          className={styles.pixel}
          data-testid="ad-tracking-pixel"
        />
      ) : null}
    </footer>
  );
}

function FooterColumn({ group, embeds }: { group: MenuItem; embeds: Record<string, string> }) {
  const ownEmbed = group.post ? embeds[group.post] : undefined;
  return (
    <div>
      <h2 className={styles.heading}>
        {group.to ? <FooterLink to={group.to}>{group.label}</FooterLink> : group.label}
      </h2>
      {ownEmbed ? (
        <div className={styles.embed} dangerouslySetInnerHTML={{ __html: ownEmbed }} />
      ) : null}
      {group.children.length > 0 ? (
        <ul className={styles.list}>
          {group.children.map((item, i) => {
            const embed = item.post ? embeds[item.post] : undefined;
            return (
              <li key={itemKey(item, i)}>
                {item.to ? <FooterItemLink item={item} /> : null}
                {embed ? (
                  <div className={styles.embed} dangerouslySetInnerHTML={{ __html: embed }} />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A footer menu item: a link, or for an item that opens a content form (menu item `form`, e.g. the
 * ad-request form) a button opening it in a dialog, the link to the form's page without
 * JavaScript.
 */
function FooterItemLink({ item }: { item: MenuItem }) {
  if (item.form && item.to) {
    return (
      <FormDialogLink slug={item.form} to={item.to} className={styles.link}>
        {item.label}
      </FormDialogLink>
    );
  }
  return item.to ? <FooterLink to={item.to}>{item.label}</FooterLink> : null;
}

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <SiteLink to={to} className={styles.link}>
      {children}
    </SiteLink>
  );
}
