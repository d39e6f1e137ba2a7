/**
 * The demo catalogue of the reference ad viewer: realistic grocery items, each with the image value
 * its ad components name. Image files live in `images/` (made once by make-images.ts); `ext` says
 * which file exists, and a few items only have a .jpg so a client's png-then-jpg fallback has
 * something to do.
 */

export type Category = 'Produce' | 'Meat' | 'Dairy' | 'Bakery' | 'Pantry' | 'Frozen' | 'Drinks';

export interface CatalogueItem {
  /** The image value as the ad names it (mixed case: clients lowercase it). */
  image: string;
  ext: 'png' | 'jpg';
  name: string;
  category: Category;
  price: string;
  unit: 'lb' | 'ea' | '';
  description: string;
  healthy?: string;
  custom?: string;
  /** Background of the image (a flat illustration). */
  color: string;
}

const item = (
  category: Category,
  name: string,
  price: string,
  unit: CatalogueItem['unit'],
  description: string,
  color: string,
  extra: Partial<Pick<CatalogueItem, 'healthy' | 'custom' | 'ext'>> = {},
): CatalogueItem => ({
  image: `${category}-${name.replace(/[^A-Za-z0-9]+/g, '')}`,
  ext: extra.ext ?? 'png',
  name,
  category,
  price,
  unit,
  description,
  color,
  ...(extra.healthy ? { healthy: extra.healthy } : {}),
  ...(extra.custom ? { custom: extra.custom } : {}),
});

export const CATALOGUE: readonly CatalogueItem[] = [
  item('Produce', 'Bananas', '$0.59', 'lb', 'Sweet and ripe, sold by the pound', '#f7d94c', {
    healthy: 'Heart Healthy',
  }),
  item('Produce', 'Honeycrisp Apples', '$1.99', 'lb', 'Crisp Washington apples', '#d9434b', {
    healthy: 'Heart Healthy',
  }),
  item('Produce', 'Strawberries', '2/$5', 'ea', '1 lb clamshell', '#e0384f', {
    healthy: 'Good Source of Vitamin C',
    custom: 'Limit 4',
  }),
  item('Produce', 'Avocados', '4/$5', 'ea', 'Large Hass avocados', '#4f7d2c', { ext: 'jpg' }),
  item('Produce', 'Romaine Hearts', '$2.99', 'ea', '3 count package', '#6fae3f', {
    healthy: 'Low Calorie',
  }),
  item('Produce', 'Russet Potatoes', '$3.49', 'ea', '10 lb bag', '#b58b5a'),
  item('Produce', 'Yellow Onions', '$0.89', 'lb', 'Sweet yellow onions', '#d9a441'),
  item('Produce', 'Baby Carrots', '2/$3', 'ea', '1 lb bag', '#f08a24', {
    healthy: 'Good Source of Fiber',
  }),
  item('Produce', 'Red Grapes', '$1.79', 'lb', 'Seedless, California grown', '#7d2f62', {
    ext: 'jpg',
  }),
  item('Produce', 'Navel Oranges', '$1.29', 'lb', 'Juicy and sweet', '#f59a1b', {
    healthy: 'Good Source of Vitamin C',
  }),
  item('Produce', 'Blueberries', '$3.99', 'ea', '1 pint', '#3d4f9c', {
    custom: 'While supplies last',
  }),
  item('Meat', 'Ground Beef', '$4.99', 'lb', '80% lean, family pack', '#b23a3a', {
    custom: 'Family pack only',
  }),
  item('Meat', 'Chicken Breasts', '$2.49', 'lb', 'Boneless, skinless', '#e8b4a0', {
    healthy: 'Lean Protein',
  }),
  item('Meat', 'Pork Chops', '$3.29', 'lb', 'Bone-in, center cut', '#d98a7a', { ext: 'jpg' }),
  item('Meat', 'Atlantic Salmon', '$8.99', 'lb', 'Fresh fillets', '#f08a6c', {
    healthy: 'Heart Healthy',
  }),
  item('Meat', 'Sliced Bacon', '2/$9', 'ea', '12 oz package', '#a8463a', { custom: 'Limit 4' }),
  item('Meat', 'Beef Ribeye Steak', '$10.99', 'lb', 'USDA Choice, boneless', '#8c2f2f'),
  item('Meat', 'Turkey Deli Meat', '$5.99', 'lb', 'Oven roasted, sliced to order', '#e3c4a8', {
    ext: 'jpg',
  }),
  item('Dairy', 'Whole Milk', '$2.79', 'ea', '1 gallon', '#dfe9f3'),
  item('Dairy', 'Large Eggs', '$2.99', 'ea', 'Grade A, 18 count', '#f3e6c8', {
    custom: 'Limit 2',
  }),
  item('Dairy', 'Cheddar Cheese', '2/$6', 'ea', '8 oz block or shredded', '#f2b33d'),
  item('Dairy', 'Greek Yogurt', '10/$10', 'ea', '5.3 oz cups, assorted', '#9cc3e6', {
    healthy: 'High Protein',
  }),
  item('Dairy', 'Butter', '$3.99', 'ea', '1 lb, salted or unsalted', '#f6df7c', { ext: 'jpg' }),
  item('Dairy', 'Cottage Cheese', '$2.49', 'ea', '24 oz tub', '#e9eef2'),
  item('Bakery', 'Sourdough Bread', '$3.49', 'ea', 'Baked fresh in store', '#c99a5b'),
  item('Bakery', 'Bagels', '2/$6', 'ea', '6 count, assorted', '#d7a86e'),
  item('Bakery', 'Chocolate Chip Cookies', '$4.99', 'ea', '12 count', '#8a5a3b', {
    custom: 'Made fresh daily',
  }),
  item('Bakery', 'Whole Wheat Bread', '$2.99', 'ea', '24 oz loaf', '#a97843', {
    healthy: 'Whole Grain',
    ext: 'jpg',
  }),
  item('Pantry', 'Spaghetti', '5/$5', 'ea', '16 oz box', '#e8c35a', { custom: 'Mix or match' }),
  item('Pantry', 'Pasta Sauce', '2/$5', 'ea', '24 oz jar, select varieties', '#c1392b'),
  item('Pantry', 'Peanut Butter', '$2.99', 'ea', '16 oz jar', '#b9793a'),
  item('Pantry', 'Cereal', '3/$10', 'ea', '10-14 oz, select varieties', '#3f7fc1', {
    custom: 'Limit 6',
  }),
  item('Pantry', 'Canned Black Beans', '$0.99', 'ea', '15 oz can', '#3a3a44', {
    healthy: 'Good Source of Fiber',
  }),
  item('Pantry', 'Long Grain Rice', '$4.49', 'ea', '5 lb bag', '#efe8d6'),
  item('Pantry', 'Potato Chips', '2/$6', 'ea', '8 oz bag, select varieties', '#f2c230', {
    ext: 'jpg',
  }),
  item('Frozen', 'Frozen Pizza', '3/$12', 'ea', '12 inch, select varieties', '#d9553b', {
    custom: 'Limit 4',
  }),
  item('Frozen', 'Ice Cream', '2/$7', 'ea', '48 oz carton', '#f5c6d6'),
  item('Frozen', 'Frozen Vegetables', '$1.25', 'ea', '12 oz steam bag', '#5aa05a', {
    healthy: 'No Salt Added',
  }),
  item('Drinks', 'Orange Juice', '$3.99', 'ea', '52 oz, not from concentrate', '#f7a23b'),
  item('Drinks', 'Sparkling Water', '3/$12', 'ea', '12 pack cans', '#7fc7d9', {
    healthy: 'Zero Calories',
  }),
  item('Drinks', 'Ground Coffee', '$7.99', 'ea', '24 oz canister', '#5a3b2a', { ext: 'jpg' }),
];

/** The banner of a flyer: a theme image with a line of custom text and no product details. */
export const THEME_IMAGE = { image: 'Theme-WeeklySavings', ext: 'png' as const, color: '#006993' };

/** The image files the service serves: lowercase file name → its item. */
export function imageFiles(): Map<string, { name: string; color: string }> {
  const files = new Map<string, { name: string; color: string }>();
  for (const entry of CATALOGUE) {
    files.set(`${entry.image.toLowerCase()}.${entry.ext}`, {
      name: entry.name,
      color: entry.color,
    });
  }
  files.set(`${THEME_IMAGE.image.toLowerCase()}.${THEME_IMAGE.ext}`, {
    name: 'Weekly Savings',
    color: THEME_IMAGE.color,
  });
  return files;
}
