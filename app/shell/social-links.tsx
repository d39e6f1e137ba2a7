import { sx } from '~/lib/theme/static-css';
import { socialIcons } from '~/lib/ui/icons';
import { hstackStyle, srOnly } from '~/lib/ui/styles';

export const socialNetworks = [
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
  ['instagram', 'Instagram'],
  ['pinterest', 'Pinterest'],
  ['youtube', 'YouTube'],
  ['snapchat', 'Snapchat'],
] as const;

export type SocialPages = Partial<Record<(typeof socialNetworks)[number][0], string>>;

const styles = {
  list: sx({ ...hstackStyle, gap: '2', flexWrap: 'wrap', listStyleType: 'none' }),
  link: sx({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSize: '10',
    borderRadius: 'full',
    bg: 'whiteAlpha.200',
    color: 'inherit',
    _hover: { bg: 'whiteAlpha.300' },
    focusVisibleRing: 'outside',
    focusRingColor: 'currentColor',
  }),
};

/** The brand's social pages as icon links; each opens in a new tab and says so. */
export function SocialLinks({ social }: { social: SocialPages }) {
  const links = socialNetworks.filter(([key]) => social[key]);
  if (links.length === 0) return null;
  return (
    <ul className={styles.list} data-testid="social-links">
      {links.map(([key, name]) => {
        const Icon = socialIcons[key];
        return (
          <li key={key}>
            <a href={social[key]} target="_blank" rel="noopener noreferrer" className={styles.link}>
              <Icon size="1.25em" />
              <span className={srOnly}>{name} (opens in a new tab)</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
