import { useLocation } from '@remix-run/react';
import { memo, Suspense, useEffect, useState, type ReactNode } from 'react';
import { LoginDialogProvider } from '~/accounts/login-dialog';
import { useRootData, type RootData } from './root-data';
import { isHidden, myRewardsLabel } from '~/lib/tenant/public';
import { sx } from '~/lib/theme/static-css';
import { noticeBarStyle } from '~/lib/ui/styles';
import { AppBar } from './app-bar';
import { CookieNotice, CookieNoticeSpacer } from './cookie-notice';
import { SiteFooter } from './footer';
import { footerSignupVisible } from './footer-signup';
import { barItems, drawerItems } from '~/content/menu-items';
import { NavDrawer } from './nav-drawer';
import { PopupPost, type PopupPostData } from './popup-post';
import { SiteBanner } from './site-banner';
import { SiteNavFallback } from './site-nav-fallback';
import { SkipLink } from './skip-link';
import { StickyBar } from './sticky-bar';
import { SystemBar } from './system-bar';
import { HomeStoreSnackbar } from '~/stores/home-store/snackbar';
import { StoreSelector } from '~/stores/home-store/store-selector';
import { useHydrated } from 'remix-utils/use-hydrated';
import { footerSignupSetup } from '~/newsletter/footer-setup';

/** Without JavaScript the accept-new-terms popup is a notice at the top of the page. */
function TermsNotice({ popup }: { popup: PopupPostData }) {
  return (
    <section className={styles.termsNotice} aria-label={popup.title || 'Terms'}>
      {popup.title ? <p className={styles.termsTitle}>{popup.title}</p> : null}
      <div dangerouslySetInnerHTML={{ __html: popup.html }} />
    </section>
  );
}

const styles = {
  termsNotice: sx({
    ...noticeBarStyle,
    '& a': { color: 'brand.fg', textDecoration: 'underline', fontWeight: 'semibold' },
  }),
  termsTitle: sx({ fontWeight: 'bold' }),
  root: sx({ colorPalette: 'brand', minH: '100vh', display: 'flex', flexDirection: 'column' }),
  main: sx({ flex: '1', _focus: { outline: 'none' } }),
};

/** Marks the page as interactive (end-to-end tests wait for it before using dialogs). */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * The page's own markup, in a Suspense boundary of its own: React hydrates the shell first, then
 * this boundary as separate work that yields to the browser every few milliseconds, instead of
 * one long task for the whole document (the blocking time a phone feels). Memoised on the page
 * element, so the shell's re-render at hydration (it turns its scripted pieces on) leaves the
 * boundary to hydrate on its own schedule. Nothing in it suspends on the client: the fallback is
 * never shown. The page is marked hydrated once this part is.
 */
const HydrateLater = memo(function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <HydratedMark />
    </Suspense>
  );
});

/**
 * The footer, hydrated after the shell like the page (see HydrateLater): memoised on the root
 * data and the path, the only things it depends on.
 */
const ShellFooter = memo(function ShellFooter({
  data,
  pathname,
}: {
  data: RootData;
  pathname: string;
}) {
  const { tenant, layout, homeStore, year } = data;
  const signup = footerSignupSetup({
    variant: tenant.newsletter.variant,
    homeLocations: layout.locations.filter((l) => !l.hiddenInHomeSelector),
    aceLocations: layout.aceLocations,
    homeStoreNumber: homeStore?.storeNumber ?? null,
  });
  const customerService =
    tenant.customerService && !isHidden(tenant, 'customer-service-card')
      ? { phone: tenant.customerService.phone, hours: tenant.customerService.hours }
      : null;
  return (
    <Suspense fallback={null}>
      <SiteFooter
        items={layout.menus.footer?.menu ?? []}
        embeds={layout.footerEmbeds}
        retailerName={tenant.retailerName}
        copyrightCredit={tenant.copyrightCredit}
        year={year}
        social={isHidden(tenant, 'social-links') ? null : tenant.social}
        surveyUrl={tenant.surveyUrl && !isHidden(tenant, 'survey') ? tenant.surveyUrl : null}
        customerService={customerService}
        adTrackingPixelUrl={
          tenant.analytics.adTrackingPixelUrl && !isHidden(tenant, 'ad-tracking-pixel')
            ? tenant.analytics.adTrackingPixelUrl
            : null
        }
        showSignup={signup !== null && footerSignupVisible(pathname, tenant)}
        signup={signup}
      />
    </Suspense>
  );
});

/**
 * The default layout (docs/reference/shell.md "What the shopper sees"), top to bottom: skip link,
 * system bar, app bar, sticky bar, navigation drawer, site banner, popup post, the page, cookie
 * notice, small-screen menu, footer. Every piece is chosen by the tenant's settings and the layout
 * content from the root loader; the pieces below take props only.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const data = useRootData();
  const location = useLocation();
  const hydrated = useHydrated();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // One thing at a time: the cookie notice waits while a popup is open (it would otherwise sit
  // at the bottom of the screen beside the popup's backdrop, competing for the first tap).
  const [popupOpen, setPopupOpen] = useState(false);
  const [cookieNoticeShown, setCookieNoticeShown] = useState(false);

  // Every route change closes the drawer (the search menu closes itself the same way).
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.key]);

  if (!data) {
    return (
      <main id="main" tabIndex={-1}>
        <HydrateLater>{children}</HydrateLater>
      </main>
    );
  }

  const { tenant, layout, homeStore, user } = data;
  // A shopper who must accept new terms gets the terms popup instead of the site popup, on every
  // page but the terms page itself (which gets neither).
  const termsPopup = location.pathname === '/account/terms' ? null : data.termsPopup;
  const sitePopup = data.termsPopup ? null : layout.popup;
  const redirectTo = location.pathname + location.search;
  const mainMenu = layout.menus.main?.menu ?? [];
  const mainTopMenu = layout.menus.mainTop?.menu ?? [];
  const drawerMenu = drawerItems(mainMenu);
  const homeChoices = layout.locations.filter((l) => !l.hiddenInHomeSelector);
  const drawerStores = tenant.features.drawerStoreSelector ? layout.locations : null;
  const showChooser = homeChoices.length > 1 && !isHidden(tenant, 'home-store-chooser');
  const showSystemBar =
    tenant.features.systemBar && tenant.systemBarText && !isHidden(tenant, 'system-bar');
  const showStickyBar =
    tenant.features.stickyBar && tenant.stickyBarText && !isHidden(tenant, 'sticky-bar');

  return (
    <LoginDialogProvider
      enabled={hydrated && !user}
      messageHtml={data.login?.messageHtml ?? null}
      subtitle={data.login?.subtitle ?? null}
    >
      <div className={styles.root}>
        <SkipLink />
        {showSystemBar ? <SystemBar text={tenant.systemBarText!} /> : null}
        <AppBar
          retailerName={tenant.retailerName}
          logo={tenant.logo}
          mainItems={barItems(mainMenu)}
          mainTopItems={barItems(mainTopMenu)}
          showSearch={!isHidden(tenant, 'search')}
          chooser={
            showChooser
              ? { locations: homeChoices, homeStore, redirectTo, signedIn: user !== null }
              : null
          }
          user={user}
          myRewards={user && !isHidden(tenant, 'my-rewards-button') ? myRewardsLabel(tenant) : null}
          hydrated={hydrated}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpen(true)}
        />
        {/* Right after the header: Tab from the store chooser reaches the snackbar. */}
        <HomeStoreSnackbar
          notice={data.storeNotice}
          savedStoreNumber={user?.savedStoreNumber ?? null}
          redirectTo={redirectTo}
        />
        {showStickyBar ? <StickyBar text={tenant.stickyBarText!} /> : null}
        {hydrated ? (
          <NavDrawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            items={drawerMenu}
            user={user}
            stores={drawerStores}
            homeStore={homeStore}
            redirectTo={redirectTo}
          />
        ) : null}
        {layout.banner ? <SiteBanner banner={layout.banner} /> : null}
        {termsPopup ? (
          hydrated ? (
            <PopupPost popup={termsPopup} onOpenChange={setPopupOpen} />
          ) : (
            <noscript>
              <TermsNotice popup={termsPopup} />
            </noscript>
          )
        ) : hydrated && sitePopup ? (
          <PopupPost popup={sitePopup} onOpenChange={setPopupOpen} />
        ) : null}
        <main id="main" className={styles.main} tabIndex={-1}>
          <HydrateLater>{children}</HydrateLater>
        </main>
        {hydrated && tenant.features.analytics ? (
          <CookieNotice
            dataLayerName={tenant.analytics.dataLayerName}
            hidden={popupOpen}
            onShownChange={setCookieNoticeShown}
          />
        ) : null}
        {/* Where the menu button points without JavaScript; with it, the drawer is the menu. */}
        {hydrated ? null : (
          <SiteNavFallback items={drawerMenu} user={user}>
            {drawerStores ? (
              <StoreSelector
                locations={drawerStores}
                homeStore={homeStore}
                redirectTo={redirectTo}
                user={user}
              />
            ) : null}
          </SiteNavFallback>
        )}
        <ShellFooter data={data} pathname={location.pathname} />
      </div>
      {/* After the page's full-height column: nothing on screen moves when it comes. */}
      {cookieNoticeShown ? <CookieNoticeSpacer /> : null}
    </LoginDialogProvider>
  );
}
