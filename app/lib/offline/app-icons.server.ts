import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AppLoadContext } from '@remix-run/node';
import type { Tenant } from '~/lib/tenant/schema';
import { logoMimeType, type IconLogo, type ManifestBrand } from './app-manifest';

/** What the manifest and the icons of one brand are drawn from, and their version. */
export interface BrandIconSource {
  brand: ManifestBrand;
  logo: IconLogo | null;
  /** Changes with anything the icons show: part of their addresses (cached for a year). */
  version: string;
}

/** Worked out once per tenant object (a reloaded tenant file is a new one). */
const sources = new WeakMap<Tenant, BrandIconSource>();

/**
 * The brand's manifest facts and logo (read from its content images as a data address; none when
 * the tenant has no logo or its file is missing or of an unknown type).
 */
export function brandIconSource(context: AppLoadContext): BrandIconSource {
  const tenant = context.tenant;
  const known = sources.get(tenant);
  if (known) return known;
  const brand: ManifestBrand = {
    name: tenant.retailerName,
    shortName: tenant.shortName,
    primary: tenant.theme.primary,
    secondary: tenant.theme.secondary,
  };
  let logo: IconLogo | null = null;
  const file = tenant.logo
    ? context.services.content.imageFile(tenant.sitePath, tenant.logo.src)
    : null;
  const type = file ? logoMimeType(file) : null;
  if (tenant.logo && file && type) {
    try {
      const bytes = fs.readFileSync(file);
      const size = { width: tenant.logo.width, height: tenant.logo.height };
      logo =
        type === 'image/svg+xml'
          ? { svg: bytes.toString('utf8'), ...size }
          : { dataUrl: `data:${type};base64,${bytes.toString('base64')}`, ...size };
    } catch {
      logo = null;
    }
  }
  const version = crypto
    .createHash('sha256')
    .update(JSON.stringify([brand, logo]))
    .digest('hex')
    .slice(0, 10);
  const source = { brand, logo, version };
  sources.set(tenant, source);
  return source;
}
