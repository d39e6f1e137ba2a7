/** The catalog's products, flattened, for coupons and receipt lines. */
import { CATALOG } from '../seed-data';

export interface Product {
  category: (typeof CATALOG)[number];
  brand: string;
  name: string;
  priceCents: number;
}

export const PRODUCTS: Product[] = CATALOG.flatMap((category) =>
  category.brands.flatMap((brand) =>
    brand.products.map(([name, priceCents]) => ({
      category,
      brand: brand.name,
      name,
      priceCents,
    })),
  ),
);

/** A coupon or credit value as shoppers read it: '25¢', '$1.50'. */
export function formatValue(value: number): string {
  return value < 1 ? `${Math.round(value * 100)}¢` : `$${value.toFixed(2)}`;
}
