import { SiteLink } from './site-link';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { PhoneIcon } from '~/lib/ui/icons';
import { stackStyle } from '~/lib/ui/styles';

const styles = {
  card: sx({ bg: 'bg', color: 'fg', borderRadius: 'md', p: '4', shadow: 'sm' }),
  heading: sxRecipe('heading', { size: 'md' }, { mb: '2' }),
  lines: sx({ ...stackStyle, gap: '1' }),
  phone: sxRecipe(
    'link',
    { variant: 'plain' },
    { color: 'brand.fg', fontWeight: 'semibold', fontSize: 'lg' },
  ),
  hours: sx({ fontSize: 'sm', color: 'fg.muted' }),
  page: sxRecipe(
    'link',
    { variant: 'plain' },
    { color: 'brand.fg', textDecoration: 'underline', fontSize: 'sm' },
  ),
};

/** 'tel:' address of a displayed phone number: digits only, a leading + kept. */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${phone.replace(/\D/g, '')}`;
}

/** Customer service contact card: phone line, its hours, a link to the page. */
export function CustomerServiceCard({
  phone,
  hours = 'Mon-Fri 8 AM-5 PM MST',
  headingLevel = 'h2',
}: {
  phone: string;
  hours?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <section
      aria-labelledby="customer-service-card-heading"
      className={styles.card}
      data-testid="customer-service-card"
    >
      <Heading id="customer-service-card-heading" className={styles.heading}>
        Customer Service
      </Heading>
      <div className={styles.lines}>
        <a href={telHref(phone)} className={styles.phone}>
          <PhoneIcon size="1em" />
          {phone}
        </a>
        <p className={styles.hours}>{hours}</p>
        <SiteLink to="/customer-service" className={styles.page}>
          Contact customer service
        </SiteLink>
      </div>
    </section>
  );
}
