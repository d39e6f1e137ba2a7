import { z } from 'zod';
import { SYMBOLOGIES, whySymbologyUnfit } from '~/lib/barcode/symbology';
import { isTimeZone } from '@common/dates';
import { hiddenElementValues } from './public';

export { hiddenElementValues, isHidden, type HiddenElement } from './public';

/**
 * The tenant file: everything that differs between brands. A brand is one JSON file in tenants/;
 * no code compares a site path with a literal. Secrets never live here: a tenant names the
 * environment variable that holds each one (fields ending in `Env`).
 */

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #006993');
const sitePath = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be lower-case letters, digits and dashes');
const hostname = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'must be a lower-case host name without port',
  );
/** A path inside the site: starts with one '/', never '//' (that would leave the site). */
const sitePathname = z.string().regex(/^\/(?!\/)[^\s\\]*$/, "must be a path starting with '/'");
/** An image source: must start with '/'. */
const imageSrc = z.string().regex(/^\/(?!\/)\S*$/, "must start with '/'");
const httpsOrLocalUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) address');
/** 'shop@example.com' or 'Shop Name <shop@example.com>'; one line (it becomes a mail header). */
const mailbox = z
  .string()
  .regex(
    /^(?:[^<>\r\n"]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>"]+@[^\s@<>]+)$/,
    "must be an address like 'shop@example.com' or 'Shop <shop@example.com>'",
  );
const envName = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]*$/, 'must be the NAME of an environment variable (A-Z, 0-9, _)');

export const tenantSchema = z
  .object({
    $schema: z.string().optional(),
    /** Selects the brand's content folder (content/<sitePath>/). */
    sitePath,
    /** Host names (no port) that serve this brand. */
    hostnames: z.array(hostname).min(1, 'needs at least one host name'),
    /**
     * Public origin used for links in e-mails and canonical URLs. When absent (demo brands), it is
     * http://<first host name>:<PORT>.
     */
    canonicalOrigin: httpsOrLocalUrl
      .refine((v) => new URL(v).pathname === '/' && !new URL(v).search, 'must be an origin only')
      .optional(),
    retailerName: z.string().min(1),
    /** Shown after '{page} - ' in titles; defaults to retailerName. */
    siteTitle: z.string().min(1).optional(),
    /**
     * The name under the icon of the site installed as an app, at most 12 characters. Unset: the
     * retailer name when it fits, else its first word when that fits, else the name cut at 12.
     */
    shortName: z
      .string()
      .trim()
      .min(1)
      .max(12, 'must be at most 12 characters (the name under a home-screen icon)')
      .optional(),
    rewards: z
      .object({
        /** e.g. 'Perks' or 'Rewards'. */
        programName: z.string().min(1).default('Rewards'),
        /** Perks-branded brands say 'Perks' where others say 'Rewards' (About Perks, My Perks). */
        perksWording: z.boolean().default(false),
        /** Point thresholds; the points panel shows only when present. */
        tiers: z.array(z.number().int().positive()).default([]),
        logo: imageSrc.optional(),
        showSavings: z.boolean().default(false),
        /** Where a guest opening /rewards goes. */
        guestRedirect: z.enum(['/about-rewards', '/login']).default('/about-rewards'),
        /** Extra sentence under credits, e.g. 'You have 180 days to redeem your credit.' */
        creditNote: z.string().min(1).optional(),
        /**
         * How a reward whose offer is complete ('Redeem Now') is redeemed, shown under its bar with
         * a link to /about-rewards.
         */
        redeemHow: z
          .string()
          .min(1)
          .max(300)
          .default(
            'Your reward is ready: it comes off at the register the next time you scan your card or enter your phone number.',
          ),
        /** Registration and account show a reward-choice radio group. */
        rewardChoice: z.boolean().default(false),
        /** Relabel 'Fuel Rewards' as available at specific locations only. */
        fuelRewardsLabel: z.string().min(1).optional(),
        noPoints: z.boolean().default(false),
        /**
         * The charity page (/rewards/charity, docs/reference/rewards.md "Charity"): 'grouped' lists
         * every charity under its group (charityDescription); 'schools' is a school list searched
         * by name, district or ZIP.
         */
        charityPicker: z.enum(['grouped', 'schools']).default('grouped'),
      })
      .default({}),
    /**
     * The shopper's card as shown at the register (/card, and on /rewards and /account): the
     * barcode kind, and the length of the brand's card numbers when it is fixed. EAN-13 and
     * UPC-A hold only numbers of their length ending in a check digit, so they need `cardDigits`
     * to say so; a number that still does not fit is drawn in Code 128.
     */
    loyaltyCard: z
      .object({
        symbology: z.enum(SYMBOLOGIES).default('code128'),
        cardDigits: z.number().int().min(4).max(40).optional(),
      })
      .strict()
      .superRefine((card, ctx) => {
        const why = whySymbologyUnfit(card.symbology, card.cardDigits);
        if (why) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['symbology'], message: why });
      })
      .default({}),
    theme: z
      .object({
        primary: hexColor.default('#006993'),
        secondary: hexColor.default('#62cbc9'),
        /** Optional font stack for body and headings. */
        fontFamily: z.string().min(1).max(200).optional(),
      })
      .default({}),
    logo: z
      .object({
        src: imageSrc,
        alt: z.string().min(1),
        width: z.number().int().positive().max(600).default(160),
        height: z.number().int().positive().max(200).default(48),
      })
      .optional(),
    favicon: imageSrc.optional(),
    /** Survey dialog address (survey shown only when set). */
    surveyUrl: httpsOrLocalUrl.optional(),
    social: z
      .object({
        facebook: httpsOrLocalUrl.optional(),
        twitter: httpsOrLocalUrl.optional(),
        instagram: httpsOrLocalUrl.optional(),
        pinterest: httpsOrLocalUrl.optional(),
        youtube: httpsOrLocalUrl.optional(),
        snapchat: httpsOrLocalUrl.optional(),
      })
      .default({}),
    /** Copyright line credit after the year and retailer. */
    copyrightCredit: z.string().min(1).default('Member of a food-distribution cooperative'),
    customerService: z
      .object({
        phone: z.string().min(7),
        hours: z.string().min(1).default('Mon-Fri 8 AM-5 PM MST'),
        email: z.string().email().optional(),
      })
      .optional(),
    menus: z
      .object({
        /** Menu slugs shown in the app bar, the extension row and the footer. */
        main: z.string().min(1).nullable().default('main'),
        mainTop: z.string().min(1).nullable().default('main-top'),
        footer: z.string().min(1).nullable().default('footer'),
      })
      .default({}),
    hiddenElements: z.array(z.enum(hiddenElementValues)).default([]),
    /** Footer signup is hidden on these first path segments (docs/reference/shell.md "Footer"). */
    footerSignupHiddenOn: z
      .array(z.string().min(1))
      .default([
        'contact-us',
        'customer-service',
        'privacy-practices',
        'privacy',
        'ace',
        'pharmacy',
        'citrus-pear',
      ]),
    features: z
      .object({
        systemBar: z.boolean().default(false),
        stickyBar: z.boolean().default(false),
        /** Cookie notice and analytics data layer. */
        analytics: z.boolean().default(true),
        /** Store selector inside the navigation drawer. */
        drawerStoreSelector: z.boolean().default(false),
        storeCarousel: z.boolean().default(false),
        postCategoriesAs: z.enum(['tabs', 'aside']).default('tabs'),
      })
      .default({}),
    systemBarText: z.string().min(1).optional(),
    stickyBarText: z.string().min(1).optional(),
    registration: z
      .object({
        addressHidden: z.boolean().default(false),
        zipOptional: z.boolean().default(false),
        /** 'How did you hear about our rewards program?' */
        organizationQuestion: z.boolean().default(false),
        birthdayHint: z.string().min(1).optional(),
        loginSubtitle: z.string().min(1).optional(),
        /**
         * Registration bot check. Unset: reCAPTCHA v3 when services.recaptcha is configured, else
         * the honeypot. A production start refuses a brand that has no reCAPTCHA keys unless
         * this says 'honeypot' explicitly.
         */
        botCheck: z.enum(['recaptcha', 'honeypot']).optional(),
      })
      .default({}),
    stores: z
      .object({
        /** Index into the visible locations of the default home store (e.g. 4 = fifth). */
        defaultLocationIndex: z.number().int().min(0).optional(),
      })
      .default({}),
    /**
     * The e-mail sign-ups (docs/reference/newsletter.md). Addresses are the provider's subscribe
     * endpoints (a Mailchimp `…/subscribe/post-json?u=…&id=…` keeps its query; the fields are added
     * to it); unset, the in-process reference mailing list's `{sitePath}`, `{sitePath}-ace` and
     * `{sitePath}-pharmacy` lists.
     */
    newsletter: z
      .object({
        /** 'ace': the footer sign-up asks for an Ace location (content aceLocations). */
        variant: z.enum(['standard', 'ace']).default('standard'),
        subscribeUrl: httpsOrLocalUrl.optional(),
        aceSubscribeUrl: httpsOrLocalUrl.optional(),
        pharmacySubscribeUrl: httpsOrLocalUrl.optional(),
        /**
         * The variable holding the key of a provider that asks for one (the reference mailing list
         * run alone): sent as X-Api-Key on this brand's sign-up calls.
         */
        apiKeyEnv: envName.optional(),
        /**
         * The pharmacy dialog's store options after 'SELECT STORE', in order; the token '{product}'
         * stands for the retailer's name in capitals. A duplicate is shown once. Unset: the
         * brand's own stores (its visible locations), so no brand offers another chain's by
         * default.
         */
        pharmacyStores: z.array(z.string().trim().min(1).max(100)).min(1).max(50).optional(),
        /** Label of the pharmacy dialog's optional agreement checkbox (a sensible default when unset). */
        pharmacyAgreement: z.string().trim().min(1).max(500).optional(),
        /**
         * What a sign-up sends the shopper: 'double-opt-in' holds the sign-up and mails a link to
         * confirm it (the provider is called once the shopper confirms); 'welcome' subscribes at
         * once and mails a welcome with a link to manage the subscription. Unset: 'welcome'.
         */
        confirmation: z.enum(['double-opt-in', 'welcome']).optional(),
      })
      .default({}),
    /**
     * Sender of the brand's e-mails (password reset). Default from: no-reply@<canonical host>
     * with the retailer name; no Reply-To.
     */
    mail: z
      .object({
        from: mailbox.optional(),
        replyTo: mailbox.optional(),
        /**
         * A raster logo (PNG, JPEG or GIF, a path of the site) for the top of the brand's e-mails;
         * unset, the retailer's name in the brand's colour. The site's SVG logo is not used there:
         * Gmail and Outlook do not show SVG images.
         */
        logo: z
          .object({
            src: imageSrc.regex(/\.(?:png|jpe?g|gif)$/i, 'must be a PNG, JPEG or GIF file'),
            alt: z.string().min(1),
            width: z.number().int().positive().max(600).default(160),
            height: z.number().int().positive().max(200).default(48),
          })
          .strict()
          .optional(),
      })
      .default({}),
    /**
     * Reminder e-mails (docs/reference/reminders.md): whether a shopper who never chose gets each
     * kind, and when the day's digest goes out (the hour on the brand's own clock).
     */
    reminders: z
      .object({
        /** Default for 'clipped coupons end soon' when the shopper has not chosen. */
        couponsExpiring: z.boolean().default(false),
        /** Default for 'your reward is ready' (a tier reached, a credit about to expire). */
        rewardsReady: z.boolean().default(false),
        /** Local hour (0-23) at which the day's reminders are sent. */
        sendHour: z.number().int().min(0).max(23).default(9),
        /** The brand's clock: dates and the send hour are read in this IANA time zone. */
        timeZone: z
          .string()
          .refine(isTimeZone, "must be an IANA time zone like 'America/Denver'")
          .default('America/Denver'),
      })
      .default({}),
    /** Path a shopper goes to after logging in from /login or /register. */
    afterLogIn: sitePathname.optional(),
    /** Origins allowed to frame this brand's pages (CSP frame-ancestors); none by default. */
    frameAncestors: z.array(httpsOrLocalUrl).default([]),
    analytics: z
      .object({
        /** Data-layer name pushed to after each route change. */
        dataLayerName: z
          .string()
          .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/)
          .default('dataLayer'),
        adTrackingPixelUrl: httpsOrLocalUrl.optional(),
      })
      .default({}),
    /** Outside services: addresses are public; secrets are named by environment variable. */
    services: z
      .object({
        loyalty: z
          .object({
            appId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
            basicCredentialEnv: envName.optional(),
            bearerTokenEnv: envName.optional(),
          })
          .optional(),
        adviewer: z.object({ url: httpsOrLocalUrl, defaultPage: z.string().min(1) }).optional(),
        weeklyAdExternalUrl: httpsOrLocalUrl.optional(),
        /**
         * Single sign-on for partner sites (docs/sso-api.md). `url`: the retailer's identity
         * provider; unset, the reference provider started in-process. `clients`: the partner
         * clients registered there for this brand (public clients with PKCE: no secret), which
         * the site checks an `oauth` parameter against before it shows anything.
         */
        sso: z
          .object({
            url: httpsOrLocalUrl.optional(),
            /** The variable holding the provider's key, sent as X-Api-Key on the site's calls. */
            apiKeyEnv: envName.optional(),
            /**
             * The provider takes tokens only in the address (`?refresh_token=`, a GET
             * revoketoken): the contract's first form. Default false: JSON bodies.
             */
            tokensInQuery: z.boolean().optional(),
            clients: z
              .array(
                z
                  .object({
                    clientId: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
                    /** Shown to the shopper: 'Sign in to continue to {name}'. */
                    name: z.string().min(1).max(80),
                    /** Matched exactly (no prefix, no wildcard). */
                    redirectUris: z.array(httpsOrLocalUrl).min(1).max(10),
                    postLogoutRedirectUris: z.array(httpsOrLocalUrl).max(10).default([]),
                    /** Scopes the partner may ask for. */
                    scopes: z
                      .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,64}$/))
                      .max(20)
                      .default(['openid', 'profile', 'email', 'offline_access']),
                  })
                  .strict(),
              )
              .max(50)
              .default([]),
          })
          .strict()
          .optional(),
        recaptcha: z
          .object({
            siteKey: z.string().min(1),
            secretKeyEnv: envName,
            /** Lowest reCAPTCHA v3 score accepted (0 = bot … 1 = human). */
            minScore: z.number().min(0).max(1).default(0.5),
          })
          .optional(),
        maps: z.object({ apiKeyEnv: envName }).optional(),
        adStudio: z.object({ url: httpsOrLocalUrl }).optional(),
      })
      .default({}),
  })
  .strict();

export type TenantInput = z.input<typeof tenantSchema>;
export type TenantConfig = z.output<typeof tenantSchema>;

/** A loaded tenant: its validated config plus derived values. */
export interface Tenant extends TenantConfig {
  /** Resolved canonical origin (never from the Host header). */
  origin: string;
  /** Title suffix. */
  title: string;
  /** File the tenant came from (for logs). */
  file: string;
}

/** Formats the first zod issue as `field.path: message` for logs and tenants:check. */
export function describeTenantError(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}
