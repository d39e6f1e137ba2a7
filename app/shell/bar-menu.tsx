import type { MenuItem } from '~/content/source/types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { Disclosure, disclosureLinkStyle, disclosureSummaryStyle } from './disclosure';
import { itemKey } from '~/content/menu-items';
import { SiteLink } from './site-link';
import { hstackStyle } from '~/lib/ui/styles';

/** Top-level links and group summaries, on the brand colour ('solid') or its pale tint. */
function topStyle(onSolid: boolean) {
  return {
    display: 'inline-flex',
    px: '3',
    py: '2',
    fontWeight: 'semibold',
    color: onSolid ? 'brand.contrast' : 'fg',
    focusRingColor: onSolid ? 'brand.contrast' : 'brand.solid',
    _hover: { textDecoration: 'underline' },
  } as const;
}

const list = { ...hstackStyle, listStyleType: 'none', gap: '0', flexWrap: 'wrap' } as const;

const styles = {
  list: sx(list),
  listSmall: sx({ ...list, fontSize: 'sm' }),
  solid: {
    link: sxRecipe('link', { variant: 'plain' }, topStyle(true)),
    summary: sx({ ...disclosureSummaryStyle, ...topStyle(true) }),
  },
  subtle: {
    link: sxRecipe('link', { variant: 'plain' }, topStyle(false)),
    summary: sx({ ...disclosureSummaryStyle, ...topStyle(false) }),
  },
  dropList: sx({ listStyleType: 'none' }),
  dropLink: sxRecipe(
    'link',
    { variant: 'plain' },
    {
      ...disclosureLinkStyle,
      borderRadius: '0',
      _hover: { bg: 'bg.muted', textDecoration: 'none' },
    },
  ),
};

/**
 * A horizontal menu for the app bar ('main') or its extension row ('main-top'). A group with
 * children is a disclosure listing its links (and its own link first, when it has one).
 */
export function BarMenu({
  items,
  label,
  tone = 'solid',
  fontSize,
}: {
  items: MenuItem[];
  /** Accessible name of the <nav> landmark. */
  label: string;
  /** 'solid': on the brand colour; 'subtle': on the pale brand tint. */
  tone?: 'solid' | 'subtle';
  /** 'sm': smaller text (the extension row). */
  fontSize?: 'sm';
}) {
  if (items.length === 0) return null;
  const toned = styles[tone];
  return (
    <nav aria-label={label}>
      <ul className={fontSize === 'sm' ? styles.listSmall : styles.list}>
        {items.map((item, i) => (
          <li key={itemKey(item, i)}>
            {item.children.length > 0 ? (
              <Disclosure label={item.label} summaryClassName={toned.summary}>
                <ul className={styles.dropList}>
                  {item.to ? (
                    <li>
                      <DropLink to={item.to}>{item.label}</DropLink>
                    </li>
                  ) : null}
                  {item.children.map((child, j) =>
                    child.to ? (
                      <li key={itemKey(child, j)}>
                        <DropLink to={child.to}>{child.label}</DropLink>
                      </li>
                    ) : null,
                  )}
                </ul>
              </Disclosure>
            ) : item.to ? (
              <SiteLink to={item.to} className={toned.link}>
                {item.label}
              </SiteLink>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DropLink({ to, children }: { to: string; children: string }) {
  return (
    <SiteLink to={to} className={styles.dropLink}>
      {children}
    </SiteLink>
  );
}
